// The demo slots of a window of weeks as the section shows them: loading, the error with a retry, or the list by
// start time. A slot the API answered after a change replaces its old self in place (or joins the list).
import { useCallback, useMemo, useState } from "react";
import { toApiTime } from "#app/lib/demo-time";
import type { StaffDemoSlot } from "#app/lib/api-schema";
import { useTokenSource } from "../../kit/api/token";
import { useLoad } from "../../kit/hooks/use-load";
import { listSlots } from "../api/demo";

const DAY_MS = 24 * 60 * 60 * 1000;
/** The window the list shows: from two days back (attendance is marked after the class) for four weeks and a bit. */
export const WINDOW_DAYS = 31;
const BACK_DAYS = 2;
export const STEP_DAYS = 28;

export const byStart = (slots: StaffDemoSlot[]) => [...slots].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));

export function windowFrom(now: number, shiftDays: number) {
  const from = now - BACK_DAYS * DAY_MS + shiftDays * DAY_MS;
  return { from: toApiTime(new Date(from)), to: toApiTime(new Date(from + WINDOW_DAYS * DAY_MS)) };
}

export function useSlots() {
  const token = useTokenSource();
  const [shift, setShift] = useState(0);
  const [now] = useState(() => Date.now());
  const range = useMemo(() => windowFrom(now, shift), [now, shift]);
  const load = useCallback(async () => byStart(await listSlots(token, range)), [token, range]);
  const { state, retry, refresh } = useLoad(load);
  // A change answered by the API shows at once, over the list it was made on; the next load (a refresh, another
  // window) replaces both with the list as stored.
  const base = state.status === "ready" ? state.data : null;
  const [changes, setChanges] = useState<{ base: StaffDemoSlot[] | null; slots: Record<string, StaffDemoSlot> }>({ base: null, slots: {} });
  const shown = useMemo(() => {
    if (state.status !== "ready") return state;
    const mine = changes.base === state.data ? changes.slots : {};
    const ids = new Set(state.data.map((s) => s.id));
    const inWindow = (s: StaffDemoSlot) => s.startsAt >= range.from && s.startsAt < range.to;
    const merged = [...state.data.map((s) => mine[s.id] ?? s), ...Object.values(mine).filter((s) => !ids.has(s.id) && inWindow(s))];
    return { status: "ready" as const, data: byStart(merged) };
  }, [state, changes, range]);

  const put = useCallback(
    (...slots: StaffDemoSlot[]) =>
      setChanges((c) => ({ base, slots: { ...(c.base === base ? c.slots : {}), ...Object.fromEntries(slots.map((s) => [s.id, s])) } })),
    [base],
  );
  const move = useCallback((weeks: number) => setShift((s) => s + weeks * 7), []);

  return { state: shown, range, retry, refresh, put, move, shifted: shift !== 0, resetWindow: () => setShift(0) };
}

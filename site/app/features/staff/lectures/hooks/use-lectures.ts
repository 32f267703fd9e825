// A batch's lectures as the panel shows them: loading, the error with a retry, or the list in number order. A
// change answered by the API replaces its lecture in place (found by id: a move changes the number); while any
// lecture is processing the list is read again every few seconds, quietly, until none is (or the panel closes).
import { useCallback, useEffect, useRef, useState } from "react";
import { useTokenSource } from "../../kit/api/token";
import type { Loaded } from "../../kit/hooks/use-load";
import { listLectures, POLL_MS } from "../../kit/api/lectures";
import type { StaffLecture } from "#app/lib/api-schema";

const byNumber = (lectures: StaffLecture[]) => [...lectures].sort((a, b) => a.lectureNumber - b.lectureNumber);

/** Something on the server side is still moving: the list is worth reading again. */
export const isBusy = (lecture: StaffLecture) => lecture.state === "processing";

export function useLectures(batchId: string, pollMs = POLL_MS) {
  const token = useTokenSource();
  const [state, setState] = useState<Loaded<StaffLecture[]>>({ status: "loading" });
  const generation = useRef(0);

  const load = useCallback(
    (quietly: boolean) => {
      const mine = ++generation.current;
      if (!quietly) setState({ status: "loading" });
      listLectures(token, batchId).then(
        (lectures) => mine === generation.current && setState({ status: "ready", data: byNumber(lectures) }),
        (error: unknown) => {
          // A failed background read keeps the list shown; the next change or poll tries again.
          if (mine === generation.current && !quietly) setState({ status: "error", error });
        },
      );
    },
    [token, batchId],
  );

  useEffect(() => load(false), [load]);

  const busy = state.status === "ready" && state.data.some(isBusy);
  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => load(true), pollMs);
    return () => clearTimeout(timer);
  }, [busy, state, load, pollMs]);

  const retry = useCallback(() => load(false), [load]);
  const refresh = useCallback(() => load(true), [load]);
  /** Puts an answered lecture in place of the one with its id (or adds it). */
  const put = useCallback((lecture: StaffLecture) => {
    generation.current++;
    setState((s) => (s.status === "ready" ? { status: "ready", data: byNumber([...s.data.filter((l) => l.id !== lecture.id), lecture]) } : s));
  }, []);
  const remove = useCallback((id: string) => {
    generation.current++;
    setState((s) => (s.status === "ready" ? { status: "ready", data: s.data.filter((l) => l.id !== id) } : s));
  }, []);

  return { state, retry, refresh, put, remove };
}

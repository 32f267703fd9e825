// A batch's weekly timetable: its time zone (an IANA name, Pakistan's by default), the weekly slots (weekday, start
// "HH:MM" in that zone, length in minutes, and a meeting link of the slot's own if it has one) and the batch's meeting
// link. The term runs from the batch's start date to its end date. Saving generates the term's sessions (the server
// decides them; the list below shows what it answered) and the batch's public schedule and timing, shown here.
import { useId, useState, type FormEvent } from "react";
import { COMMON_ZONES, isClock, WEEKDAYS, zoneOffsetLabel, type Weekday } from "#app/lib/class-time";
import { apiRules } from "#app/lib/api-contract";
import { ApiError } from "#app/lib/api-client";
import { zoneName } from "#app/lib/demo-time";
import { Field, fieldErrors } from "../../kit/components/Field";
import { failureText } from "../../kit/format";
import type { SlotRequest, TimetableRequest, TimetableView } from "#app/lib/api-schema";

/** A field without its width (for a short one beside others). */
export const fieldBase = "mt-1 block min-w-0 max-w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-ink aria-invalid:border-red-700";
export const fieldInput = `${fieldBase} w-full`;
export const SLOT_MINUTES = { min: 15, max: 300 } as const;
export const MAX_SLOTS = 14;

const names: Record<string, string> = { timeZone: "Time zone", slots: "Weekly slots", meetingUrl: "Meeting link" };

type TimetableSlot = Omit<SlotRequest, "meetingUrl"> & { meetingUrl?: string | null };
type Zone = TimetableRequest["timeZone"];

/** The zones a timetable takes (the contract's list), the common ones first. */
const zones: readonly Zone[] = apiRules.TimetableRequest.timeZone.enum;
const isZone = (zone: string | undefined): zone is Zone => zones.includes(zone as Zone);
const common = COMMON_ZONES.filter(isZone);
const others = zones.filter((z) => !common.includes(z));
type Row = TimetableSlot & { key: number };

interface TimetableEditorProps {
  timetable: TimetableView | null;
  /** The batch's dates, until a timetable names its term. */
  term: { startDate: string; endDate: string };
  onSave: (timetable: TimetableRequest) => Promise<void>;
}

let nextKey = 0;
const row = (slot: TimetableSlot): Row => ({ ...slot, key: ++nextKey });

/** Where a slot row's fields fail before anything is sent, or null. */
export function slotProblem(slots: readonly TimetableSlot[]): string | null {
  if (slots.length === 0) return "Add at least one weekly slot.";
  for (const [i, s] of slots.entries()) {
    if (!isClock(s.start)) return `Slot ${i + 1}: give the start as HH:MM.`;
    if (!Number.isInteger(s.minutes) || s.minutes < SLOT_MINUTES.min || s.minutes > SLOT_MINUTES.max)
      return `Slot ${i + 1}: the length is ${SLOT_MINUTES.min}–${SLOT_MINUTES.max} minutes.`;
  }
  const seen = new Set<string>();
  for (const s of slots) {
    const k = `${s.weekday} ${s.start}`;
    if (seen.has(k)) return `Two slots start on ${WEEKDAYS.find((d) => d.value === s.weekday)?.label} at ${s.start}.`;
    seen.add(k);
  }
  return null;
}

export function TimetableEditor({ timetable, term, onSave }: TimetableEditorProps) {
  const id = useId();
  const [zone, setZone] = useState<Zone>(isZone(timetable?.timeZone) ? timetable.timeZone : "Asia/Karachi");
  const [rows, setRows] = useState<Row[]>(() => (timetable?.slots.length ? timetable.slots.map(row) : [row({ weekday: "mon", start: "19:00", minutes: 120 })]));
  const [meetingUrl, setMeetingUrl] = useState(timetable?.meetingUrl ?? "");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const update = (key: number, change: Partial<TimetableSlot>) => setRows((rs) => rs.map((r) => (r.key === key ? { ...r, ...change } : r)));

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const slots: SlotRequest[] = rows.map(({ weekday, start, minutes, meetingUrl: own }) => ({ weekday, start, minutes, ...(own?.trim() ? { meetingUrl: own.trim() } : {}) }));
    const wrong = slotProblem(slots);
    setProblem(wrong);
    if (wrong) return;
    setBusy(true);
    setError(null);
    try {
      await onSave({ timeZone: zone, slots, meetingUrl: meetingUrl.trim() });
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  const errors = fieldErrors(id, error, names);
  const { otherFailure, fields } = errors;
  const slotsRefused = error instanceof ApiError ? Object.entries(fields).filter(([k]) => k.startsWith("slots")) : [];

  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Timetable" className="grid grid-cols-1 gap-5 rounded-xl border border-slate-200 bg-slate-50 p-4">
      <p className="text-sm text-slate-700">
        The term runs from {timetable?.termStart ?? term.startDate} to {timetable?.termEnd ?? term.endDate}. Saving makes the term's sessions from the weekly
        slots; sessions already cancelled, moved or added one-off are kept.
      </p>
      {timetable && (
        <p className="text-sm text-slate-700" data-testid="public-schedule">
          The public batch card says: <strong className="text-ink">{timetable.schedule}</strong> · <strong className="text-ink">{timetable.timing}</strong>
        </p>
      )}
      <div className="grid grid-cols-1 gap-4 sm:grid-cols-2">
        <Field id={`${id}-zone`} label="Time zone" errors={errors} name="timeZone">
          {(control) => (
            <select value={zone} onChange={(e) => isZone(e.target.value) && setZone(e.target.value)} className={fieldInput} {...control}>
              <optgroup label="Common">
                {common.map((z) => (
                  <option key={z} value={z}>
                    {z} ({zoneName(z)}, {zoneOffsetLabel(z)})
                  </option>
                ))}
              </optgroup>
              <optgroup label="All time zones">
                {others.map((z) => (
                  <option key={z} value={z}>
                    {z}
                  </option>
                ))}
              </optgroup>
            </select>
          )}
        </Field>
        <Field id={`${id}-meeting`} label={<>Batch meeting link <span className="font-normal text-slate-600">(Zoom, Google Meet or any https address; only enrolled students reach it)</span></>} errors={errors} name="meetingUrl">
          {(control) => (
            <input
              type="url"
              required
              maxLength={2048}
              placeholder="https://meet.example.com/…"
              value={meetingUrl}
              onChange={(e) => setMeetingUrl(e.target.value)}
              className={fieldInput}
              {...control}
            />
          )}
        </Field>
      </div>

      <fieldset className="grid min-w-0 grid-cols-1 gap-3">
        <legend className="text-sm font-semibold text-slate-800">Weekly slots (times in {zoneName(zone)})</legend>
        <ul className="grid grid-cols-1 gap-3">
          {rows.map((r, i) => (
            <li key={r.key} className="grid grid-cols-2 items-end gap-3 rounded-lg border border-slate-200 bg-white p-3 sm:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_minmax(0,1fr)_auto]">
              <Field id={`${id}-${r.key}-day`} label={<>Weekday <span className="sr-only">of slot {i + 1}</span></>}>
                {(control) => (
                  <select {...control} value={r.weekday} onChange={(e) => update(r.key, { weekday: e.target.value as Weekday })} className={fieldInput}>
                    {WEEKDAYS.map((d) => (
                      <option key={d.value} value={d.value}>
                        {d.label}
                      </option>
                    ))}
                  </select>
                )}
              </Field>
              <Field id={`${id}-${r.key}-start`} label={<>Starts <span className="sr-only">(slot {i + 1})</span></>}>
                {(control) => (
                  <input
                    {...control}
                    type="time"
                    step={300}
                    required
                    value={r.start}
                    onChange={(e) => update(r.key, { start: e.target.value.slice(0, 5) })}
                    className={fieldInput}
                  />
                )}
              </Field>
              <Field id={`${id}-${r.key}-minutes`} label={<>Minutes <span className="sr-only">(slot {i + 1})</span></>}>
                {(control) => (
                  <input
                    {...control}
                    type="number"
                    inputMode="numeric"
                    min={SLOT_MINUTES.min}
                    max={SLOT_MINUTES.max}
                    step={5}
                    required
                    value={Number.isNaN(r.minutes) ? "" : r.minutes}
                    onChange={(e) => update(r.key, { minutes: e.target.value === "" ? Number.NaN : Number(e.target.value) })}
                    className={fieldInput}
                  />
                )}
              </Field>
              <Field id={`${id}-${r.key}-meeting`} label={<>Meeting link of this slot <span className="sr-only">(slot {i + 1})</span><span className="font-normal text-slate-600"> (optional: else the batch's)</span></>} className="col-span-2 sm:col-span-3">
                {(control) => (
                  <input
                    {...control}
                    type="url"
                    maxLength={2048}
                    value={r.meetingUrl ?? ""}
                    onChange={(e) => update(r.key, { meetingUrl: e.target.value })}
                    className={fieldInput}
                  />
                )}
              </Field>
              <button
                type="button"
                className="btn-secondary min-h-10 px-3 py-1.5 text-sm"
                disabled={rows.length === 1}
                onClick={() => setRows((rs) => rs.filter((x) => x.key !== r.key))}
                aria-label={`Remove slot ${i + 1}`}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
        <div>
          <button
            type="button"
            className="btn-secondary min-h-10 px-4 py-2 text-sm"
            disabled={rows.length >= MAX_SLOTS}
            onClick={() => setRows((rs) => [...rs, row({ weekday: rs.at(-1)?.weekday ?? "mon", start: rs.at(-1)?.start ?? "19:00", minutes: rs.at(-1)?.minutes ?? 120, meetingUrl: rs.at(-1)?.meetingUrl ?? null })])}
          >
            Add a slot
          </button>
        </div>
        {slotsRefused.map(([k, reason]) => (
          <p key={k} className="text-sm font-medium text-red-700">
            {k.replace(/^slots\.?/, "Slot ")} {reason}
          </p>
        ))}
      </fieldset>

      {problem && (
        <p role="alert" className="font-medium text-red-700">
          {problem}
        </p>
      )}
      {otherFailure && !slotsRefused.length ? (
        <p role="alert" className="font-medium text-red-700">
          {failureText(error)}
        </p>
      ) : null}
      <div>
        <button type="submit" className="btn-primary min-h-10 px-4 py-2 text-sm" disabled={busy}>
          {busy ? "Saving…" : "Save timetable"}
        </button>
      </div>
    </form>
  );
}

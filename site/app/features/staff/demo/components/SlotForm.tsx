// Publish a demo slot, or change one: the start in the institute's time (Asia/Karachi) with the UK time beside it as
// it is typed, the length (30–45 minutes), seats, the course (or any), the meeting link (private until booked) and,
// when publishing, how many more weeks it repeats. The API answers in UTC; the form converts both ways.
import { useId, useState, type FormEvent } from "react";
import { courses } from "#app/content/courses";
import { ApiError } from "#app/lib/api-client";
import { apiTimeToZoned, formatClock, formatShortDay, INSTITUTE_ZONE, UK_ZONE, zonedToApiTime, zoneName } from "#app/lib/demo-time";
import type { DemoSlotChange, NewDemoSlots, StaffDemoSlot } from "#app/lib/api-schema";
import { FormButtons } from "../../kit/components/FormButtons";
import { Field, fieldErrors, fieldInput } from "../../kit/components/Field";
import { failureText } from "../../kit/format";

const names: Record<string, string> = {
  startsAt: "Start",
  minutes: "Length",
  seats: "Seats",
  courseId: "Course",
  meetingUrl: "Meeting link",
  repeatWeeks: "Repeat",
};

export const MINUTES = { min: 30, max: 45 } as const;
export const SEATS = { min: 1, max: 50 } as const;
export const REPEAT_WEEKS_MAX = 12;

/** What a Karachi time is in the UK ("Sun, 29 Mar 2026, 3:00 PM UK time"), or null while the input is incomplete. */
export function ukTimeOf(karachiLocal: string): string | null {
  const instant = zonedToApiTime(karachiLocal, INSTITUTE_ZONE);
  return instant ? `${formatShortDay(instant, UK_ZONE)}, ${formatClock(instant, UK_ZONE)} ${zoneName(UK_ZONE)}` : null;
}

type SlotFormProps =
  | { slot?: undefined; onSubmit: (body: NewDemoSlots) => Promise<void>; onCancel: () => void }
  | { slot: StaffDemoSlot; onSubmit: (body: DemoSlotChange) => Promise<void>; onCancel: () => void };

export function SlotForm(props: SlotFormProps) {
  const { slot, onCancel } = props;
  const id = useId();
  const [start, setStart] = useState(slot ? apiTimeToZoned(slot.startsAt, INSTITUTE_ZONE) : "");
  const [minutes, setMinutes] = useState(String(slot?.minutes ?? MINUTES.max));
  const [seats, setSeats] = useState(String(slot?.seats ?? 10));
  const [courseId, setCourseId] = useState(slot?.courseId ?? "");
  const [meetingUrl, setMeetingUrl] = useState(slot?.meetingUrl ?? "");
  const [repeatWeeks, setRepeatWeeks] = useState("0");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const uk = ukTimeOf(start);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const startsAt = zonedToApiTime(start, INSTITUTE_ZONE);
    if (!startsAt) return setError(new ApiError(400, "Bad Request", "Give the start's date and time.", { fields: { startsAt: "is required" } }));
    setBusy(true);
    setError(null);
    try {
      if (props.slot) {
        const s = props.slot;
        const change: DemoSlotChange = {
          ...(startsAt !== s.startsAt ? { startsAt } : {}),
          ...(Number(minutes) !== s.minutes ? { minutes: Number(minutes) } : {}),
          ...(Number(seats) !== s.seats ? { seats: Number(seats) } : {}),
          ...((courseId || null) !== s.courseId ? { courseId: courseId || null } : {}),
          ...(meetingUrl.trim() !== s.meetingUrl ? { meetingUrl: meetingUrl.trim() } : {}),
        };
        await props.onSubmit(change);
      } else {
        await props.onSubmit({
          startsAt,
          minutes: Number(minutes),
          seats: Number(seats),
          ...(courseId ? { courseId } : {}),
          meetingUrl: meetingUrl.trim(),
          ...(Number(repeatWeeks) > 0 ? { repeatWeeks: Number(repeatWeeks) } : {}),
        });
      }
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  const errors = fieldErrors(id, error, names);
  const { otherFailure } = errors;

  return (
    <form
      onSubmit={(e) => void submit(e)}
      aria-label={slot ? "Change the demo slot" : "Publish a demo slot"}
      className="grid gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2"
    >
      <Field id={`${id}-start`} label={`Starts (${zoneName(INSTITUTE_ZONE)})`} errors={errors} name="startsAt" className="sm:col-span-2">
        {(control) => (
          <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
            <input
              type="datetime-local"
              required
              step={300}
              value={start}
              onChange={(e) => setStart(e.target.value)}
              className={`${fieldInput} max-w-xs`}
              aria-describedby={`${id}-uk`}
              {...control}
            />
            <output id={`${id}-uk`} htmlFor={`${id}-start`} className="mt-1 text-sm text-slate-700" data-testid="uk-time">
              {uk ? `In the UK: ${uk}` : "The UK time shows here."}
            </output>
          </div>
        )}
      </Field>
      <Field id={`${id}-minutes`} label={`Length (minutes, ${MINUTES.min}–${MINUTES.max})`} errors={errors} name="minutes">
        {(control) => (
          <input
            type="number"
            inputMode="numeric"
            required
            min={MINUTES.min}
            max={MINUTES.max}
            step={1}
            value={minutes}
            onChange={(e) => setMinutes(e.target.value)}
            className={fieldInput}
            {...control}
          />
        )}
      </Field>
      <Field id={`${id}-seats`} label={`Seats (${slot ? `at least the ${slot.booked} booked` : `${SEATS.min}–${SEATS.max}`})`} errors={errors} name="seats">
        {(control) => (
          <input
            type="number"
            inputMode="numeric"
            required
            min={Math.max(SEATS.min, slot?.booked ?? 0)}
            max={SEATS.max}
            step={1}
            value={seats}
            onChange={(e) => setSeats(e.target.value)}
            className={fieldInput}
            {...control}
          />
        )}
      </Field>
      <Field id={`${id}-course`} label="Course" errors={errors} name="courseId">
        {(control) => (
          <select value={courseId} onChange={(e) => setCourseId(e.target.value)} className={`${fieldInput} bg-white`} {...control}>
            <option value="">Any course</option>
            {courses.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={`${id}-meeting`} label={<>Meeting link <span className="font-normal text-slate-600">(https; only bookers see it)</span></>} errors={errors} name="meetingUrl">
        {(control) => (
          <input
            type="url"
            required
            pattern="https://.+"
            maxLength={2048}
            placeholder="https://meet.example.com/…"
            value={meetingUrl}
            onChange={(e) => setMeetingUrl(e.target.value)}
            className={fieldInput}
            {...control}
          />
        )}
      </Field>
      {!slot && (
        <Field id={`${id}-repeat`} label={<>Repeat weekly for <span className="font-normal text-slate-600">(more weeks, 0–{REPEAT_WEEKS_MAX})</span></>} errors={errors} name="repeatWeeks">
          {(control) => (
            <input
              type="number"
              inputMode="numeric"
              min={0}
              max={REPEAT_WEEKS_MAX}
              step={1}
              value={repeatWeeks}
              onChange={(e) => setRepeatWeeks(e.target.value)}
              className={fieldInput}
              {...control}
            />
          )}
        </Field>
      )}
      {otherFailure ? (
        <p role="alert" className="font-medium text-red-700 sm:col-span-2">
          {failureText(error)}
        </p>
      ) : null}
      <FormButtons label={slot ? "Save slot" : "Publish slot"} busyLabel={slot ? "Saving…" : "Publishing…"} busy={busy} onCancel={onCancel} />
    </form>
  );
}

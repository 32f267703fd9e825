// Publish a demo slot, or change one: the start in the institute's time (Asia/Karachi) with the UK time beside it as
// it is typed, the length (30–45 minutes), seats, the course (or any), the meeting link (private until booked) and,
// when publishing, how many more weeks it repeats. The API answers in UTC; the form converts both ways.
import { useId, useState, type FormEvent } from "react";
import { courses } from "#app/content/courses";
import { ApiError } from "#app/lib/api-client";
import { apiTimeToZoned, formatClock, formatShortDay, INSTITUTE_ZONE, UK_ZONE, zonedToApiTime, zoneName } from "#app/lib/demo-time";
import type { DemoSlotChange, NewDemoSlots, StaffDemoSlot } from "#app/lib/api-schema";
import { FormButtons } from "../../kit/components/FormButtons";
import { fieldErrors } from "../../kit/components/field-errors";
import { failureText } from "../../kit/format";

export const fieldInput = "mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-base text-ink aria-invalid:border-red-700";
export const fieldLabel = "block text-sm font-semibold text-slate-800";

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

  const { invalid, fieldError, otherFailure } = fieldErrors(id, error, names);

  return (
    <form
      onSubmit={(e) => void submit(e)}
      aria-label={slot ? "Change the demo slot" : "Publish a demo slot"}
      className="grid gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2"
    >
      <div className="sm:col-span-2">
        <label htmlFor={`${id}-start`} className={fieldLabel}>
          Starts ({zoneName(INSTITUTE_ZONE)})
        </label>
        <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
          <input
            id={`${id}-start`}
            type="datetime-local"
            required
            step={300}
            value={start}
            onChange={(e) => setStart(e.target.value)}
            className={`${fieldInput} max-w-xs`}
            aria-describedby={`${id}-uk`}
            {...invalid("startsAt")}
          />
          <output id={`${id}-uk`} htmlFor={`${id}-start`} className="mt-1 text-sm text-slate-700" data-testid="uk-time">
            {uk ? `In the UK: ${uk}` : "The UK time shows here."}
          </output>
        </div>
        {fieldError("startsAt")}
      </div>
      <div>
        <label htmlFor={`${id}-minutes`} className={fieldLabel}>
          Length (minutes, {MINUTES.min}–{MINUTES.max})
        </label>
        <input
          id={`${id}-minutes`}
          type="number"
          inputMode="numeric"
          required
          min={MINUTES.min}
          max={MINUTES.max}
          step={1}
          value={minutes}
          onChange={(e) => setMinutes(e.target.value)}
          className={fieldInput}
          {...invalid("minutes")}
        />
        {fieldError("minutes")}
      </div>
      <div>
        <label htmlFor={`${id}-seats`} className={fieldLabel}>
          Seats ({slot ? `at least the ${slot.booked} booked` : `${SEATS.min}–${SEATS.max}`})
        </label>
        <input
          id={`${id}-seats`}
          type="number"
          inputMode="numeric"
          required
          min={Math.max(SEATS.min, slot?.booked ?? 0)}
          max={SEATS.max}
          step={1}
          value={seats}
          onChange={(e) => setSeats(e.target.value)}
          className={fieldInput}
          {...invalid("seats")}
        />
        {fieldError("seats")}
      </div>
      <div>
        <label htmlFor={`${id}-course`} className={fieldLabel}>
          Course
        </label>
        <select id={`${id}-course`} value={courseId} onChange={(e) => setCourseId(e.target.value)} className={`${fieldInput} bg-white`} {...invalid("courseId")}>
          <option value="">Any course</option>
          {courses.map((c) => (
            <option key={c.id} value={c.id}>
              {c.title}
            </option>
          ))}
        </select>
        {fieldError("courseId")}
      </div>
      <div>
        <label htmlFor={`${id}-meeting`} className={fieldLabel}>
          Meeting link <span className="font-normal text-slate-600">(https; only bookers see it)</span>
        </label>
        <input
          id={`${id}-meeting`}
          type="url"
          required
          pattern="https://.+"
          maxLength={2048}
          placeholder="https://meet.example.com/…"
          value={meetingUrl}
          onChange={(e) => setMeetingUrl(e.target.value)}
          className={fieldInput}
          {...invalid("meetingUrl")}
        />
        {fieldError("meetingUrl")}
      </div>
      {!slot && (
        <div>
          <label htmlFor={`${id}-repeat`} className={fieldLabel}>
            Repeat weekly for <span className="font-normal text-slate-600">(more weeks, 0–{REPEAT_WEEKS_MAX})</span>
          </label>
          <input
            id={`${id}-repeat`}
            type="number"
            inputMode="numeric"
            min={0}
            max={REPEAT_WEEKS_MAX}
            step={1}
            value={repeatWeeks}
            onChange={(e) => setRepeatWeeks(e.target.value)}
            className={fieldInput}
            {...invalid("repeatWeeks")}
          />
          {fieldError("repeatWeeks")}
        </div>
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

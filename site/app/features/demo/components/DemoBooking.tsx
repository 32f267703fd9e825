// The booking widget of /FreeDemo#book: the open slots by day in the visitor's zone (or the institute's), then name,
// e-mail, phone and course in the lead forms' fields; booked at once, then /Thank-you with the time in both zones.
// A slot that filled up (or starts too soon) meanwhile is refused with the next open slots offered in its place.
import { useId, useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { SelectField, SubmitButton, TextField } from "#app/components/FormFields";
import { brand } from "#app/content/brand";
import { demoBookingPath, paths } from "#app/config/paths";
import { ApiError } from "#app/lib/api-client";
import { whenInZone } from "#app/lib/demo-time";
import type { DemoSlot } from "#app/lib/api-schema";
import { bookSlot, nextSlotsOf } from "../api/bookings";
import { bookedState } from "../booked";
import { refusalText } from "../refusal";
import { useZone } from "../hooks/use-zone";
import { SlotPicker } from "./SlotPicker";
import { ZoneSwitch } from "./ZoneSwitch";

export interface DemoBookingProps {
  slots: DemoSlot[];
  courses: { id: string; title: string }[];
}

/** The fields the API names in a refusal, as the form names them. */
const fieldNames = ["name", "email", "phone", "courseId"] as const;

export function DemoBooking({ slots: initial, courses }: DemoBookingProps) {
  const id = useId();
  const navigate = useNavigate();
  const zone = useZone();
  const [slots, setSlots] = useState(initial);
  const [chosen, setChosen] = useState<DemoSlot | null>(null);
  const [course, setCourse] = useState("");
  const [busy, setBusy] = useState(false);
  const [pickError, setPickError] = useState<string | undefined>();
  const [refusal, setRefusal] = useState<{ text: string; next: DemoSlot[]; limited: boolean } | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const picker = useRef<HTMLDivElement>(null);
  const courseTitles = Object.fromEntries(courses.map((c) => [c.id, c.title]));
  const fixedCourse = chosen?.courseId ? courses.find((c) => c.id === chosen.courseId) : undefined;

  const choose = (slot: DemoSlot) => {
    setChosen(slot);
    setPickError(undefined);
    if (slot.courseId) setCourse(slot.courseId);
  };
  const clearFieldError = (name: string) =>
    setFieldErrors((errors) => {
      if (!(name in errors)) return errors;
      const { [name]: _gone, ...rest } = errors;
      return rest;
    });

  const submit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (busy) return;
    if (!chosen) {
      setPickError("Choose a time first.");
      picker.current?.querySelector("input")?.focus();
      return;
    }
    const form = new FormData(e.currentTarget);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    setBusy(true);
    setRefusal(null);
    try {
      const { booking, token } = await bookSlot({
        slotId: chosen.id,
        name: text("name"),
        email: text("email"),
        phone: text("phone"),
        courseId: fixedCourse ? fixedCourse.id : text("courseId"),
      });
      // Stays busy until the page changes: the booking is in.
      navigate(paths.thankYou, {
        state: bookedState({ startsAt: booking.startsAt, minutes: booking.minutes, managePath: demoBookingPath(booking.id, token) }),
      });
    } catch (error) {
      setBusy(false);
      const next = nextSlotsOf(error);
      if (error instanceof ApiError && error.status === 409) {
        // The slot is gone: offer the next ones in its place.
        setSlots((current) => merge(current.filter((s) => s.id !== chosen.id), next));
        setChosen(null);
      }
      const fields = error instanceof ApiError && error.status === 400 ? error.fields : {};
      setFieldErrors(Object.fromEntries(fieldNames.filter((n) => fields[n]).map((n) => [n, fields[n]!])));
      if (fields.slotId) setPickError(`The time ${fields.slotId}.`);
      setRefusal({
        text: refusalText(error, "Your booking did not go through. Please try again."),
        next,
        limited: error instanceof ApiError && error.status === 429,
      });
    }
  };

  return (
    <div className="card p-6 sm:p-8" data-testid="demo-booking">
      <ZoneSwitch choice={zone} name={`${id}-zone`} />
      <form onSubmit={(e) => void submit(e)} className="mt-6 grid gap-6" aria-busy={busy} aria-label="Book a free demo class">
        <div ref={picker}>
          <SlotPicker
            slots={slots}
            zone={zone.zone}
            chosen={chosen?.id ?? null}
            onChoose={choose}
            courseTitles={courseTitles}
            legend="Choose a time"
            error={pickError}
          />
        </div>
        {refusal && (
          <div role="alert" className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-ink" data-testid="booking-refused">
            <p className="font-semibold">{refusal.text}</p>
            {refusal.limited && (
              <p className="mt-1">
                <a href={brand.whatsapp.url} target="_blank" rel="noopener noreferrer" className="font-semibold underline">
                  Message us on WhatsApp
                </a>{" "}
                instead.
              </p>
            )}
            {refusal.next.length > 0 && (
              <>
                <p className="mt-2">The next open times:</p>
                <ul className="mt-2 flex flex-wrap gap-2">
                  {refusal.next.map((slot) => (
                    <li key={slot.id}>
                      <button type="button" className="btn-secondary min-h-11 px-4 py-2 text-sm" onClick={() => choose(slot)}>
                        {whenInZone(slot.startsAt, zone.zone)}
                      </button>
                    </li>
                  ))}
                </ul>
              </>
            )}
          </div>
        )}
        <div className="grid gap-5 sm:grid-cols-2">
          <TextField name="name" label="Full name" required maxLength={100} autoComplete="name" error={fieldErrors.name} onEdit={clearFieldError} />
          <TextField name="email" label="E-mail" type="email" required maxLength={254} autoComplete="email" error={fieldErrors.email} onEdit={clearFieldError} />
          <TextField name="phone" label="Phone (WhatsApp)" type="tel" required maxLength={30} autoComplete="tel" error={fieldErrors.phone} onEdit={clearFieldError} />
          {fixedCourse ? (
            <div>
              <p className="block text-sm font-medium text-ink">Course</p>
              <p className="mt-1 py-2.5 font-medium text-ink">{fixedCourse.title}</p>
            </div>
          ) : (
            <SelectField name="courseId" label="Course" value={course} onChange={(e) => setCourse(e.target.value)} error={fieldErrors.courseId} onEdit={clearFieldError}>
              <option value="">Not sure yet</option>
              {courses.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.title}
                </option>
              ))}
            </SelectField>
          )}
        </div>
        {chosen && (
          <p className="text-slate-700" data-testid="chosen-slot">
            Your class: <strong>{whenInZone(chosen.startsAt, zone.zone)}</strong>, {chosen.minutes} minutes.
          </p>
        )}
        <div>
          <SubmitButton busy={busy} label="Book This Time" busyLabel="Booking..." className="w-full sm:w-auto" />
        </div>
      </form>
    </div>
  );
}

/** The slots with `more` added (once each), by time. */
function merge(slots: DemoSlot[], more: DemoSlot[]): DemoSlot[] {
  const byId = new Map(slots.map((s) => [s.id, s]));
  for (const s of more) byId.set(s.id, s);
  return [...byId.values()].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
}

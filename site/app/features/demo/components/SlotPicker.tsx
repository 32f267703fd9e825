// The open slots grouped by day in the chosen zone, each a radio "7:00 PM UK time" with its length and seats left;
// a slot for one course says which.
import { useId } from "react";
import { formatClock, groupByDay, zoneName } from "#app/lib/demo-time";
import type { DemoSlot } from "#app/lib/api-schema";

interface SlotPickerProps {
  slots: readonly DemoSlot[];
  zone: string;
  chosen: string | null;
  onChoose: (slot: DemoSlot) => void;
  /** Titles by course id: a slot for one course names it. */
  courseTitles: Record<string, string>;
  legend: string;
  /** The refusal to show under the legend ("Choose a time"). */
  error?: string;
}

const seats = (n: number) => (n === 1 ? "1 seat left" : `${n} seats left`);

export function SlotPicker({ slots, zone, chosen, onChoose, courseTitles, legend, error }: SlotPickerProps) {
  const id = useId();
  const days = groupByDay(slots, zone);
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} data-testid="slot-picker">
      <legend className="text-lg font-semibold text-ink">{legend}</legend>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <div className="mt-4 grid gap-5">
        {days.map((day) => (
          <div key={day.day} role="group" aria-labelledby={`${id}-${day.day}`}>
            <h3 id={`${id}-${day.day}`} className="text-base font-semibold text-slate-800">
              {day.label}
            </h3>
            <div className="mt-2 grid grid-cols-2 gap-2 sm:grid-cols-3">
              {day.items.map((slot) => {
                const course = slot.courseId ? courseTitles[slot.courseId] : undefined;
                return (
                  <label
                    key={slot.id}
                    data-slot={slot.id}
                    className="flex min-h-11 cursor-pointer items-start gap-2 rounded-xl border border-slate-300 bg-white p-3 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-700"
                  >
                    <input
                      type="radio"
                      name={`${id}-slot`}
                      value={slot.id}
                      checked={chosen === slot.id}
                      onChange={() => onChoose(slot)}
                      className="mt-1 size-4 shrink-0 accent-brand-700"
                    />
                    <span className="min-w-0">
                      <span className="block font-semibold text-ink">
                        {formatClock(slot.startsAt, zone)} <span className="text-sm font-normal whitespace-nowrap text-slate-700">{zoneName(zone)}</span>
                      </span>
                      <span className="block text-sm text-slate-700">
                        {slot.minutes} min · {seats(slot.seatsLeft)}
                      </span>
                      {course && <span className="block text-sm text-slate-700">{course} only</span>}
                    </span>
                  </label>
                );
              })}
            </div>
          </div>
        ))}
      </div>
    </fieldset>
  );
}

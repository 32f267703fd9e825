// One demo slot: its start in Pakistan time with the UK time beside it, length, seats booked of seats, course,
// meeting link, and Bookings, Edit and Cancel slot (confirmed in the section). A cancelled slot says so and keeps only
// its bookings.
import { useId, useState } from "react";
import { showToast } from "#app/components/Toasts";
import { courses } from "#app/content/courses";
import type { StaffBatch } from "#app/lib/api-schema";
import { clockInZone, formatShortDay, INSTITUTE_ZONE, UK_ZONE } from "#app/lib/demo-time";
import type { DemoSlotChange, StaffDemoSlot } from "#app/lib/api-schema";
import { useTokenSource } from "../../kit/api/token";
import { Badge } from "../../kit/components/States";
import { useInlineEdit } from "../../kit/hooks/use-inline-edit";
import { changeSlot } from "../api/demo";
import { SlotBookings } from "./SlotBookings";
import { SlotForm } from "./SlotForm";

const small = "min-h-10 px-3 py-1.5 text-sm";

/** "Sun, 29 Mar 2026, 7:00 PM Pakistan time". */
export const karachiWhen = (slot: { startsAt: string }) => `${formatShortDay(slot.startsAt, INSTITUTE_ZONE)}, ${clockInZone(slot.startsAt, INSTITUTE_ZONE)}`;

interface SlotItemProps {
  slot: StaffDemoSlot;
  batches: readonly StaffBatch[];
  onChanged: (slot: StaffDemoSlot) => void;
  onCancel: () => void;
  onEnrolled: () => void;
}

export function SlotItem({ slot, batches, onChanged, onCancel, onEnrolled }: SlotItemProps) {
  const id = useId();
  const token = useTokenSource();
  const { editing, editButton, openEdit, closeEdit } = useInlineEdit();
  const [showBookings, setShowBookings] = useState(false);
  const when = karachiWhen(slot);
  const ukDay = formatShortDay(slot.startsAt, UK_ZONE);
  const uk = `${ukDay === formatShortDay(slot.startsAt, INSTITUTE_ZONE) ? "" : `${ukDay}, `}${clockInZone(slot.startsAt, UK_ZONE)}`;
  const course = slot.courseId ? (courses.find((c) => c.id === slot.courseId)?.title ?? slot.courseId) : "Any course";
  const past = Date.parse(slot.startsAt) < Date.now();

  const save = async (change: DemoSlotChange) => {
    if (Object.keys(change).length === 0) return closeEdit();
    const saved = await changeSlot(token, slot.id, change);
    onChanged(saved);
    closeEdit();
    showToast((t) => t.success("Slot saved", { description: saved.booked > 0 ? "Its bookings are mailed the updated invitation." : undefined }));
  };

  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4" aria-labelledby={`${id}-title`} data-slot-id={slot.id}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h4 id={`${id}-title`} className="text-lg font-semibold text-ink">
            {when}
          </h4>
          <p className="text-sm text-slate-700" data-testid="slot-uk-time">
            {uk}
          </p>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
            {slot.cancelled ? <Badge tone="red">Cancelled</Badge> : past ? <Badge tone="slate">Past</Badge> : slot.booked >= slot.seats ? <Badge tone="amber">Full</Badge> : <Badge tone="green">Open</Badge>}
            <span>
              {slot.minutes} min · {slot.booked} of {slot.seats} seats booked · {course}
            </span>
          </p>
          <p className="mt-1 text-sm [overflow-wrap:anywhere] text-slate-700">
            Meeting: <a href={slot.meetingUrl} target="_blank" rel="noopener noreferrer" className="text-brand-700 underline">{slot.meetingUrl}</a>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={`btn-secondary ${small}`}
            aria-expanded={showBookings}
            aria-controls={`${id}-bookings`}
            onClick={() => setShowBookings((s) => !s)}
            aria-label={`Bookings of ${when} (${slot.booked})`}
          >
            Bookings ({slot.booked})
          </button>
          {!slot.cancelled && !editing && (
            <button ref={editButton} type="button" className={`btn-secondary ${small}`} onClick={openEdit} aria-label={`Edit ${when}`}>
              Edit
            </button>
          )}
          {!slot.cancelled && (
            <button type="button" className={`btn ${small} border border-red-700 bg-white text-red-800 hover:bg-red-50`} onClick={onCancel} aria-label={`Cancel ${when}`}>
              Cancel slot
            </button>
          )}
        </div>
      </div>
      {editing && (
        <div className="mt-4">
          <SlotForm slot={slot} onSubmit={save} onCancel={closeEdit} />
        </div>
      )}
      <div id={`${id}-bookings`} hidden={!showBookings} className="mt-4">
        {showBookings && <SlotBookings key={`${slot.booked}|${slot.cancelled}|${slot.startsAt}`} slotId={slot.id} when={when} batches={batches} onEnrolled={onEnrolled} />}
      </div>
    </li>
  );
}

// The console's Demo classes (docs/product.md#staff-console): Publish a slot (in Pakistan time, the UK time beside
// it, repeated weekly if wanted), the slots of four weeks from two days back by start, each with its bookings
// (attended, no-show, Enrol), Edit and Cancel slot (confirmed: its bookings are mailed the cancellation).
import { useState } from "react";
import { showToast } from "#app/components/Toasts";
import type { StaffBatch } from "#app/lib/api-schema";
import { formatShortDay, INSTITUTE_ZONE } from "#app/lib/demo-time";
import type { StaffDemoSlot } from "#app/lib/api-schema";
import { useTokenSource } from "../../kit/api/token";
import { ConfirmDialog } from "../../kit/components/ConfirmDialog";
import { Empty, Failure, Loading } from "../../kit/components/States";
import { cancelSlot, publishSlots } from "../api/demo";
import { STEP_DAYS, useSlots } from "../hooks/use-slots";
import { karachiWhen, SlotItem } from "./SlotItem";
import { SlotForm } from "./SlotForm";

export function DemoSection({ batches, onEnrolled }: { batches: readonly StaffBatch[]; onEnrolled: () => void }) {
  const token = useTokenSource();
  const { state, range, retry, refresh, put, move, shifted, resetWindow } = useSlots();
  const [publishing, setPublishing] = useState(false);
  const [cancelling, setCancelling] = useState<StaffDemoSlot | null>(null);
  const weeks = STEP_DAYS / 7;

  return (
    <section aria-labelledby="demo-heading" className="grid gap-4">
      <h2 id="demo-heading" className="text-2xl font-bold">
        Demo classes
      </h2>
      <p className="text-slate-700">Visitors book these on the Free Demo page, in their own time zone. Times here are Pakistan time, with the UK time beside them.</p>
      <div className="flex flex-wrap items-center gap-3">
        {!publishing && (
          <button type="button" className="btn-primary min-h-10 px-4 py-2 text-sm" onClick={() => setPublishing(true)}>
            Publish a slot
          </button>
        )}
        <button type="button" className="min-h-10 px-2 text-sm font-semibold text-brand-700 underline" onClick={refresh}>
          Refresh slots
        </button>
      </div>
      {publishing && (
        <SlotForm
          onSubmit={async (body) => {
            const made = await publishSlots(token, body);
            setPublishing(false);
            put(...made);
            showToast((t) =>
              t.success(made.length === 1 ? "Slot published" : `${made.length} slots published`, {
                description: made[0] ? `From ${karachiWhen(made[0])}.` : undefined,
              }),
            );
          }}
          onCancel={() => setPublishing(false)}
        />
      )}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 className="text-lg font-semibold text-ink">
          Slots from {formatShortDay(range.from, INSTITUTE_ZONE)} to {formatShortDay(range.to, INSTITUTE_ZONE)}
        </h3>
        <div className="flex flex-wrap gap-2">
          <button type="button" className="btn-secondary min-h-10 px-3 py-1.5 text-sm" onClick={() => move(-weeks)}>
            Earlier
          </button>
          {shifted && (
            <button type="button" className="btn-secondary min-h-10 px-3 py-1.5 text-sm" onClick={resetWindow}>
              From today
            </button>
          )}
          <button type="button" className="btn-secondary min-h-10 px-3 py-1.5 text-sm" onClick={() => move(weeks)}>
            Later
          </button>
        </div>
      </div>
      {state.status === "loading" && <Loading text="Loading the slots…" />}
      {state.status === "error" && <Failure what="Could not load the slots." error={state.error} onRetry={retry} />}
      {state.status === "ready" && state.data.length === 0 && <Empty>No demo slots in these weeks. Publish one.</Empty>}
      {state.status === "ready" && state.data.length > 0 && (
        <ol aria-label="Demo slots" className="grid gap-3">
          {state.data.map((slot) => (
            <SlotItem key={slot.id} slot={slot} batches={batches} onChanged={put} onCancel={() => setCancelling(slot)} onEnrolled={onEnrolled} />
          ))}
        </ol>
      )}
      <ConfirmDialog
        open={cancelling !== null}
        onOpenChange={(open) => !open && setCancelling(null)}
        title={`Cancel the demo class of ${cancelling ? karachiWhen(cancelling) : ""}?`}
        description={
          cancelling && cancelling.booked > 0
            ? `Its ${cancelling.booked === 1 ? "booking is" : `${cancelling.booked} bookings are`} mailed the cancellation with a link to book another time. This cannot be undone.`
            : "Visitors can no longer book it. This cannot be undone."
        }
        confirmLabel="Cancel slot"
        onConfirm={async () => {
          if (!cancelling) return;
          put(await cancelSlot(token, cancelling.id));
          showToast((t) => t.success("Slot cancelled"));
        }}
      />
    </section>
  );
}

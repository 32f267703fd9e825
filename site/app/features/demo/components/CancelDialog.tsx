// "Cancel your demo class?": Radix AlertDialog, so focus starts on Keep My Booking, stays inside, and Escape keeps it.
// The cancellation's progress and failure show in the dialog.
import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { useState } from "react";
import { refusalText } from "../refusal";

export function CancelDialog({ when, onConfirm, onClose }: { when: string; onConfirm: () => Promise<void>; onClose: () => void }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const change = (open: boolean) => {
    if (busy || open) return;
    onClose();
  };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      setBusy(false);
      onClose();
    } catch (e) {
      setBusy(false);
      setError(e);
    }
  };
  return (
    <AlertDialog.Root open onOpenChange={change}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[1100] bg-slate-900/60" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-[1100] w-[min(92vw,30rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-xl font-bold text-ink">Cancel your demo class?</AlertDialog.Title>
          <AlertDialog.Description className="mt-3 text-slate-700">
            Your class on {when} will be cancelled and your seat given to someone else. You can book another time afterwards.
          </AlertDialog.Description>
          {error ? (
            <p role="alert" className="mt-4 font-medium text-red-700">
              {refusalText(error, "Your booking was not cancelled. Please try again.")}
            </p>
          ) : null}
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel className="btn-secondary min-h-11 px-4 py-2 text-sm" disabled={busy}>
              Keep My Booking
            </AlertDialog.Cancel>
            <button
              type="button"
              className="btn min-h-11 bg-red-700 px-4 py-2 text-sm text-white hover:bg-red-800 disabled:opacity-60"
              disabled={busy}
              onClick={() => void confirm()}
            >
              {busy ? "Cancelling..." : "Cancel Booking"}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

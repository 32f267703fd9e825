// A confirmation before a destructive action (revoking access, replacing a Secret ID): Radix AlertDialog, so focus
// starts on Cancel, stays inside, and Escape cancels. The action shows its progress and failure in the dialog.
import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { useState, type ReactNode } from "react";
import { failureText } from "../format";

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Runs the action; the dialog closes when it resolves and shows the failure when it rejects. */
  onConfirm: () => Promise<void>;
}

export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, onConfirm }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const change = (next: boolean) => {
    if (busy) return;
    setError(null);
    onOpenChange(next);
  };
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      await onConfirm();
      setBusy(false);
      onOpenChange(false);
    } catch (e) {
      setBusy(false);
      setError(e);
    }
  };
  return (
    <AlertDialog.Root open={open} onOpenChange={change}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[1100] bg-slate-900/60" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-[1100] w-[min(92vw,30rem)] -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-xl font-bold text-ink">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-3 text-slate-700">{description}</AlertDialog.Description>
          {error ? (
            <p role="alert" className="mt-4 font-medium text-red-700">
              {failureText(error)}
            </p>
          ) : null}
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel className="btn-secondary min-h-10 px-4 py-2 text-sm" disabled={busy}>
              Cancel
            </AlertDialog.Cancel>
            <button
              type="button"
              className="btn min-h-10 bg-red-700 px-4 py-2 text-sm text-white hover:bg-red-800 disabled:opacity-60"
              disabled={busy}
              onClick={() => void confirm()}
            >
              {busy ? "Working…" : confirmLabel}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

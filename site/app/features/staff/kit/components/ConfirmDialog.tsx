// A confirmation before an action (revoking access, replacing a Secret ID, revoking a certificate): Radix
// AlertDialog, so focus starts on Cancel (or on the dialog's own field), stays inside, and Escape cancels. A dialog
// may hold fields (a reason, a name): Enter in them confirms, and `onConfirm` answering false keeps the dialog open
// (the field says what is wrong). The action shows its progress and failure in the dialog.
import * as AlertDialog from "@radix-ui/react-alert-dialog";
import { useState, type FormEvent, type ReactNode, type RefObject } from "react";
import { failureText } from "../format";

interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  /** Runs the action; the dialog closes when it resolves (unless to false) and shows the failure when it rejects. */
  onConfirm: () => Promise<void | false>;
  /** Fields of the dialog, under its description. */
  children?: ReactNode;
  /** The field focused when the dialog opens (else Cancel). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** A destructive action is red; another is the primary colour. */
  tone?: "danger" | "primary";
}

export function ConfirmDialog({ open, onOpenChange, title, description, confirmLabel, onConfirm, children, initialFocus, tone = "danger" }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const change = (next: boolean) => {
    if (busy) return;
    setError(null);
    onOpenChange(next);
  };
  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    try {
      const done = await onConfirm();
      setBusy(false);
      if (done !== false) onOpenChange(false);
    } catch (e) {
      setBusy(false);
      setError(e);
    }
  };
  const confirmClass =
    tone === "danger"
      ? "btn min-h-10 bg-red-700 px-4 py-2 text-sm text-white hover:bg-red-800 disabled:opacity-60"
      : "btn-primary min-h-10 px-4 py-2 text-sm disabled:opacity-60";
  return (
    <AlertDialog.Root open={open} onOpenChange={change}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[1100] bg-slate-900/60" />
        <AlertDialog.Content
          className="fixed top-1/2 left-1/2 z-[1100] max-h-[92vh] w-[min(92vw,30rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl"
          onOpenAutoFocus={(e) => {
            if (!initialFocus?.current) return;
            e.preventDefault();
            initialFocus.current.focus();
          }}
        >
          <AlertDialog.Title className="text-xl font-bold text-ink">{title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-3 text-slate-700">{description}</AlertDialog.Description>
          <form onSubmit={(e) => void confirm(e)} noValidate>
            {children ? <div className="mt-4 grid gap-2">{children}</div> : null}
            {error ? (
              <p role="alert" className="mt-4 font-medium text-red-700">
                {failureText(error)}
              </p>
            ) : null}
            <div className="mt-6 flex flex-wrap justify-end gap-3">
              <AlertDialog.Cancel className="btn-secondary min-h-10 px-4 py-2 text-sm" disabled={busy}>
                Cancel
              </AlertDialog.Cancel>
              <button type="submit" className={confirmClass} disabled={busy}>
                {busy ? "Working…" : confirmLabel}
              </button>
            </div>
          </form>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

// "Get your certificate": the name to print (the account's name at first), the rule it must follow shown under the
// field and checked before sending, then the claim. The API answers the same certificate to a second claim, so a
// retry after a lost answer is safe; its refusals (not complete, a name it will not print) show in the dialog.
import * as Dialog from "@radix-ui/react-dialog";
import { useId, useRef, useState, type FormEvent } from "react";
import { DialogCloseButton } from "#app/components/DialogCloseButton";
import { ApiError } from "#app/lib/api-client";
import type { CertificateView } from "#app/lib/api-schema";
import { certificateNameLimits, certificateNameProblem, certificateNameRule, normaliseCertificateName } from "#app/lib/certificate-name";

export const claimTexts = {
  title: "Get your certificate",
  nameLabel: "Name to print",
  confirm: "Get certificate",
  busy: "Issuing…",
  failed: "The certificate could not be issued. Please try again.",
};

interface ClaimDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The batch's name. */
  batch: string;
  /** The account's name, offered as the name to print. */
  defaultName: string;
  claim: (name: string) => Promise<CertificateView>;
  onClaimed: (certificate: CertificateView) => void;
}

/** What to say when the API refuses: its own sentence for a refusal it explains, else a plain retry. */
function refusalText(error: unknown): string {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 401 && error.messageField) return error.messageField;
  if (error instanceof ApiError && error.status === 401) return "Your session has ended. Sign in again to get your certificate.";
  return claimTexts.failed;
}

export function ClaimDialog({ open, onOpenChange, batch, defaultName, claim, onClaimed }: ClaimDialogProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [name, setName] = useState(() => normaliseCertificateName(defaultName));
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const change = (next: boolean) => {
    if (busy) return;
    setFailure(null);
    onOpenChange(next);
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const wrong = certificateNameProblem(name);
    setProblem(wrong);
    setFailure(null);
    if (wrong) {
      input.current?.focus();
      return;
    }
    setBusy(true);
    try {
      const certificate = await claim(normaliseCertificateName(name));
      setBusy(false);
      onClaimed(certificate);
      onOpenChange(false);
    } catch (error) {
      setBusy(false);
      setFailure(refusalText(error));
    }
  };

  const described = [`${id}-rule`, problem ? `${id}-problem` : null].filter(Boolean).join(" ");
  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[1100] bg-slate-900/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-[1100] max-h-[92vh] w-[min(92vw,32rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl">
          <Dialog.Title className="pr-10 text-2xl font-bold text-ink">{claimTexts.title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-slate-700">
            You completed {batch}. Check the name to print on your certificate.
          </Dialog.Description>
          <form onSubmit={(e) => void submit(e)} noValidate className="mt-5 grid gap-2" aria-label={claimTexts.title}>
            <label htmlFor={`${id}-name`} className="font-semibold text-slate-900">
              {claimTexts.nameLabel}
            </label>
            <input
              ref={input}
              id={`${id}-name`}
              name="name"
              autoComplete="name"
              value={name}
              maxLength={certificateNameLimits.max + 20}
              onChange={(e) => {
                setName(e.target.value);
                if (problem) setProblem(certificateNameProblem(e.target.value));
              }}
              aria-invalid={problem ? true : undefined}
              aria-describedby={described}
              className="min-h-11 w-full rounded-lg border border-slate-400 px-3 py-2 text-lg"
            />
            <p id={`${id}-rule`} className="text-sm text-slate-600">
              {certificateNameRule} Once issued, only the institute's staff can change it.
            </p>
            {problem && (
              <p id={`${id}-problem`} role="alert" className="text-sm font-medium text-red-700">
                {problem}
              </p>
            )}
            {failure && (
              <p role="alert" className="font-medium text-red-700">
                {failure}
              </p>
            )}
            <div className="mt-4 flex flex-wrap justify-end gap-3">
              <Dialog.Close className="btn-secondary min-h-11 text-sm" disabled={busy}>
                Cancel
              </Dialog.Close>
              <button type="submit" className="btn-primary min-h-11 text-sm" disabled={busy}>
                {busy ? claimTexts.busy : claimTexts.confirm}
              </button>
            </div>
          </form>
          <DialogCloseButton />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

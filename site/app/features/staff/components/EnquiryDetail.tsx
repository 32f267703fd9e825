// One enquiry in a dialog: every field the visitor sent, its delivery (status, attempts, last error), staff's mark and
// note; Mark handled (with the note), Resend mail, and Enrol prefilled from it (the enrolment marks it handled).
import * as Dialog from "@radix-ui/react-dialog";
import { useId, useState } from "react";
import { DialogCloseButton } from "#app/components/DialogCloseButton";
import { showToast } from "#app/components/Toasts";
import type { Enquiry, Enrolled, StaffBatch } from "#app/lib/api-schema";
import { markEnquiry, resendEnquiry } from "../api/enquiries";
import { useTokenSource } from "../kit/api/token";
import { failureText, formatTime } from "../kit/format";
import { EnrolForm } from "../kit/components/EnrolForm";
import { SecretIdReveal } from "../kit/components/SecretIdReveal";
import { DeliveryBadge, formLabel } from "./labels";
import { Field } from "../kit/components/Field";

interface EnquiryDetailProps {
  enquiry: Enquiry;
  batches: readonly StaffBatch[];
  onClose: () => void;
  /** The enquiry as the API answered it after a change. */
  onChanged: (enquiry: Enquiry) => void;
  onEnrolled: () => void;
}

/** A form field's name as staff read it: "firstName" → "First name". */
const fieldName = (key: string) => {
  const words = key.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
  return words[0]!.toUpperCase() + words.slice(1);
};

const shown = (value: unknown) => (value == null || value === "" ? "—" : typeof value === "string" ? value : JSON.stringify(value));

export function EnquiryDetail({ enquiry, batches, onClose, onChanged, onEnrolled }: EnquiryDetailProps) {
  const id = useId();
  const token = useTokenSource();
  const [note, setNote] = useState(enquiry.note ?? "");
  const [busy, setBusy] = useState<"mark" | "resend" | null>(null);
  const [enrolling, setEnrolling] = useState(false);
  const [enrolled, setEnrolled] = useState<{ enrolled: Enrolled; batch: StaffBatch } | null>(null);

  const mark = async (handled: boolean) => {
    setBusy("mark");
    try {
      const changed = await markEnquiry(token, enquiry.id, handled, note);
      onChanged(changed);
      showToast((t) => t.success(handled ? "Marked handled" : "Marked not handled"));
    } catch (e) {
      showToast((t) => t.error("Not saved", { description: failureText(e) }));
    } finally {
      setBusy(null);
    }
  };

  const resend = async () => {
    setBusy("resend");
    try {
      const changed = await resendEnquiry(token, enquiry.id);
      onChanged(changed);
      if (changed.delivery === "sent") showToast((t) => t.success("Mail sent again"));
      else showToast((t) => t.error("The mail did not go", { description: changed.lastError ?? "The mailer refused it; try again later." }));
    } catch (e) {
      showToast((t) => t.error("Not sent", { description: failureText(e) }));
    } finally {
      setBusy(null);
    }
  };

  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[1100] bg-slate-900/60" />
        <Dialog.Content className="fixed inset-y-0 right-0 z-[1100] w-full max-w-2xl overflow-y-auto bg-white p-4 shadow-xl sm:p-6">
          <Dialog.Title className="pr-12 text-2xl font-bold text-ink">Enquiry from {enquiry.name || enquiry.email}</Dialog.Title>
          <Dialog.Description className="mt-1 text-slate-600">
            {formLabel(enquiry.formType)} form, received {formatTime(enquiry.createdAt)}
          </Dialog.Description>

          <h3 className="mt-6 text-lg font-semibold">What they sent</h3>
          <dl className="mt-2 grid grid-cols-[minmax(6rem,auto)_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
            {Object.entries(enquiry.formData).map(([key, value]) => (
              <div key={key} className="contents">
                <dt className="font-semibold text-slate-800">{fieldName(key)}</dt>
                <dd className="whitespace-pre-wrap text-slate-700 [overflow-wrap:anywhere]">{shown(value)}</dd>
              </div>
            ))}
          </dl>

          <h3 className="mt-6 text-lg font-semibold">Delivery and handling</h3>
          <dl className="mt-2 grid grid-cols-[minmax(6rem,auto)_minmax(0,1fr)] gap-x-4 gap-y-2 text-sm">
            <dt className="font-semibold text-slate-800">Delivery</dt>
            <dd>
              <DeliveryBadge delivery={enquiry.delivery} /> after {enquiry.attempts} {enquiry.attempts === 1 ? "attempt" : "attempts"}
            </dd>
            {enquiry.lastError && (
              <>
                <dt className="font-semibold text-slate-800">Last error</dt>
                <dd className="text-slate-700 [overflow-wrap:anywhere]">{enquiry.lastError}</dd>
              </>
            )}
            <dt className="font-semibold text-slate-800">Handled</dt>
            <dd className="text-slate-700">
              {!enquiry.handled
                ? "Not yet"
                : enquiry.handledAt == null
                  ? `Yes, by ${enquiry.handledBy ?? "staff"}`
                  : `Yes, by ${enquiry.handledBy ?? "staff"} on ${formatTime(enquiry.handledAt)}`}
            </dd>
          </dl>

          <Field id={`${id}-note`} label="Note" className="mt-6">
            {(control) => (
              <textarea
                {...control}
                rows={3}
                maxLength={2000}
                value={note}
                onChange={(e) => setNote(e.target.value)}
                className="mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-base text-ink"
              />
            )}
          </Field>
          <div className="mt-4 flex flex-wrap gap-3">
            <button type="button" className="btn-primary min-h-10 px-4 py-2 text-sm" disabled={busy !== null} onClick={() => void mark(true)}>
              {busy === "mark" ? "Saving…" : enquiry.handled ? "Save note" : "Mark handled"}
            </button>
            {enquiry.handled && (
              <button type="button" className="btn-secondary min-h-10 px-4 py-2 text-sm" disabled={busy !== null} onClick={() => void mark(false)}>
                Mark not handled
              </button>
            )}
            <button type="button" className="btn-secondary min-h-10 px-4 py-2 text-sm" disabled={busy !== null} onClick={() => void resend()}>
              {busy === "resend" ? "Sending…" : "Resend mail"}
            </button>
            {!enrolling && !enrolled && (
              <button type="button" className="btn-secondary min-h-10 px-4 py-2 text-sm" onClick={() => setEnrolling(true)}>
                Enrol
              </button>
            )}
          </div>

          {enrolling && !enrolled && (
            <section aria-labelledby={`${id}-enrol`} className="mt-6 rounded-xl border border-slate-200 p-4">
              <h3 id={`${id}-enrol`} className="mb-4 text-lg font-semibold">
                Enrol {enquiry.name || enquiry.email}
              </h3>
              <EnrolForm
                batches={batches}
                initial={{ name: enquiry.name, email: enquiry.email, course: enquiry.course }}
                enquiryId={enquiry.id}
                onEnrolled={(done, batch) => {
                  setEnrolled({ enrolled: done, batch });
                  // The enrolment marked the enquiry handled, by whom and when it was made.
                  onChanged({ ...enquiry, handled: true, handledBy: done.enrolment.enrolledBy, handledAt: done.enrolment.enrolledAt });
                  onEnrolled();
                  showToast((t) => t.success("Enrolled", { description: `${done.enrolment.name} in ${batch.batch.name}` }));
                }}
              />
            </section>
          )}
          {enrolled && (
            <div className="mt-6">
              <SecretIdReveal enrolled={enrolled.enrolled} batchName={enrolled.batch.batch.name} />
            </div>
          )}
          <DialogCloseButton />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

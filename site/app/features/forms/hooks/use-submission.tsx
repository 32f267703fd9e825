// The submit cycle every lead form shares (docs/product.md#behaviour, #messages): idle → submitting (a second submit is ignored) →
// success (toast, form cleared, /Thank-you after a delay) or failure (toast, input and per-field reasons kept).
// Limited (429): the server's "try again in N minutes" and a WhatsApp link, so the enquiry still has a way in.
import { useCallback, useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { showToast } from "#app/components/Toasts";
import { paths } from "#app/config/paths";
import { brand } from "#app/content/brand";
import { newSubmissionId } from "#app/lib/submission-id";
import type { FormFields, FormType, SendEmailRequest } from "../api/send-email";

/** The API client loads when a form is first sent, not with the page (docs/decisions/0045-first-load-budgets.md). */
const sendEmail = async (request: SendEmailRequest) => (await import("../api/send-email")).sendEmail(request);

export const toastMs = { success: 3000, failure: 5000, limited: 15000 } as const;

/** The limited visitor's way in: when to try again, or WhatsApp now. */
function LimitedDescription({ message }: { message?: string }) {
  return (
    <>
      {message ?? "Too many submissions from your connection. Please try again in a few minutes."}{" "}
      <a href={brand.whatsapp.url} target="_blank" rel="noopener noreferrer" className="font-semibold underline">
        Message us on WhatsApp
      </a>{" "}
      instead.
    </>
  );
}

export interface SubmissionTexts {
  success: { title: string; description: string };
  /** 'Submission Failed' description when the server gave no message. */
  failedFallback: string;
  /** 'Error' description when there was no answer. */
  errorFallback: string;
}

export function useSubmission<F extends FormType>({
  formType,
  texts,
  redirectAfterMs,
}: {
  formType: F;
  texts: SubmissionTexts;
  redirectAfterMs: number;
}) {
  const navigate = useNavigate();
  const [submitting, setSubmitting] = useState(false);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const busy = useRef(false);
  const submissionId = useRef<string | null>(null);
  const redirect = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(redirect.current), []);

  const clearFieldError = useCallback(
    (name: string) => setFieldErrors((errors) => {
      if (!(name in errors)) return errors;
      const { [name]: _gone, ...rest } = errors;
      return rest;
    }),
    [],
  );

  /** Sends the form; resolves true on success (the caller then clears its inputs). */
  const submit = useCallback(
    async (formData: FormFields<F>): Promise<boolean> => {
      if (busy.current) return false;
      busy.current = true;
      setSubmitting(true);
      submissionId.current ??= newSubmissionId();
      // TypeScript does not narrow the request union by a generic form type: F's fields are F's request.
      const request = { formType, formData, submissionId: submissionId.current } as SendEmailRequest;
      const result = await sendEmail(request);
      if (result.kind === "sent") {
        submissionId.current = null;
        setFieldErrors({});
        showToast((toast) => toast.success(texts.success.title, { description: texts.success.description, duration: toastMs.success }));
        // Stays disabled until the page changes: the enquiry is in.
        const go = () => navigate(paths.thankYou);
        if (redirectAfterMs > 0) redirect.current = window.setTimeout(go, redirectAfterMs);
        else go();
        return true;
      }
      if (result.kind === "failed" && result.status === 429) {
        showToast((toast) => toast.error("Submission Failed", { description: <LimitedDescription message={result.message} />, duration: toastMs.limited }));
      } else if (result.kind === "failed") {
        setFieldErrors(result.fields);
        showToast((toast) => toast.error("Submission Failed", { description: result.message ?? texts.failedFallback, duration: toastMs.failure }));
      } else {
        showToast((toast) => toast.error("Error", { description: result.message ?? texts.errorFallback, duration: toastMs.failure }));
      }
      busy.current = false;
      setSubmitting(false);
      return false;
    },
    [formType, texts, redirectAfterMs, navigate],
  );

  /** Reasons per field from elsewhere (the card checkout's 400), shown as the form's own. */
  const showFieldErrors = useCallback((fields: Record<string, string>) => setFieldErrors(fields), []);

  return { submit, submitting, fieldErrors, clearFieldError, showFieldErrors };
}

/** The text fields of a form (the honeypot included), trimmed. */
export function formValues(form: HTMLFormElement): Record<string, string> {
  const values: Record<string, string> = {};
  new FormData(form).forEach((value, name) => {
    if (typeof value === "string") values[name] = value.trim();
  });
  return values;
}

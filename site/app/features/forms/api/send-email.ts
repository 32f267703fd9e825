// POST /api/send-email: one enquiry or enrolment request (docs/product.md#api). The server stores it before answering
// 200; a repeated submissionId is the same record, so a retry after a lost answer cannot duplicate it.
import { ApiError, apiPost, type Body } from "#app/lib/api-client";

export type SendEmailRequest = Body<"/api/send-email", "post">;
export type FormType = SendEmailRequest["formType"];
/** The fields a form of this type sends, as the contract states them (its required ones, its courses and plans). */
export type FormFields<F extends FormType> = Extract<SendEmailRequest, { formType: F }>["formData"];

export type SendEmailResult =
  | { kind: "sent"; submissionId: string }
  /** The server answered but refused: its message (if any) and its per-field reasons. */
  | { kind: "failed"; status: number; message?: string; fields: Record<string, string> }
  /** No answer: the network failed or the timeout passed. */
  | { kind: "error"; message?: string };

export async function sendEmail(request: SendEmailRequest): Promise<SendEmailResult> {
  try {
    const answer = await apiPost("/api/send-email", { body: request });
    return { kind: "sent", submissionId: answer?.submissionId ?? request.submissionId };
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    // The visitor sees the JSON body's message, else the form's own fallback (docs/product.md#messages).
    if (e.status !== 0) return { kind: "failed", status: e.status, message: e.messageField, fields: e.fields };
    // A browser's own network-failure text ("Failed to fetch", "Load failed") means nothing to a visitor.
    return { kind: "error", message: e.timedOut ? "The server took too long to answer. Please try again." : undefined };
  }
}

/** A fresh id per form fill; kept across retries of the same fill. */
export { newSubmissionId } from "#app/lib/submission-id";

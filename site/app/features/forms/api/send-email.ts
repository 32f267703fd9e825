// POST /api/send-email: one enquiry or enrolment request (SPEC §7). The server stores it before answering
// 200; a repeated submissionId is the same record, so a retry after a lost answer cannot duplicate it.
import type { SendEmailAnswer } from "../../../lib/api-schema";
import { requestJson } from "../../../lib/request";

export const sendEmailUrl = "/api/send-email";

export type FormType = "contact-form" | "registration-form" | "enrollment-form";

export interface SendEmailRequest {
  formType: FormType;
  formData: Record<string, string>;
  submissionId: string;
}

export type SendEmailResult =
  | { kind: "sent"; submissionId: string }
  /** The server answered but refused: its message (if any) and its per-field reasons. */
  | { kind: "failed"; status: number; message?: string; fields: Record<string, string> }
  /** No answer: the network failed or the 10-second timeout passed. */
  | { kind: "error"; message?: string };

const text = (v: unknown) => (typeof v === "string" && v.trim() ? v.trim() : undefined);

export async function sendEmail(request: SendEmailRequest): Promise<SendEmailResult> {
  const answer = await requestJson<Partial<SendEmailAnswer> | null>(sendEmailUrl, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(request),
  });
  if (answer.kind === "ok") return { kind: "sent", submissionId: answer.body?.submissionId ?? request.submissionId };
  if (answer.kind === "refused") {
    const body = (answer.body && typeof answer.body === "object" ? answer.body : {}) as Record<string, unknown>;
    const fields: Record<string, string> = {};
    if (body.fields && typeof body.fields === "object") {
      for (const [name, reason] of Object.entries(body.fields as Record<string, unknown>)) {
        if (typeof reason === "string") fields[name] = reason;
      }
    }
    return { kind: "failed", status: answer.status, message: text(body.message), fields };
  }
  // A browser's own network-failure text ("Failed to fetch", "Load failed") means nothing to a visitor.
  return { kind: "error", message: answer.timedOut ? "The server took too long to answer. Please try again." : undefined };
}

/** A fresh id per form fill; kept across retries of the same fill. */
export function newSubmissionId(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  // Older browsers (and plain-http origins) lack randomUUID: a version-4 UUID from random bytes.
  const b = crypto.getRandomValues(new Uint8Array(16));
  b[6] = (b[6]! & 0x0f) | 0x40;
  b[8] = (b[8]! & 0x3f) | 0x80;
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

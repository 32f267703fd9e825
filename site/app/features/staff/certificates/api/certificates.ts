// A batch's completions and certificates (/api/staff/batches/{batchId}/certificates and the calls beside it): who
// completed, marking a student complete (or not), issuing a student's certificate, revoking one with a reason. Every
// call goes through the one client's request (lib/api-client.ts) with the staff member's token; the API audits each
// write.
import { send, type SendOptions } from "../../../../lib/api-client";
import type { BatchCompletions, Certificate, StudentCompletion } from "../../../../lib/api-schema";
import { tokenFrom, type TokenSource } from "../../api/token";

async function call<T>(method: string, path: string, source: TokenSource, options: SendOptions): Promise<T> {
  const token = await tokenFrom(source);
  return send(method, path, { ...options, token }, "application/json", (res) => res.json() as Promise<T>);
}

const student = "/api/staff/batches/{batchId}/students/{studentId}";

export const getBatchCompletions = (source: TokenSource, batchId: string) =>
  call<BatchCompletions>("get", "/api/staff/batches/{batchId}/certificates", source, { params: { batchId } });

/** Marks the student complete (they finished in class) or takes the mark away; answers their row. */
export const setCompletion = (source: TokenSource, batchId: string, studentId: string, complete: boolean) =>
  call<StudentCompletion>("put", `${student}/completion`, source, { params: { batchId, studentId }, body: { complete } });

/** Issues the certificate of a complete student with the name to print. */
export const issueCertificate = (source: TokenSource, batchId: string, studentId: string, name: string) =>
  call<Certificate>("post", `${student}/certificate`, source, { params: { batchId, studentId }, body: { name } });

/** Revokes a certificate: its verification page says revoked from now on. */
export const revokeCertificate = (source: TokenSource, id: string, reason: string) =>
  call<Certificate>("post", "/api/staff/certificates/{id}/revoke", source, { params: { id }, body: { reason } });

// A batch's completions and certificates (/api/staff/batches/{batchId}/certificates and the calls beside it): who
// completed, marking a student complete (or not), issuing a student's certificate, correcting its name, revoking one
// with a reason. Every
// call goes through the one client (lib/api-client.ts) with the staff member's token; the API audits each write.
import { apiGet, apiPatch, apiPost, apiPut } from "#app/lib/api-client";
import type { BatchCertificates, CertificateView, StudentCompletion } from "#app/lib/api-schema";
import { tokenFrom, type TokenSource } from "#app/lib/access-token";

export const getBatchCompletions = async (source: TokenSource, batchId: string): Promise<BatchCertificates> =>
  apiGet("/api/staff/batches/{batchId}/certificates", { token: await tokenFrom(source), params: { batchId } });

/** Marks the student complete (they finished in class) or takes the mark away; answers their row. */
export const setCompletion = async (source: TokenSource, batchId: string, studentId: string, complete: boolean): Promise<StudentCompletion> =>
  apiPut("/api/staff/batches/{batchId}/students/{studentId}/completion", {
    token: await tokenFrom(source),
    params: { batchId, studentId },
    body: { complete },
  });

/** Issues the certificate of a complete student with the name to print. */
export const issueCertificate = async (source: TokenSource, batchId: string, studentId: string, name: string): Promise<CertificateView> =>
  apiPost("/api/staff/batches/{batchId}/students/{studentId}/certificate", {
    token: await tokenFrom(source),
    params: { batchId, studentId },
    body: { name },
  });

/** Revokes a certificate: its verification page says revoked from now on. */
export const revokeCertificate = async (source: TokenSource, id: string, reason: string): Promise<CertificateView> =>
  apiPost("/api/staff/certificates/{id}/revoke", { token: await tokenFrom(source), params: { id }, body: { reason } });

/** Corrects the name printed on a certificate (the API makes its PDF again). */
export const renameCertificate = async (source: TokenSource, id: string, name: string): Promise<CertificateView> =>
  apiPatch("/api/staff/certificates/{id}", { token: await tokenFrom(source), params: { id }, body: { name } });

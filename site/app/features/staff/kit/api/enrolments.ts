// Staff's enrolments (/api/staff/batches, /api/staff/enrolments*): the batches with their counts, a batch's students
// a page at a time, enrolling one (the Secret ID answered once) or a pasted list, revoking, and a new Secret ID.
import { apiDelete, apiGet, apiPost } from "#app/lib/api-client";
import type { BulkAnswer, Enrolled, EnrolmentPage, EnrolmentView, StaffBatch } from "#app/lib/api-schema";
import { tokenFrom, type TokenSource } from "#app/lib/access-token";

export const getStaffBatches = async (source: TokenSource): Promise<StaffBatch[]> =>
  (await apiGet("/api/staff/batches", { token: await tokenFrom(source) })).batches;

export const listBatchEnrolments = async (source: TokenSource, batchId: string, cursor?: string | null): Promise<EnrolmentPage> =>
  apiGet("/api/staff/batches/{batchId}/enrolments", { token: await tokenFrom(source), params: { batchId }, query: { cursor: cursor ?? undefined } });

export interface NewEnrolment {
  batchId: string;
  name: string;
  email: string;
  /** `YYYY-MM-DD`, the last day of access; empty: until revoked. */
  accessUntil?: string;
  /** The enquiry it answers (marked handled). */
  enquiryId?: string;
}

/** Enrols one student and mails the welcome; the Secret ID is in the answer this once. */
export const enrol = async (source: TokenSource, { accessUntil, enquiryId, ...student }: NewEnrolment): Promise<Enrolled> =>
  apiPost("/api/staff/enrolments", {
    token: await tokenFrom(source),
    body: { ...student, ...(accessUntil ? { accessUntil } : {}), ...(enquiryId ? { enquiryId } : {}) },
  });

/** Enrols each `name,email` line of `csv`; answers every line's outcome. */
export const bulkEnrol = async (source: TokenSource, batchId: string, csv: string, accessUntil?: string): Promise<BulkAnswer> =>
  apiPost("/api/staff/batches/{batchId}/enrolments/bulk", {
    token: await tokenFrom(source),
    params: { batchId },
    body: { csv, ...(accessUntil ? { accessUntil } : {}) },
  });

/** Revokes at once: the Secret ID stops working and no account holds the batch any more. */
export const revokeEnrolment = async (source: TokenSource, id: string): Promise<EnrolmentView> =>
  apiDelete("/api/staff/enrolments/{id}", { token: await tokenFrom(source), params: { id } });

/** Issues a new Secret ID (the old one stops working) and mails it. */
export const resendWelcome = async (source: TokenSource, id: string): Promise<Enrolled> =>
  apiPost("/api/staff/enrolments/{id}/resend", { token: await tokenFrom(source), params: { id } });

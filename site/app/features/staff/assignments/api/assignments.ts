// A batch's assignments and their review (/api/staff/batches/{batchId}/assignments, /api/staff/assignments/*,
// /api/staff/submissions*): list, post, change, the certificate rule, staff's attachments (uploaded in parts, removed),
// the hand-ins of one assignment, the queue to review (one batch or all, oldest first), one submission, and its review.
import { send, type SendOptions } from "#app/lib/api-client";
import { tokenFrom, type TokenSource } from "#app/lib/access-token";
import type { AssignmentChange, FileUploadStarted, Grade, NewAssignment, QueueItem, StaffAssignment, StaffSubmission } from "./types";

async function call<T>(method: string, path: string, source: TokenSource, options: SendOptions = {}): Promise<T> {
  const token = await tokenFrom(source);
  return send(method, path, { ...options, token }, "application/json", (res) => res.json().catch(() => null) as Promise<T>);
}

/** The batch's assignments (by due time) and its certificate rule. */
export const listAssignments = (source: TokenSource, batchId: string) =>
  call<{ assignments: StaffAssignment[]; requireAllPassed: boolean }>("get", "/api/staff/batches/{batchId}/assignments", source, { params: { batchId } });

/** Whether the batch's certificate also needs every published assignment passed. */
export const setAssignmentRule = (source: TokenSource, batchId: string, requireAllPassed: boolean) =>
  call<{ requireAllPassed: boolean }>("put", "/api/staff/batches/{batchId}/assignment-rule", source, { params: { batchId }, body: { requireAllPassed } });

export const postAssignment = (source: TokenSource, batchId: string, body: NewAssignment) =>
  call<StaffAssignment>("post", "/api/staff/batches/{batchId}/assignments", source, { params: { batchId }, body });

export const getAssignment = (source: TokenSource, id: string) => call<StaffAssignment>("get", "/api/staff/assignments/{id}", source, { params: { id } });

export const changeAssignment = (source: TokenSource, id: string, body: AssignmentChange) =>
  call<StaffAssignment>("patch", "/api/staff/assignments/{id}", source, { params: { id }, body });

export const beginAttachment = (source: TokenSource, id: string, file: { fileName: string; size: number; contentType: string }) =>
  call<FileUploadStarted>("post", "/api/staff/assignments/{id}/attachments", source, { params: { id }, body: file });

export const completeAttachment = (source: TokenSource, id: string, fileId: string, parts: { number: number; etag: string }[]) =>
  call<StaffAssignment>("post", "/api/staff/assignments/{id}/attachments/{fileId}/complete", source, { params: { id, fileId }, body: { parts } });

export const removeAttachment = (source: TokenSource, id: string, fileId: string) =>
  call<StaffAssignment>("delete", "/api/staff/assignments/{id}/attachments/{fileId}", source, { params: { id, fileId } });

export const listSubmissions = async (source: TokenSource, id: string): Promise<QueueItem[]> =>
  (await call<{ submissions: QueueItem[] }>("get", "/api/staff/assignments/{id}/submissions", source, { params: { id } })).submissions;

/** Hand-ins waiting for a review, oldest first: one batch's, or every batch's. */
export const reviewQueue = async (source: TokenSource, batchId?: string): Promise<QueueItem[]> =>
  (await call<{ submissions: QueueItem[] }>("get", "/api/staff/submissions", source, { query: { batchId, state: "waiting" } })).submissions;

export const getSubmission = (source: TokenSource, id: string) => call<StaffSubmission>("get", "/api/staff/submissions/{id}", source, { params: { id } });

export const reviewSubmission = (source: TokenSource, id: string, body: { feedback: string; result: Grade }) =>
  call<StaffSubmission>("post", "/api/staff/submissions/{id}/review", source, { params: { id }, body });

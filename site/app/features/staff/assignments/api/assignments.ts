// A batch's assignments and their review (/api/staff/batches/{batchId}/assignments, /api/staff/assignments/*,
// /api/staff/submissions/*): list, post, change, staff's attachments (uploaded in parts), the hand-ins of one
// assignment, the queue to review (one batch or all, oldest first), one submission, and its review.
import { send, type SendOptions } from "../../../../lib/api-client";
import { tokenFrom, type TokenSource } from "../../api/token";
import type { AssignmentInput, FileUploadStarted, Grade, QueueItem, StaffAssignment, StaffFile, StaffSubmission } from "./types";

async function call<T>(method: string, path: string, source: TokenSource, options: SendOptions = {}): Promise<T> {
  const token = await tokenFrom(source);
  return send(method, path, { ...options, token }, "application/json", (res) => res.json().catch(() => null) as Promise<T>);
}

export const listAssignments = async (source: TokenSource, batchId: string): Promise<StaffAssignment[]> =>
  (await call<{ assignments: StaffAssignment[] }>("get", "/api/staff/batches/{batchId}/assignments", source, { params: { batchId } })).assignments;

export const postAssignment = (source: TokenSource, batchId: string, body: AssignmentInput) =>
  call<StaffAssignment>("post", "/api/staff/batches/{batchId}/assignments", source, { params: { batchId }, body });

export const getAssignment = (source: TokenSource, id: string) => call<StaffAssignment>("get", "/api/staff/assignments/{id}", source, { params: { id } });

export const changeAssignment = (source: TokenSource, id: string, body: Partial<AssignmentInput>) =>
  call<StaffAssignment>("patch", "/api/staff/assignments/{id}", source, { params: { id }, body });

export const beginAttachment = (source: TokenSource, id: string, file: { fileName: string; size: number; contentType: string }) =>
  call<FileUploadStarted>("post", "/api/staff/assignments/{id}/attachments", source, { params: { id }, body: file });

export const completeAttachment = (source: TokenSource, id: string, fileId: string, parts: { number: number; etag: string }[]) =>
  call<StaffFile>("post", "/api/staff/assignments/{id}/attachments/{fileId}/complete", source, { params: { id, fileId }, body: { parts } });

export const listSubmissions = async (source: TokenSource, id: string): Promise<QueueItem[]> =>
  (await call<{ submissions: QueueItem[] }>("get", "/api/staff/assignments/{id}/submissions", source, { params: { id } })).submissions;

/** Hand-ins waiting for a review, oldest first: one batch's, or every batch's. */
export const reviewQueue = async (source: TokenSource, batchId?: string): Promise<QueueItem[]> =>
  (await call<{ submissions: QueueItem[] }>("get", "/api/staff/reviews", source, { query: { batchId } })).submissions;

export const getSubmission = (source: TokenSource, id: string) => call<StaffSubmission>("get", "/api/staff/submissions/{id}", source, { params: { id } });

export const reviewSubmission = (source: TokenSource, id: string, body: { feedback: string; result: Grade }) =>
  call<StaffSubmission>("post", "/api/staff/submissions/{id}/review", source, { params: { id }, body });

// A signed-in student's assignments (/api/me/assignments*): the list with each one's state, one assignment with its
// instructions, the student's own submission (draft, hand-in, review), and a file's upload in parts. Every call sends
// the student's token; the route gives the token source (features never import one another).
import { tokenFrom, type TokenSource } from "#app/lib/access-token";
import { send, type SendOptions } from "#app/lib/api-client";
import type { FileUploadStarted, FileView, MyAssignment, MyAssignmentDetail, MySubmission, SubmissionDraft } from "./types";

async function call<T>(method: string, path: string, source: TokenSource, options: SendOptions = {}): Promise<T> {
  const token = await tokenFrom(source);
  return send(method, path, { ...options, token }, "application/json", (res) => res.json().catch(() => null) as Promise<T>);
}

const one = "/api/me/assignments/{id}";
const submission = `${one}/submission`;

export const getMyAssignments = async (source: TokenSource): Promise<MyAssignment[]> =>
  (await call<{ assignments: MyAssignment[] }>("get", "/api/me/assignments", source)).assignments;

export const getMyAssignment = (source: TokenSource, id: string) => call<MyAssignmentDetail>("get", one, source, { params: { id } });

/** The student's own work on it: the draft, every version handed in, and the reviews. */
export const getMySubmission = (source: TokenSource, id: string) => call<MySubmission>("get", submission, source, { params: { id } });

/** Saves the draft: the text, the links and the uploaded files' ids. */
export const saveDraft = (source: TokenSource, id: string, draft: SubmissionDraft) => call<unknown>("put", submission, source, { params: { id }, body: draft });

/** Hands in the saved draft (again, until the deadline; late after it unless closed). */
export const submitDraft = (source: TokenSource, id: string) => call<unknown>("post", `${submission}/submit`, source, { params: { id } });

/** Begins a file's upload: its id and the parts' addresses. */
export const beginFile = (source: TokenSource, id: string, file: { fileName: string; size: number; contentType: string }) =>
  call<FileUploadStarted>("post", `${one}/files`, source, { params: { id }, body: file });

/** Joins the parts; the server checks the file's content before it is kept. */
export const completeFile = (source: TokenSource, id: string, fileId: string, parts: { number: number; etag: string }[]) =>
  call<FileView>("post", `${one}/files/{fileId}/complete`, source, { params: { id, fileId }, body: { parts } });

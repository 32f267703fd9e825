// A batch's lectures (/api/staff/batches/{batchId}/lectures*): the list, adding one (a recording awaiting its upload,
// or an embed), changing, moving, publishing and deleting one, retrying its processing, its captions, and the three
// calls of an upload in parts (begin or resume, then complete). Every call goes through the one client's request
// (lib/api-client.ts); the bodies and answers are the contract's generated types (lib/api-schema.ts).
import { send, type SendOptions } from "#app/lib/api-client";
import { tokenFrom, type TokenSource } from "#app/lib/access-token";
import type {
  CompleteRequest,
  LectureChange,
  NewLecture,
  StaffLecture,
  StaffLectures,
  UploadRequest,
  UploadStarted,
} from "#app/lib/api-schema";

/** How often a list with a lecture still processing is read again (the Lectures panel, a session's new recording). */
export const POLL_MS = 3_000;

const lectures = "/api/staff/batches/{batchId}/lectures";
const lecture = `${lectures}/{lectureNumber}`;

async function call<T>(method: string, path: string, source: TokenSource, options: SendOptions): Promise<T> {
  const token = await tokenFrom(source);
  return send(method, path, { ...options, token }, "application/json", (res) => res.json().catch(() => null) as Promise<T>);
}

const at = (batchId: string, lectureNumber?: number) => ({
  batchId,
  ...(lectureNumber === undefined ? {} : { lectureNumber: String(lectureNumber) }),
});

export const listLectures = async (source: TokenSource, batchId: string): Promise<StaffLecture[]> =>
  (await call<StaffLectures>("get", lectures, source, { params: at(batchId) })).lectures;

/** Adds a lecture: without `embedUrl` a recording awaiting its upload, with it an embed, ready at once. */
export const addLecture = (source: TokenSource, batchId: string, body: NewLecture) =>
  call<StaffLecture>("post", lectures, source, { params: at(batchId), body });

/** Retitles, describes, publishes or unpublishes, or moves the lecture to a free number. */
export const changeLecture = (source: TokenSource, batchId: string, lectureNumber: number, body: LectureChange) =>
  call<StaffLecture>("patch", lecture, source, { params: at(batchId, lectureNumber), body });

/** Deletes the lecture with its recording, renditions and captions. */
export const deleteLecture = (source: TokenSource, batchId: string, lectureNumber: number) =>
  call<null>("delete", lecture, source, { params: at(batchId, lectureNumber) }).then(() => undefined);

/** Processes the uploaded recording again after a failure. */
export const retryLecture = (source: TokenSource, batchId: string, lectureNumber: number) =>
  call<StaffLecture>("post", `${lecture}/retry`, source, { params: at(batchId, lectureNumber) });

/** Replaces the lecture's captions with a WebVTT file's text. */
export const putCaptions = (source: TokenSource, batchId: string, lectureNumber: number, vtt: string) =>
  call<StaffLecture>("put", `${lecture}/captions`, source, { params: at(batchId, lectureNumber), raw: { body: vtt, contentType: "text/vtt" } });

/** Begins an upload in parts, or resumes the open one for the same file: every part's URL and the parts stored. */
export const beginUpload = (source: TokenSource, batchId: string, lectureNumber: number, body: UploadRequest) =>
  call<UploadStarted>("post", `${lecture}/upload`, source, { params: at(batchId, lectureNumber), body });

/** Joins the parts (all of them, in order, each with its ETag): the lecture goes on to processing. */
export const completeUpload = (source: TokenSource, batchId: string, lectureNumber: number, body: CompleteRequest) =>
  call<StaffLecture>("post", `${lecture}/upload/complete`, source, { params: at(batchId, lectureNumber), body });

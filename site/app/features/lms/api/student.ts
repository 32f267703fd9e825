// A signed-in student's own learning (/api/me/*): the batches linked to the account and the progress in each
// lecture. Every call sends the student's access token; the route gives the token source (features never import
// one another: the routes join lms to auth).
import { tokenFrom, type TokenSource } from "#app/lib/access-token";
import { apiGet, apiPost, apiPut } from "#app/lib/api-client";
import type { LectureProgress, MyBatch, ProgressUpdate } from "#app/lib/api-schema";

export const getMyBatches = async (source: TokenSource): Promise<MyBatch[]> =>
  (await apiGet("/api/me/batches", { token: await tokenFrom(source) })).batches;

/** Links a Secret ID to the account (the API checks it like the lecture list does, with the same guessing limit). */
export const linkBatch = async (source: TokenSource, batchId: string, secretId: string): Promise<MyBatch> =>
  apiPost("/api/me/batches", { token: await tokenFrom(source), body: { batchId, secretId } });

export const getProgress = async (source: TokenSource, batchId: string): Promise<LectureProgress[]> =>
  (await apiGet("/api/me/progress/{batchId}", { token: await tokenFrom(source), params: { batchId } })).lectures;

/** Saves where the student is in one lecture; `keepalive` lets the last save outlive a closing tab. */
export const saveProgress = async (
  source: TokenSource,
  batchId: string,
  lectureNumber: number,
  update: ProgressUpdate,
  { keepalive = false } = {},
): Promise<LectureProgress> =>
  apiPut("/api/me/progress/{batchId}/{lectureNumber}", {
    token: await tokenFrom(source),
    params: { batchId, lectureNumber: String(lectureNumber) },
    body: update,
    keepalive,
  });

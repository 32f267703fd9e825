// GET /api/batches/{batchId}/videos with the Secret ID in X-Secret-Id (the batch's own, kept per batch by
// lib/secret-ids.ts), or for a signed-in student who linked the batch, with their access token instead.
import { apiGet } from "#app/lib/api-client";
import type { Video } from "#app/lib/api-schema";
import { tokenFrom, type TokenSource } from "#app/lib/access-token";

/** How the lecture list is opened: a Secret ID, or the signed-in student's linked batch. */
export type VideoAccess = { secretId: string } | { token: TokenSource };

export async function getVideos(batchId: string, access: VideoAccess): Promise<Video[]> {
  const how = "secretId" in access ? { headers: { "X-Secret-Id": access.secretId } } : { token: await tokenFrom(access.token) };
  return (await apiGet("/api/batches/{batchId}/videos", { params: { batchId }, ...how })).videos ?? [];
}

/** docs/product.md#validation: a Secret ID must be non-empty after trimming. */
export function validateSecretId(value: string): string | null {
  return value.trim() ? null : "Secret ID cannot be empty.";
}

/** "Too many attempts" in plain words, with when to try again. */
export function retryMessage(retryAfterSeconds: number | undefined): string {
  if (!retryAfterSeconds) return "Too many attempts. Please wait a few minutes and try again.";
  const minutes = Math.ceil(retryAfterSeconds / 60);
  return retryAfterSeconds < 90
    ? `Too many attempts. Please try again in ${retryAfterSeconds} seconds.`
    : `Too many attempts. Please try again in ${minutes} minutes.`;
}

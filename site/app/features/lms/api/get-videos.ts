// GET /api/batches/{batchId}/videos with the Secret ID in X-Secret-Id; the ID is kept in localStorage.
import { apiGet } from "../../../lib/api-client";
import type { Video } from "../../../lib/api-schema";

export const SECRET_ID_KEY = "videoSecretId";

export const getVideos = async (batchId: string, secretId: string): Promise<Video[]> =>
  (await apiGet("/api/batches/{batchId}/videos", { params: { batchId }, headers: { "X-Secret-Id": secretId } })).videos ?? [];

export function storedSecretId(): string {
  try {
    return window.localStorage.getItem(SECRET_ID_KEY) ?? "";
  } catch {
    return "";
  }
}

export function storeSecretId(secretId: string) {
  try {
    window.localStorage.setItem(SECRET_ID_KEY, secretId);
  } catch {
    /* storage unavailable: the ID is used for this request only */
  }
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

// Asking for a batch's lectures with a Secret ID (or a signed-in student's token): stores the ID, and turns every failure into the product's words
// (docs/product.md#states).
import { useCallback, useState } from "react";
import { ApiError } from "../../../lib/api-client";
import type { Video } from "../../../lib/api-schema";
import { getVideos, retryMessage, storeSecretId, type VideoAccess } from "../api/get-videos";

export type VideosResult = { ok: true; videos: Video[] } | { ok: false; message: string };

/** `unauthorized` is the text for 401/403 without a server message; `other` for every other failure. */
export interface VideosTexts {
  unauthorized: string;
  other: string;
  useServerMessage?: boolean;
}

export async function requestVideos(batchId: string, access: VideoAccess, texts: VideosTexts): Promise<VideosResult> {
  if ("secretId" in access) storeSecretId(access.secretId);
  try {
    return { ok: true, videos: await getVideos(batchId, access) };
  } catch (e) {
    if (e instanceof ApiError && (e.status === 401 || e.status === 403)) return { ok: false, message: e.serverMessage ?? texts.unauthorized };
    if (e instanceof ApiError && e.status === 429) return { ok: false, message: retryMessage(e.retryAfterSeconds) };
    if (texts.useServerMessage && e instanceof ApiError && e.serverMessage) return { ok: false, message: e.serverMessage };
    return { ok: false, message: texts.other };
  }
}

/** requestVideos with its pending state. */
export function useBatchVideos(batchId: string, texts: VideosTexts) {
  const [busy, setBusy] = useState(false);
  const { unauthorized, other, useServerMessage } = texts;
  const request = useCallback(
    async (secretId: string): Promise<VideosResult> => {
      setBusy(true);
      try {
        return await requestVideos(batchId, { secretId }, { unauthorized, other, useServerMessage });
      } finally {
        setBusy(false);
      }
    },
    [batchId, unauthorized, other, useServerMessage],
  );
  return { request, busy };
}

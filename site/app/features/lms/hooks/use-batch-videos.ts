// Asking for a batch's lectures with a Secret ID (or a signed-in student's token): keeps an ID that opens them, for
// that batch only, forgets one the API refuses, and turns every failure into the product's words
// (docs/product.md#messages).
import { useCallback, useState } from "react";
import { ApiError } from "#app/lib/api-client";
import type { Video } from "#app/lib/api-schema";
import { forgetSecretId, keepSecretId, type SecretIdOwner } from "#app/lib/secret-ids";
import { getVideos, retryMessage, type VideoAccess } from "../api/get-videos";

export type VideosResult = { ok: true; videos: Video[] } | { ok: false; message: string };

/** `unauthorized` is the text for 401/403 without a server message; `other` for every other failure. */
export interface VideosTexts {
  unauthorized: string;
  other: string;
  useServerMessage?: boolean;
}

/**
 * The batch's lectures. A Secret ID that opens them is kept for this batch only, as `owner`'s (the signed-in account,
 * or null signed out; lib/secret-ids.ts); one the API refuses is forgotten, so it is not sent again. A wrong ID is
 * never kept. `owner` does not matter for a token.
 */
export async function requestVideos(batchId: string, access: VideoAccess, texts: VideosTexts, owner: SecretIdOwner): Promise<VideosResult> {
  const secretId = "secretId" in access ? access.secretId : null;
  try {
    const videos = await getVideos(batchId, access);
    if (secretId) keepSecretId(batchId, secretId, owner);
    return { ok: true, videos };
  } catch (e) {
    if (e instanceof ApiError && (e.status === 401 || e.status === 403)) {
      if (secretId) forgetSecretId(batchId);
      return { ok: false, message: e.serverMessage ?? texts.unauthorized };
    }
    if (e instanceof ApiError && e.status === 429) return { ok: false, message: retryMessage(e.retryAfterSeconds) };
    if (texts.useServerMessage && e instanceof ApiError && e.serverMessage) return { ok: false, message: e.serverMessage };
    return { ok: false, message: texts.other };
  }
}

/** requestVideos with a Secret ID, with its pending state; `owner` answers whose the ID is when it is sent. */
export function useBatchVideos(batchId: string, texts: VideosTexts, owner: () => SecretIdOwner) {
  const [busy, setBusy] = useState(false);
  const { unauthorized, other, useServerMessage } = texts;
  const request = useCallback(
    async (secretId: string): Promise<VideosResult> => {
      setBusy(true);
      try {
        return await requestVideos(batchId, { secretId }, { unauthorized, other, useServerMessage }, owner());
      } finally {
        setBusy(false);
      }
    },
    [batchId, unauthorized, other, useServerMessage, owner],
  );
  return { request, busy };
}

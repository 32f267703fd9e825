// Asking for a batch's lectures with a Secret ID: stores the ID, and turns every failure into SPEC's words.
import { useCallback, useState } from "react";
import { ApiError } from "../../../lib/api-client";
import { getVideos, retryMessage, storeSecretId } from "../api/get-videos";
import type { Video } from "../../../lib/api-schema";

export type VideosResult = { ok: true; videos: Video[] } | { ok: false; message: string };

/** `unauthorized` is the text for 401/403 without a server message; `other` for every other failure. */
export function useBatchVideos(batchId: string, texts: { unauthorized: string; other: string; useServerMessage?: boolean }) {
  const [busy, setBusy] = useState(false);
  const request = useCallback(
    async (secretId: string): Promise<VideosResult> => {
      storeSecretId(secretId);
      setBusy(true);
      try {
        return { ok: true, videos: await getVideos(batchId, secretId) };
      } catch (e) {
        if (e instanceof ApiError && (e.status === 401 || e.status === 403)) return { ok: false, message: e.serverMessage ?? texts.unauthorized };
        if (e instanceof ApiError && e.status === 429) return { ok: false, message: retryMessage(e.retryAfterSeconds) };
        if (texts.useServerMessage && e instanceof ApiError && e.serverMessage) return { ok: false, message: e.serverMessage };
        return { ok: false, message: texts.other };
      } finally {
        setBusy(false);
      }
    },
    [batchId, texts.unauthorized, texts.other, texts.useServerMessage],
  );
  return { request, busy };
}

// A lecture file (an MP4, or an HLS recording's playlist or segment) whose signed link expired or was refused: ask for a fresh list the same way (Secret ID or the
// signed-in student's token), swap in
// this lecture's new link and pick up at the second it had reached. One automatic retry per failure burst.
import { useCallback, useRef, useState } from "react";
import { ApiError } from "#app/lib/api-client";
import { getVideos, retryMessage } from "../api/get-videos";
import type { PlayingLecture } from "../player";
import { startPosition } from "../progress";

/** A fresh link that fails before it loaded, or sooner than this after the retry, ends the burst: no second retry. */
export const RETRY_WINDOW_MS = 5_000;

export const lectureFailureTexts = {
  /** The fresh list answered 401/403: the Secret ID no longer opens this batch. */
  refused: "This lecture could not be loaded. Your Secret ID may have been revoked — ask the institute for a new one.",
  /** docs/product.md#messages, "Other video failure". */
  failed: "Error loading video. Please try again.",
};

export type LectureFailure = { message: string; canRetry: boolean };

/** The part of the <video> element the hook reads and writes. */
type Media = Pick<HTMLMediaElement, "currentTime" | "duration">;
type MediaEvent = { currentTarget: Media };

/**
 * `attempt` changes with every fresh link, so the player can start a new <video> even when the URL is the same. An HLS
 * recording's poster and captions are signed links too, renewed with it.
 */
type Source = { src: string; kind?: string | null; poster?: string | null; captions?: string | null; attempt: number; startAt: number; autoPlay: boolean };

const linksOf = ({ url, kind, poster, captions }: PlayingLecture["video"]) => ({ src: url, kind, poster, captions });

function failureOf(error: unknown): LectureFailure {
  if (error instanceof ApiError && (error.status === 401 || error.status === 403)) return { message: lectureFailureTexts.refused, canRetry: false };
  if (error instanceof ApiError && error.status === 429) return { message: retryMessage(error.retryAfterSeconds), canRetry: true };
  return { message: lectureFailureTexts.failed, canRetry: true };
}

export function useFreshLectureSource({ video, access, startAt = 0 }: PlayingLecture) {
  const [source, setSource] = useState<Source>({ ...linksOf(video), attempt: 0, startAt, autoPlay: true });
  const [failure, setFailure] = useState<LectureFailure | null>(null);
  const [busy, setBusy] = useState(false);
  const playing = useRef(true); // the overlay opens playing
  const reached = useRef(0);
  const refreshing = useRef(false);
  const lastRetry = useRef<{ at: number; loaded: boolean } | null>(null);

  const refresh = useCallback(
    async (startAt: number, autoPlay: boolean) => {
      refreshing.current = true;
      setBusy(true);
      lastRetry.current = { at: Date.now(), loaded: false };
      try {
        const fresh = (await getVideos(video.batchId, access)).find((v) => v.lectureNumber === video.lectureNumber);
        if (fresh) {
          setSource((s) => ({ ...linksOf(fresh), attempt: s.attempt + 1, startAt, autoPlay }));
          setFailure(null);
        } else setFailure({ message: lectureFailureTexts.failed, canRetry: true });
      } catch (e) {
        setFailure(failureOf(e));
      } finally {
        refreshing.current = false;
        setBusy(false);
      }
    },
    [video.batchId, video.lectureNumber, access],
  );

  const onError = useCallback(
    ({ currentTarget }: MediaEvent) => {
      if (refreshing.current) return;
      reached.current = currentTarget.currentTime || reached.current;
      const last = lastRetry.current;
      if (last && !(last.loaded && Date.now() - last.at >= RETRY_WINDOW_MS)) {
        setFailure({ message: lectureFailureTexts.failed, canRetry: true });
        return;
      }
      void refresh(reached.current, playing.current);
    },
    [refresh],
  );

  const onLoadedMetadata = useCallback(
    ({ currentTarget }: MediaEvent) => {
      // hls.js may already stand at `startAt` (its startPosition); a file, native HLS, or a start at the very end
      // (back to 0) is moved here.
      const at = startPosition(source.startAt, currentTarget.duration);
      if (Math.abs(currentTarget.currentTime - at) > 0.5) currentTarget.currentTime = at;
    },
    [source.startAt],
  );

  const media = {
    onError,
    onLoadedMetadata,
    onLoadedData: () => {
      if (lastRetry.current) lastRetry.current.loaded = true;
    },
    onPlay: () => {
      playing.current = true;
    },
    onPause: () => {
      playing.current = false;
    },
  };

  /** "Try again" after a failure: a new burst, resuming where the lecture stopped; the message stays until a link comes. */
  const retry = useCallback(() => {
    if (!refreshing.current) void refresh(reached.current, true);
  }, [refresh]);

  return { source, failure, busy, media, retry };
}

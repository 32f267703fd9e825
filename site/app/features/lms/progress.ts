// A signed-in student's progress in a lecture (docs/product.md#lecture-progress): how often the player reports the
// position, and where a lecture resumes. Whether a lecture is watched is the server's measure of those reports (90 %
// of a lecture file covered at no more than the fastest speed, or ten minutes on an embed's page), never the site's.
import { apiRules } from "../../lib/api-contract";
import type { LectureProgress, ProgressUpdate } from "../../lib/api-schema";

/** A lecture near its end (this share of it) starts again from the beginning (`startPosition`). */
export const COMPLETED_FRACTION = 0.9;
/** While playing, the position is saved at most this often (and always at the start, on pause, after a seek, at the
 * end and on leaving). */
export const SAVE_EVERY_MS = 10_000;
/** An embed's open page reports itself this often; the server counts the time between reports. */
export const EMBED_SAVE_EVERY_MS = 30_000;
/** Minutes on an embed's page after which the server counts it watched. */
export const EMBED_WATCHED_AFTER_MIN = 10;
/** A lecture left in its last 5 seconds (a short one: its last 10 %) starts again from the beginning. */
export const RESTART_WITHIN_S = 5;
/** The longest position the API takes (the contract's bound). */
const MAX_POSITION_S = apiRules.ProgressUpdate.positionSeconds.maximum;

/** Where a saved position goes (the route sends it to the API). `keepalive`: the page may be closing. */
export type ProgressSink = (update: ProgressUpdate, options: { keepalive: boolean }) => void;

/** What the tracker reads of the <video> element. */
export type MediaState = Pick<HTMLMediaElement, "currentTime">;

/** The second to start a lecture at, once its length is known: `startAt`, unless that is at its very end. */
export function startPosition(startAt: number, duration: number): number {
  const nearEnd = Number.isFinite(duration) && startAt >= duration - Math.min(RESTART_WITHIN_S, duration * (1 - COMPLETED_FRACTION));
  return startAt > 0 && !nearEnd ? startAt : 0;
}

/** A lecture's progress by its number. */
export type ProgressByLecture = Record<number, LectureProgress>;

export const byLecture = (all: LectureProgress[]): ProgressByLecture => Object.fromEntries(all.map((p) => [p.lectureNumber, p]));

/** Lectures of `lectureNumbers` the server counts as watched. */
export const watchedCount = (progress: ProgressByLecture, lectureNumbers: number[]) =>
  lectureNumbers.filter((n) => progress[n]?.completed).length;

/**
 * Follows one lecture's playback and hands the position to `sink`: when it starts playing, every SAVE_EVERY_MS while
 * it plays, on pause, after a seek, at the end, and on leave (with keepalive). The server measures the watching from
 * these reports and its own clock, so each one says where playback is at that moment. The same second is not sent
 * twice in a row.
 */
export function progressTracker(sink: ProgressSink, now: () => number = Date.now) {
  let seen: number | null = null;
  let sent: number | null = null;
  let sentAt = now();

  const save = (keepalive: boolean) => {
    if (seen === null) return;
    const positionSeconds = Math.min(Math.max(0, Math.floor(seen)), MAX_POSITION_S);
    sentAt = now();
    if (sent === positionSeconds) return;
    sent = positionSeconds;
    sink({ positionSeconds }, { keepalive });
  };
  const see = (media: MediaState) => {
    if (Number.isFinite(media.currentTime)) seen = media.currentTime;
  };
  const saveNow = (media: MediaState) => {
    see(media);
    save(false);
  };

  return {
    timeUpdate(media: MediaState) {
      see(media);
      if (now() - sentAt >= SAVE_EVERY_MS) save(false);
    },
    play: saveNow,
    pause: saveNow,
    seeked: saveNow,
    ended: saveNow,
    /** The page is hiding or the player closing: the last position, with keepalive. */
    leave() {
      save(true);
    },
  };
}

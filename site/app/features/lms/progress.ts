// A signed-in student's progress in a lecture (docs/product.md#lecture-progress): when it counts as watched, how
// often the player saves the position, and where a lecture resumes.
import { apiRules } from "../../lib/api-contract";
import type { LectureProgress, ProgressUpdate } from "../../lib/api-schema";

/** A lecture counts as watched once this share of it has been played to. */
export const COMPLETED_FRACTION = 0.9;
/** While playing, the position is saved at most this often (and always on pause, at the end and on leaving). */
export const SAVE_EVERY_MS = 10_000;
/** A lecture left in its last 5 seconds (a short one: its last 10 %) starts again from the beginning. */
export const RESTART_WITHIN_S = 5;
/** The longest position the API takes (the contract's bound). */
const MAX_POSITION_S = apiRules.ProgressUpdate.positionSeconds.maximum;

/** Where a saved position goes (the route sends it to the API). `keepalive`: the page may be closing. */
export type ProgressSink = (update: ProgressUpdate, options: { keepalive: boolean }) => void;

/** What the tracker reads of the <video> element. */
export type MediaState = Pick<HTMLMediaElement, "currentTime" | "duration">;

export const isCompleted = (position: number, duration: number) =>
  Number.isFinite(duration) && duration > 0 && position >= COMPLETED_FRACTION * duration;

/** The second to start a lecture at, once its length is known: `startAt`, unless that is at its very end. */
export function startPosition(startAt: number, duration: number): number {
  const nearEnd = Number.isFinite(duration) && startAt >= duration - Math.min(RESTART_WITHIN_S, duration * (1 - COMPLETED_FRACTION));
  return startAt > 0 && !nearEnd ? startAt : 0;
}

/** A lecture's progress by its number. */
export type ProgressByLecture = Record<number, LectureProgress>;

export const byLecture = (all: LectureProgress[]): ProgressByLecture => Object.fromEntries(all.map((p) => [p.lectureNumber, p]));

/** Lectures of `lectureNumbers` watched to the end (COMPLETED_FRACTION). */
export const watchedCount = (progress: ProgressByLecture, lectureNumbers: number[]) =>
  lectureNumbers.filter((n) => progress[n]?.completed).length;

/**
 * Follows one lecture's playback and hands the position to `sink`: every SAVE_EVERY_MS while it plays, on pause, at
 * the end (completed), and on leave (with keepalive). The same position and completion are not sent twice in a row.
 */
export function progressTracker(sink: ProgressSink, now: () => number = Date.now) {
  let seen: { position: number; duration: number } | null = null;
  let sent: ProgressUpdate | null = null;
  let sentAt = now();
  let completed = false;

  const save = (keepalive: boolean) => {
    if (!seen) return;
    completed ||= isCompleted(seen.position, seen.duration);
    const update = { positionSeconds: Math.min(Math.max(0, Math.floor(seen.position)), MAX_POSITION_S), completed };
    sentAt = now();
    if (sent && sent.positionSeconds === update.positionSeconds && sent.completed === update.completed) return;
    sent = update;
    sink(update, { keepalive });
  };
  const see = (media: MediaState) => {
    if (Number.isFinite(media.currentTime)) seen = { position: media.currentTime, duration: media.duration };
  };

  return {
    timeUpdate(media: MediaState) {
      see(media);
      if (now() - sentAt >= SAVE_EVERY_MS) save(false);
    },
    pause(media: MediaState) {
      see(media);
      save(false);
    },
    ended(media: MediaState) {
      see(media);
      completed = true;
      save(false);
    },
    /** The page is hiding or the player closing: the last position, with keepalive. */
    leave() {
      save(true);
    },
  };
}

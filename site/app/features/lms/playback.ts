// How a lecture file is played and steered: which engine plays an HLS recording, the quality menu (Auto and each
// rung), the speeds, and the keyboard (docs/product.md#the-lecture-player). Pure, so the player component stays thin.

/** What plays a lecture file: the browser itself (an MP4, or HLS where the browser plays it natively), or hls.js. */
export type Engine = "file" | "native-hls" | "hls.js";

/** What the browser offers, probed once when a lecture opens. */
export type Probe = {
  /** `video.canPlayType("application/vnd.apple.mpegurl")` is not empty. */
  nativeHls: boolean;
  /** Media Source Extensions are there (`MediaSource` or Safari's `ManagedMediaSource`): hls.js can run. */
  mediaSource: boolean;
  /** The browser is Apple's (Safari, every iOS browser): its own HLS player is the better one. */
  apple: boolean;
};

/**
 * Safari plays HLS itself (power, AirPlay, iOS without MSE), as does any browser that can but has no MSE; everyone
 * else gets hls.js, loaded only now, which also gives the quality menu. Other files play as they always did.
 */
export function engineFor(kind: string | null | undefined, probe: Probe): Engine {
  if (kind !== "hls") return "file";
  if (probe.nativeHls && (probe.apple || !probe.mediaSource)) return "native-hls";
  return probe.mediaSource ? "hls.js" : "native-hls";
}

export function probeBrowser(video: HTMLVideoElement): Probe {
  const scope = globalThis as { MediaSource?: unknown; ManagedMediaSource?: unknown };
  return {
    nativeHls: video.canPlayType("application/vnd.apple.mpegurl") !== "",
    mediaSource: Boolean(scope.MediaSource ?? scope.ManagedMediaSource),
    apple: typeof navigator !== "undefined" && navigator.vendor === "Apple Computer, Inc.",
  };
}

/** The playback speeds offered. */
export const SPEEDS = [0.75, 1, 1.25, 1.5, 1.75, 2] as const;

export const speedLabel = (speed: number) => `${speed}×`;

/** A rung of the ladder as hls.js lists it (its `levels`). */
export type Rung = { height: number; bitrate: number };

/** The quality menu's value for Auto (hls.js's `currentLevel = -1`). */
export const AUTO = -1;

export type QualityOption = { value: number; label: string };

const rungLabel = (rung: Rung | undefined) => (rung ? `${rung.height}p` : "");

/** Auto, then each rung by its height, highest first (values are hls.js level indexes). */
export function qualityOptions(rungs: Rung[]): QualityOption[] {
  const options = rungs.map((rung, index) => ({ value: index, label: rungLabel(rung), height: rung.height, bitrate: rung.bitrate }));
  options.sort((a, b) => b.height - a.height || b.bitrate - a.bitrate);
  return [{ value: AUTO, label: "Auto" }, ...options.map(({ value, label }) => ({ value, label }))];
}

/** What the menu shows as playing: the chosen rung, or "Auto (540p)" with the rung Auto picked, once known. */
export function qualityStatus(chosen: number, playing: number, rungs: Rung[]): string {
  if (chosen !== AUTO) return rungLabel(rungs[chosen]);
  const now = rungLabel(rungs[playing]);
  return now ? `Auto (${now})` : "Auto";
}

export type PlayerAction =
  | { kind: "toggle-play" }
  | { kind: "seek"; by: number }
  | { kind: "fullscreen" }
  | { kind: "captions" };

/** How far ←/→ move. */
export const SEEK_SECONDS = 10;

/** The part of a keydown the mapping reads. */
export type Key = { key: string; altKey: boolean; ctrlKey: boolean; metaKey: boolean; target: { tagName?: string } | null };

/**
 * Space plays or pauses, ←/→ move 10 s, f toggles full screen, c toggles captions. Keys meant for a control (a menu, a
 * button, a field) or held with a modifier (browser shortcuts) are left alone, and so is Space on the <video> itself:
 * every browser's own controls already play or pause on it (Chromium on the key's release, whatever a page does with
 * the key's press), so doing it too would undo it.
 */
export function keyAction({ key, altKey, ctrlKey, metaKey, target }: Key): PlayerAction | null {
  if (altKey || ctrlKey || metaKey) return null;
  const tag = target?.tagName?.toUpperCase();
  const space = key === " " || key === "Spacebar";
  if (tag === "SELECT" || tag === "INPUT" || tag === "TEXTAREA" || ((tag === "BUTTON" || tag === "VIDEO") && (space || key === "Enter"))) return null;
  switch (key) {
    case " ":
    case "Spacebar":
      return { kind: "toggle-play" };
    case "ArrowLeft":
      return { kind: "seek", by: -SEEK_SECONDS };
    case "ArrowRight":
      return { kind: "seek", by: SEEK_SECONDS };
    case "f":
    case "F":
      return { kind: "fullscreen" };
    case "c":
    case "C":
      return { kind: "captions" };
    default:
      return null;
  }
}

/** Where a seek lands: inside the lecture. */
export function seekTarget(currentTime: number, by: number, duration: number): number {
  const end = Number.isFinite(duration) && duration > 0 ? duration : Infinity;
  return Math.min(Math.max(0, currentTime + by), end);
}

// hls.js's light build, fetched once: the lecture list starts it as soon as it shows an HLS recording that this
// browser plays through hls.js (preloadHls), so the player that opens on Watch finds it there instead of fetching
// ~110 KB (gzip) after the click (docs/benchmarks/video.md#the-products-path).
import type * as HlsLight from "hls.js/light";
import { engineFor, probeBrowser } from "./playback";

type HlsModule = typeof HlsLight;

let loading: Promise<HlsModule> | null = null;

/** The module, fetched on the first call; a failed fetch is tried again on the next. */
export function loadHls(): Promise<HlsModule> {
  loading ??= import("hls.js/light").catch((error: unknown) => {
    loading = null;
    throw error;
  });
  return loading;
}

/** Starts fetching hls.js when one of `kinds` is an HLS recording and this browser would play it through hls.js. */
export function preloadHls(kinds: readonly (string | null | undefined)[]): void {
  if (typeof document === "undefined" || !kinds.includes("hls")) return;
  if (engineFor("hls", probeBrowser(document.createElement("video"))) !== "hls.js") return;
  void loadHls().catch(() => {});
}

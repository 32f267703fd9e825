// What the bench's experiments found, run by hand with its knobs (LADDER_SPEC, BENCH_VIDEO_NOISE, HLS_CONFIG,
// MODES, OUT) on the date below; `make bench-video` prints this section as it is and re-measures only the tables.

/** The hls.js settings recommended to the player, as measured in the experiments below. */
export const recommendedHlsConfig = {
  startLevel: 0,
  capLevelToPlayerSize: true,
  maxBufferLength: 30,
  maxMaxBufferLength: 60,
  backBufferLength: 60,
};

const experiments = [
  // [what, first segment KB, first frame s (run 1, run 2), stalls, note]
  ["spec as is (6 s segments), hls.js defaults (`new Hls()`)", "261", "1.95, 1.96", "0, 0", "the whole clip fetched 31 s in; an earlier run at load 5–7: 2.31, 1.93"],
  ["spec as is, the recommended settings (below)", "261", "2.20, 1.97", "0, 0", "look-ahead held at 60 s; the Results table measures these settings again"],
  ["segmentSeconds 4, hls.js defaults", "168", "1.67, 1.54", "0, 0", "−0.4 s; 30 segments a rung instead of 20"],
  ["noisy clip (360p at its cap), 6 s segments", "387", "**2.59, 2.56** ❌", "0, 0", "like a camera recording of a busy scene; the segment's last byte at 2.45 s"],
  ["noisy clip (360p at its cap), 4 s segments", "269", "1.99, 1.94", "0, 0", "−0.6 s"],
];

export function findings() {
  return [
    "## Experiments and recommended settings",
    "",
    "Measured on 2026-11-25 with the same harness, the HLS source only (`MODES=hls RUNS=2`), on the same shared machine (load average from under 1 to 20 as other helpers compiled; the noisy runs at under 1). Reproduce with e.g. `LADDER_SPEC=/tmp/ladder-4s.json MODES=hls OUT=/tmp/video.md node infra/bench/video/bench.mjs`, or `BENCH_VIDEO_NOISE=30` for the noisy clip (testsrc2 with ffmpeg's temporal `noise=alls=30`, which puts the 360p rung at its cap; the noisy runs used a one-rung 360p ladder, enough for the first frame since hls.js starts and, on this link, stays there).",
    "",
    "| Experiment | 360p first segment (KB) | First frame (s) | Stalls | Note |",
    "| --- | ---: | ---: | ---: | --- |",
    ...experiments.map((e) => `| ${e.join(" | ")} |`),
    "",
    "What follows from them:",
    "",
    "- **The spec's numbers meet the targets on this clip**, with a margin of 0.2–0.6 s that the machine's load eats into: the first frame is three round trips (0.45 s), the 360p first segment's transfer (1.3 s for 261 KB) and the append and decode (0.1–0.5 s, the part a busy CPU stretches). No stall: hls.js stays on 360p on a 1.6 Mbps link (it needs 0.7 × its estimate ≥ the next rung's declared BANDWIDTH, 1.43 Mbps) and is tens of seconds ahead of playback from the first minute on. Where the MP4 lost playback (its `waiting` time), the ladder lost none; the few tenths of a second of media the ladder's runs sometimes fall short of 60 s are the busy CPU (dropped frames, a slow media clock, with a minute of media buffered), not the network.",
    "- **A recording that fills the 360p cap misses the first-frame target with 6 s segments**: its first segment is 387 KB (6 s at the 0.4 + 0.064 Mbps caps, plus the fMP4 boxes), 1.9 s on the link alone, and the first frame came at 2.56–2.59 s with the machine idle. **With 4 s segments it meets it** (269 KB, first frame 1.94–1.99 s), and an ordinary clip gains 0.4 s. The cost: a rung has 1.5× as many segments (one round trip of idle link each: 3.75 % of a 1.6 Mbps link instead of 2.5 %, and as many presigned URLs in each rewritten playlist), and keyframes every 2 s still align. **Applied on 2026-11-26: infra/media/ladder.json `segmentSeconds` 6 → 4** (MediaConvert's `SegmentLength` 4 and ffmpeg's `-hls_time 4` follow from the spec; nothing else changes). The Results above were measured with 6 s; the next `make bench-video` measures 4 s.",
    "- **Fetch hls.js before the student presses play.** `hls.min.js` is 189 KB gzipped (hls.js 1.7.4); on this link it took 1.1–1.2 s (the HLS start-up table), which a player that imports hls.js only on play adds to the first frame (2.7–3.7 s in these runs: over the target). Start the dynamic `import()` when the lecture page opens, beside the videos answer; `hls.light.min.js` (120 KB gzip) would save another 0.35 s if captions come as a `<track>` instead of an HLS subtitle rendition.",
    "- **In the product the two playlists come from the lecture function** (the grant re-checked and every URI signed), so each of the first two round trips also carries that function's time; with 6 s segments there is no room for it on a full-cap recording, with 4 s segments about 0.5 s.",
    "- **ABR on the local ladder never climbs on this link**: ffmpeg 5.1's master playlist declares only `BANDWIDTH` (its peak estimate, 1.43 Mbps for 540p). MediaConvert also writes `AVERAGE-BANDWIDTH`, which hls.js uses once two segments are buffered, so in AWS it may climb to 540p (0.72 Mbps on average here) on the same link. Not a target; noted so the two do not surprise anyone.",
    "",
    "hls.js settings for the player (hls.js 1.x):",
    "",
    "```js",
    "new Hls({",
    "  startLevel: 0,              // the lowest rung first, whatever the bandwidth estimate (the master lists it first too)",
    "  capLevelToPlayerSize: true, // a phone-sized player never fetches 1080p",
    "  maxBufferLength: 30,        // hls.js's default look-ahead…",
    "  maxMaxBufferLength: 60,     // …which it otherwise grows to 600 s on low rungs (8 × maxBufferSize ÷ bitrate): the whole 2-minute clip was fetched 31 s in",
    "  backBufferLength: 60,       // bound what a 2-hour lecture keeps behind the playhead",
    "});",
    "```",
    "",
    "Keep hls.js's defaults otherwise (`startFragPrefetch` and `progressive` change nothing here: the source is attached at once, and an fMP4 segment of one fragment cannot be appended before it is whole).",
    "",
  ];
}

/** The product's experiments: [player, link, first frame s by run, stalls by run, note]. */
const productExperiments = [
  ["before: hls.js imported when the player opens (main)", "1.6 Mbps / 150 ms", "2.62, 2.52", "1 (0.0 s), 0", "hls.js's chunk (96 KB brotli) 0 → 0.97 s after the click, then master 1.14, media playlist 1.31, first segment's last byte 2.42–2.46"],
  ["before", "0.8 Mbps / 300 ms", "7.11\\*, 4.88", "1 (1.2 s)\\*, 0", "hls.js 0 → 1.88–1.92 s, first segment's last byte 4.77–4.85; the 7.11 s run (a resumed student) spent 2.3 s more after it"],
  ["after: hls.js fetched when the list shows (this change)", "1.6 Mbps / 150 ms", "1.81, 1.62", "2 (0.2 s), 1 (2.3 s)\\*", "master 0.22–0.30, media playlist 0.40–0.49, first segment 1.51–1.59"],
  ["after", "0.8 Mbps / 300 ms", "5.22\\*, 2.97", "0, 0", "master 0.38, media playlist 0.74, first segment 2.92–2.93"],
  ["native HLS (Chromium's own, `PRODUCT_ENGINE=native`), hls.js not fetched", "1.6 Mbps / 150 ms", "2.01", "0", "Chromium reads the first segment's first 300 bytes, then the segment: one round trip more"],
  ["native HLS", "0.8 Mbps / 300 ms", "3.59", "0", "no quality menu either"],
];

/** What the product's measurements found, and what was changed for them (updated by hand with each experiment). */
export function productFindings() {
  return [
    "### What was measured and changed",
    "",
    "Measured on 2026-12-01 with this harness against one `academy serve` of this tree (the clip uploaded and transcoded once, then `MODES=product PRODUCT_LECTURE=N` for each player; the site rebuilt in between), on the same shared machine. \\* marks a playback by a student who had played the lecture before in that experiment (the bench then reused one student): it resumed at the saved second, see below; the bench now takes a new student for every playback.",
    "",
    "| Player | Link | First frame from the click (s) | Stalls | Steps (s after the click) |",
    "| --- | --- | ---: | --- | --- |",
    ...productExperiments.map((e) => `| ${e.join(" | ")} |`),
    "",
    "What follows from them:",
    "",
    "- **hls.js after the click was the largest single step** on both links: its chunk (`hls.js/light`, 96 KB brotli) took 0.97 s at 1.6 Mbps and 1.9 s at 0.8 Mbps before the master playlist could even be asked for. **Changed:** the lecture list starts the `import()` as soon as it shows an HLS recording that this browser plays through hls.js (site/app/features/lms/hls-module.ts, called from LectureTable), and the player takes the same promise. With it the first frame is the two playlists, the first segment and its decode: 1.6–1.8 s at 1.6 Mbps, 3.0 s at 0.8 Mbps. A browser that plays HLS itself (Safari) does not fetch hls.js at all.",
    "- **Native HLS is not faster in Chromium.** Chromium 156 answers `canPlayType(\"application/vnd.apple.mpegurl\")` with \"maybe\"; forced onto it, the first frame came at 2.01 s (1.6 Mbps) and 3.59 s (0.8 Mbps), behind hls.js already loaded, because Chromium reads the first segment's first bytes before the segment, and it has no quality menu. The player keeps its rule (playback.ts `engineFor`: the browser's own HLS for Apple's browsers and for those without Media Source Extensions, hls.js elsewhere). Not changed.",
    "- **The first segment is now most of the first frame.** The worker writes 4 s MPEG-TS segments; 360p's first is 186 KB for this clip (MPEG-TS is ~10 % larger than the stand-in's fMP4): 1.1 s at 1.6 Mbps, 2.2 s at 0.8 Mbps. At 0.8 Mbps the margin is 0.5 s: a recording at the 360p cap (4 s × 0.464 Mbps ≈ 232 KB before TS overhead) would take ~2.7 s for the segment alone and miss 3.5 s. A 2 s first segment (the keyframe interval) halves that part. ffmpeg's `-hls_init_time` does not help a VOD playlist (it shortens only the segments before a live playlist wraps), so it means `segmentSeconds` 2 for every segment (twice the segments, and twice the URIs the lecture function signs in each playlist, which another change is reworking): **not changed yet**; the next experiment.",
    "- **The poster competes with the start-up.** The player's poster (a 1280-wide JPEG, 56 KB) is fetched at the click beside the master playlist; at 0.8 Mbps it holds part of the link for 0.9 s while the playlists and first segment load. No poster while the player autoplays (or a smaller one) would give that time to the first segment. Not changed.",
    "- **A resuming student waits for two segments.** hls.js loads from 0:00 and the player seeks to the saved second once the metadata is there (use-fresh-lecture-source's `onLoadedMetadata`), so segment 0 is fetched for nothing: 5.22 s at 0.8 Mbps in the \\* run (segment 0, then segment 12). Giving hls.js the saved second as its `startPosition` would fetch the right segment first. Not changed (a follow-up).",
    "- **Short `waiting` events at 1.6 Mbps** (0.02–0.19 s, with tens of seconds buffered) came in some runs; the bench counts every `waiting` after the first frame as a stall, however short.",
    "",
  ];
}

// `make bench-video`: a generated 2-minute 1080p clip played in Debian's Chromium on an emulated 1.6 Mbps / 150 ms
// link, as the HLS ladder of infra/media/ladder.json through hls.js and as the single MP4 in a plain <video>; writes
// docs/benchmarks/video.md. A benchmark, not a test: it exits 1 when the ladder misses a target (first frame
// ≤ 2.5 s, no stall in the first 60 s) in any run, 2 when it cannot run or the emulation does not hold.
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { availableParallelism, homedir, loadavg } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { recommendedHlsConfig } from "./findings.mjs";
import { prepareMedia } from "./media.mjs";
import { playOnce, summarise } from "./measure.mjs";
import { markdown } from "./report.mjs";
import { startOrigin } from "./server.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const repo = join(here, "..", "..", "..");
/** The ladder spec; LADDER_SPEC names another (an experiment on its numbers: it gets its own cached encode). */
const specPath = process.env.LADDER_SPEC ?? join(repo, "infra", "media", "ladder.json");
/** OUT names another report (experiments write beside the real one's place, not over it). */
const out = process.env.OUT ?? join(repo, "docs", "benchmarks", "video.md");
const cacheRoot = process.env.BENCH_VIDEO_CACHE ?? join(homedir(), ".cache", "academy", "bench-video");
const chromiumPath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
/** Flags that work as root and offline (shared/FIELD-NOTES.md), and autoplay without a gesture (muted anyway). */
const flags = [
  "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
  "--autoplay-policy=no-user-gesture-required",
];

/** The link of the issue (1.6 Mbps down, 150 ms round trip); uplink as DevTools' "Fast 3G" (750 kbps). */
export const link = { downBps: 1_600_000, upBps: 750_000, rttMs: 150 };
export const targets = { firstFrameMs: 2500, stalls: 0 };
const windowMs = Number(process.env.WINDOW_SECS ?? 60) * 1000;
const runs = Number(process.env.RUNS ?? 2);
/** The hls.js settings the bench plays the ladder with: those recommended to the player unless HLS_CONFIG (JSON)
 * says otherwise (`{}` for hls.js's defaults). */
const hlsConfig = process.env.HLS_CONFIG ? JSON.parse(process.env.HLS_CONFIG) : recommendedHlsConfig;
const modes = (process.env.MODES ?? "hls,mp4").split(",");

function versions(media) {
  const ffmpeg = execFileSync("ffmpeg", ["-version"], { encoding: "utf8" }).split("\n")[0].replace(/^ffmpeg version (\S+).*/, "ffmpeg $1");
  const chromiumVersion = execFileSync(chromiumPath, ["--version"], { encoding: "utf8" }).trim();
  const cpu = /model name\s*:\s*(.+)/.exec(readFileSync("/proc/cpuinfo", "utf8"))?.[1];
  return { ffmpeg, chromium: chromiumVersion, node: process.version, cpu, media };
}

let media;
try {
  media = prepareMedia(specPath, cacheRoot);
} catch (e) {
  console.error(`bench-video: could not make the media: ${e.message}`);
  process.exit(2);
}
const loadBefore = loadavg();
const { server, origin } = await startOrigin({
  pages: { "/": join(here, "player.html"), "/hls.js": join(here, "node_modules", "hls.js", "dist", "hls.min.js") },
  folders: { "/media/hls/": media.hls, "/media/": media.dir },
});
const browser = await chromium.launch({ executablePath: chromiumPath, args: flags });
const results = [];
let broken = null;
try {
  for (let run = 1; run <= runs; run++) {
    for (const mode of modes) {
      const url = mode === "hls" ? `${origin}/media/hls/master.m3u8` : `${origin}/media/clip.mp4`;
      const raw = await playOnce(browser, { origin, mode, url, hlsConfig, link, windowMs });
      const r = { run, ...summarise(raw, { windowMs }) };
      results.push(r);
      console.log(
        `run ${run} ${mode}: first frame ${r.firstFrameMs?.toFixed(0)} ms, ${r.stalls} stalls (${r.stalledSecs.toFixed(1)} s), ` +
          `${(r.bytes / 1e6).toFixed(2)} MB, played ${r.playedSecs.toFixed(1)} s; probe ${r.probe.ms.toFixed(0)} ms ` +
          `(expected ${r.probe.expectedMs.toFixed(0)})` + (r.errors.length ? `; errors: ${JSON.stringify(r.errors)}` : ""),
      );
      if (r.probe.ms < 0.85 * r.probe.expectedMs) broken = `the probe took ${r.probe.ms.toFixed(0)} ms, under the link's ${r.probe.expectedMs.toFixed(0)} ms: the emulation does not apply`;
      if (r.linkUseBps !== undefined && r.linkUseBps > 1.1 * link.downBps) broken = `${mode} fetched at ${(r.linkUseBps / 1e6).toFixed(2)} Mbps, over the emulated link: the emulation does not apply to it`;
    }
  }
} finally {
  await browser.close();
  server.close();
}

const misses = results
  .filter((r) => r.mode === "hls")
  .flatMap((r) => [
    ...(r.firstFrameMs === undefined ? [`run ${r.run}: no first frame`] : []),
    ...(r.firstFrameMs > targets.firstFrameMs ? [`run ${r.run}: first frame ${r.firstFrameMs.toFixed(0)} ms > ${targets.firstFrameMs} ms`] : []),
    ...(r.stalls > targets.stalls ? [`run ${r.run}: ${r.stalls} stall(s), ${r.stalledSecs.toFixed(1)} s`] : []),
    ...r.errors.map((e) => `run ${r.run}: ${e.message}`),
  ]);
const meta = {
  ...versions(media),
  date: new Date().toISOString().slice(0, 16).replace("T", " ") + " UTC",
  cpus: availableParallelism(),
  loadBefore,
  loadAfter: loadavg(),
  playwright: JSON.parse(readFileSync(join(here, "node_modules", "playwright-core", "package.json"), "utf8")).version,
  hlsConfig,
  specPath: relative(repo, specPath),
  windowMs,
  link,
  targets,
  runs,
};
writeFileSync(out, markdown(results, media, meta, misses, broken));
writeFileSync(join(cacheRoot, "last-run.json"), JSON.stringify({ results, meta }, null, 1));
console.log(`bench-video: wrote ${out}`);
if (broken) {
  console.error(`bench-video: ${broken}`);
  process.exit(2);
}
if (misses.length) {
  console.error(`bench-video: the HLS targets were missed:\n  ${misses.join("\n  ")}`);
  process.exit(1);
}

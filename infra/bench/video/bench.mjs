// `make bench-video`: a generated 2-minute 1080p clip, first through the product's path (uploaded through the staff
// API to `academy serve`, transcoded by its worker, played by a signed-in student on /recorded-lectures/{batch} on
// emulated 1.6 Mbps / 150 ms and 0.8 Mbps / 300 ms links: infra/bench/video/product.mjs), then as today's stand-in:
// played in the bench's own page on the 1.6 Mbps link as the HLS ladder of infra/media/ladder.json through hls.js and
// as the single MP4 in a plain <video>; writes docs/benchmarks/video.md. A benchmark, not a test: it exits 1 when a
// target is missed (the product's, docs/benchmarks/video.md#targets; the stand-in's ladder: first frame ≤ 2.5 s, no
// stall), 2 when it cannot run or the emulation does not hold. MODES picks the parts (default product,hls,mp4).
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { availableParallelism, homedir, loadavg } from "node:os";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { recommendedHlsConfig } from "./findings.mjs";
import { prepareMedia } from "./media.mjs";
import { playOnce, summarise } from "./measure.mjs";
import { enrolledStudent, playLecture, summariseProduct, uploadLecture } from "./product.mjs";
import { productMarkdown } from "./product-report.mjs";
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
const modes = (process.env.MODES ?? "product,hls,mp4").split(",");
/** The product's links (the issue's): first frame from the click on Watch, stalls over the first 60 s. */
export const productLinks = [
  { name: "1.6 Mbps / 150 ms", downBps: 1_600_000, upBps: 750_000, rttMs: 150, targets: { firstFrameMs: 2000, stalls: 0 } },
  { name: "0.8 Mbps / 300 ms", downBps: 800_000, upBps: 400_000, rttMs: 300, targets: { firstFrameMs: 3500, stalls: 1 } },
];
const productRuns = Number(process.env.PRODUCT_RUNS ?? 2);

function versions(media) {
  const ffmpeg = execFileSync("ffmpeg", ["-version"], { encoding: "utf8" }).split("\n")[0].replace(/^ffmpeg version (\S+).*/, "ffmpeg $1");
  const chromiumVersion = execFileSync(chromiumPath, ["--version"], { encoding: "utf8" }).trim();
  const cpu = /model name\s*:\s*(.+)/.exec(readFileSync("/proc/cpuinfo", "utf8"))?.[1];
  return { ffmpeg, chromium: chromiumVersion, node: process.version, cpu, media };
}

let media;
try {
  // The stand-in needs its own ladder; the product's path only the clip (the server's worker makes the ladder).
  media = prepareMedia(specPath, cacheRoot, { ladder: modes.some((m) => m !== "product") });
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
const product = { results: [], lecture: null, error: null };
let broken = null;
try {
  if (modes.includes("product")) {
    try {
      console.log("bench-video: uploading the clip through the staff API and waiting for the worker…");
      // PRODUCT_LECTURE: a lecture already Ready on this server (experiments on the player, without a new upload).
      product.lecture = process.env.PRODUCT_LECTURE
        ? { number: Number(process.env.PRODUCT_LECTURE), reused: true }
        : await uploadLecture(browser, process.env.PRODUCT_MP4 ?? media.mp4);
      if (!product.lecture.reused) console.log(`bench-video: lecture ${product.lecture.number} ready: ${product.lecture.parts} parts sent in ${(product.lecture.uploadedMs / 1000).toFixed(1)} s, transcoded in ${(product.lecture.transcodeMs / 1000).toFixed(0)} s`);
      for (let run = 1; run <= productRuns; run++) {
        for (const plink of productLinks) {
          // A new student for every playback: one who played before resumes at the saved second (another start-up).
          const storageState = await enrolledStudent(browser);
          const raw = await playLecture(browser, { storageState, number: product.lecture.number, link: plink, windowMs });
          const r = { run, link: plink.name, ...summariseProduct(raw, { windowMs }) };
          product.results.push(r);
          const st = r.steps;
          console.log(
            `product run ${run} ${plink.name}: first frame ${r.firstFrameMs?.toFixed(0)} ms after the click (${r.engine}), ${r.stalls} stalls (${r.stalledSecs.toFixed(1)} s), ` +
              `${(r.bytes / 1e6).toFixed(2)} MB; hls.js ${st["hls.js"]?.end?.toFixed(0) ?? (st.hlsBeforeClick ? "before the click" : "–")}, master ${st.master?.end?.toFixed(0)}, media ${st.media?.end?.toFixed(0)}, ` +
              `segment ${st.segment?.end?.toFixed(0)} ms` + (r.error ? `; error ${r.error}` : ""),
          );
        }
      }
    } catch (e) {
      product.error = e.message;
      console.error(`bench-video: the product's path could not be measured: ${e.stack}`);
    }
  }
  for (let run = 1; run <= runs; run++) {
    for (const mode of modes.filter((m) => m !== "product")) {
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
const productMisses = product.results.flatMap((r) => {
  const t = productLinks.find((l) => l.name === r.link).targets;
  return [
    ...(r.firstFrameMs === undefined ? [`product run ${r.run} at ${r.link}: no first frame`] : []),
    ...(r.firstFrameMs > t.firstFrameMs ? [`product run ${r.run} at ${r.link}: first frame ${r.firstFrameMs.toFixed(0)} ms > ${t.firstFrameMs} ms`] : []),
    ...(r.stalls > t.stalls ? [`product run ${r.run} at ${r.link}: ${r.stalls} stall(s), ${r.stalledSecs.toFixed(1)} s`] : []),
  ];
});
if (product.error) productMisses.push(`the product's path: ${product.error}`);
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
const standIn = modes.some((m) => m !== "product") ? markdown(results, media, meta, misses, broken) : null;
const productMeta = { ...meta, links: productLinks, runs: productRuns, ran: modes.includes("product") };
writeFileSync(out, productMarkdown(product, productMeta, productMisses, standIn));
// Everything the report is made of: `node infra/bench/video/rerender.mjs` writes it again (after a findings edit).
writeFileSync(join(cacheRoot, "last-run.json"), JSON.stringify({ product, results, meta, productMeta, media, misses, productMisses, broken }, null, 1));
console.log(`bench-video: wrote ${out}`);
if (broken) {
  console.error(`bench-video: ${broken}`);
  process.exit(2);
}
if (misses.length || productMisses.length) {
  console.error(`bench-video: targets were missed:\n  ${[...productMisses, ...misses].join("\n  ")}`);
  process.exit(1);
}

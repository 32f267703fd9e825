// The bench's media: a generated 2-minute 1080p "upload" (one faststart MP4 at a screen-recorder bitrate) and the
// HLS ladder made from it with ffmpeg exactly as infra/media/ladder.json says. Both are cached by the spec's and
// these settings' hash, so a second run of the bench spends no time encoding.
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

/** The clip: ffmpeg's testsrc2 (moving colour gradients, a counter, fine detail) with a 440 Hz tone: motion in every
 * frame, far harder to encode than slides and a talking head, so segments come out larger than a lecture's (the
 * 1080p rung at its cap). */
export const clip = {
  seconds: 120,
  width: 1920,
  height: 1080,
  fps: 30,
  /** A screen recorder's or camera's bitrate for 1080p30 (OBS's recommended 6–8 Mbps for 1080p). */
  videoBitrate: 7_000_000,
  audioBitrate: 128_000,
  /** The preset the bench encodes with (the spec names none); x264's veryfast keeps the first run short. */
  preset: "veryfast",
  /** Temporal noise over the picture (ffmpeg `noise`, 0 = none). BENCH_VIDEO_NOISE=30 makes every rung sit at its
   * cap, an experiment for the worst case of the first segment's size; the bench's report runs without it. */
  noise: Number(process.env.BENCH_VIDEO_NOISE ?? 0),
};

/** ffmpeg at a low priority: the machine is shared, and the encodes are cached anyway. */
const run = (args) =>
  execFileSync("nice", ["-n", "10", "ffmpeg", "-hide_banner", "-loglevel", "error", "-y", ...args], { stdio: "inherit" });

export function readLadder(specPath) {
  return JSON.parse(readFileSync(specPath, "utf8"));
}

/** `-maxrate` with a buffer of two seconds at that rate (MediaConvert's default HRD buffer is twice the max). */
const cap = (bps) => ["-maxrate", `${bps}`, "-bufsize", `${2 * bps}`];

function makeSource(out) {
  run([
    "-f", "lavfi", "-i", `testsrc2=size=${clip.width}x${clip.height}:rate=${clip.fps}${clip.noise ? `,noise=alls=${clip.noise}:allf=t` : ""}`,
    "-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000",
    "-t", `${clip.seconds}`,
    "-c:v", "libx264", "-preset", clip.preset, "-pix_fmt", "yuv420p",
    "-b:v", `${clip.videoBitrate}`, ...cap(clip.videoBitrate), "-g", `${2 * clip.fps}`,
    "-c:a", "aac", "-b:a", `${clip.audioBitrate}`, "-ac", "2",
    "-movflags", "+faststart", out,
  ]);
}

/** One ffmpeg run, as the spec says: every rung at or below the source's height, H.264 capped CRF at the rung's
 * maxBitrate, AAC at its audioBitrate, a keyframe every keyframeSeconds on every rung (so they align), HLS
 * segments of segmentSeconds in fMP4, and a master playlist listing the rungs lowest first. */
function makeLadder(spec, source, dir) {
  const rungs = spec.rungs.filter((r) => r.height <= clip.height).sort((a, b) => a.height - b.height);
  const split = `[0:v]split=${rungs.length}${rungs.map((_, i) => `[s${i}]`).join("")}`;
  const scales = rungs.map((r, i) => `[s${i}]scale=${r.width}:${r.height}[v${i}]`);
  const args = ["-i", source, "-filter_complex", [split, ...scales].join(";")];
  rungs.forEach((r, i) => {
    args.push("-map", `[v${i}]`, "-map", "0:a:0");
    args.push(
      `-c:v:${i}`, "libx264", `-profile:v:${i}`, spec.video.profile, `-preset:v:${i}`, clip.preset,
      `-crf:v:${i}`, `${spec.video.crf}`, `-maxrate:v:${i}`, `${r.maxBitrate}`, `-bufsize:v:${i}`, `${2 * r.maxBitrate}`,
      `-c:a:${i}`, "aac", `-b:a:${i}`, `${r.audioBitrate}`,
    );
  });
  const gop = spec.keyframeSeconds * clip.fps;
  args.push(
    "-pix_fmt", "yuv420p", "-g", `${gop}`, "-keyint_min", `${gop}`, "-sc_threshold", "0",
    "-force_key_frames", `expr:gte(t,n_forced*${spec.keyframeSeconds})`,
    "-ar", `${spec.audio.sampleRate}`, "-ac", `${spec.audio.channels}`,
    "-f", "hls", "-hls_time", `${spec.segmentSeconds}`, "-hls_playlist_type", "vod",
    "-hls_segment_type", "fmp4", "-hls_flags", "independent_segments",
    "-hls_segment_filename", join(dir, "%v", "seg%03d.m4s"),
    "-master_pl_name", "master.m3u8",
    "-var_stream_map", rungs.map((r, i) => `v:${i},a:${i},name:${r.name}`).join(" "),
    join(dir, "%v", "index.m3u8"),
  );
  run(args);
  return rungs;
}

const hash = (value) => createHash("sha256").update(JSON.stringify(value)).digest("hex").slice(0, 16);

/** Runs `make(tmp)` into a fresh folder and moves it to `dir` only once it is complete. */
function cached(dir, make) {
  if (existsSync(join(dir, "done.json"))) return JSON.parse(readFileSync(join(dir, "done.json"), "utf8"));
  const tmp = `${dir}.partial`;
  rmSync(tmp, { recursive: true, force: true });
  mkdirSync(tmp, { recursive: true });
  const started = Date.now();
  const made = { ...make(tmp), secs: (Date.now() - started) / 1000 };
  writeFileSync(join(tmp, "done.json"), JSON.stringify(made));
  rmSync(dir, { recursive: true, force: true });
  renameSync(tmp, dir);
  return made;
}

/** Makes (or finds) the clip under cacheRoot/<clip's hash>/ and its ladder under hls-<spec's hash>/ beside it;
 * answers their paths, the rungs made and what each encode took. */
export function prepareMedia(specPath, cacheRoot, { ladder: wantLadder = true } = {}) {
  const spec = readLadder(specPath);
  const { noise, ...settings } = clip;
  const dir = join(cacheRoot, hash({ clip: settings, v: 1, ...(noise ? { noise } : {}) }));
  const mp4 = join(dir, "clip.mp4");
  const source = cached(dir, (tmp) => {
    console.log(`bench-video: encoding the ${clip.seconds} s ${clip.height}p clip…`);
    makeSource(join(tmp, "clip.mp4"));
    return {};
  });
  const hls = join(dir, `hls-${hash({ spec, preset: clip.preset, v: 1 })}`);
  if (!wantLadder) return { spec, dir, mp4, mp4Bytes: statSync(mp4).size, sourceSecs: source.secs };
  const ladder = cached(hls, (tmp) => {
    console.log(`bench-video: encoding the ladder (${specPath})…`);
    return { rungs: makeLadder(spec, mp4, tmp).map((r) => r.name) };
  });
  return {
    spec,
    dir,
    mp4,
    mp4Bytes: statSync(mp4).size,
    hls,
    rungs: ladder.rungs,
    sourceSecs: source.secs,
    ladderSecs: ladder.secs,
    rungFacts: rungFacts(spec, hls, ladder.rungs),
  };
}

/** Per rung: the bitrate the master playlist declares, the sizes of its init and first segment, its average rate. */
function rungFacts(spec, hlsDir, names) {
  const master = readFileSync(join(hlsDir, "master.m3u8"), "utf8");
  const declared = [...master.matchAll(/#EXT-X-STREAM-INF:([^\n]*)\n([^\n]+)/g)].map((m) => ({
    bandwidth: Number(/BANDWIDTH=(\d+)/.exec(m[1])?.[1]),
    uri: m[2].trim(),
  }));
  return names.map((name) => {
    const folder = join(hlsDir, name);
    const segments = readdirSync(folder).filter((f) => f.endsWith(".m4s")).sort();
    const bytes = segments.map((f) => statSync(join(folder, f)).size);
    const playlist = readFileSync(join(folder, "index.m3u8"), "utf8");
    const durations = [...playlist.matchAll(/#EXTINF:([\d.]+)/g)].map((m) => Number(m[1]));
    const init = /#EXT-X-MAP:URI="([^"]+)"/.exec(playlist)?.[1];
    const total = durations.reduce((a, b) => a + b, 0);
    return {
      name,
      maxBitrate: spec.rungs.find((r) => r.name === name)?.maxBitrate,
      audioBitrate: spec.rungs.find((r) => r.name === name)?.audioBitrate,
      bandwidth: declared.find((d) => d.uri.startsWith(`${name}/`))?.bandwidth,
      masterOrder: declared.findIndex((d) => d.uri.startsWith(`${name}/`)),
      init: init ? statSync(join(folder, init)).size : 0,
      firstSegment: bytes[0],
      firstSegmentSecs: durations[0],
      maxSegment: Math.max(...bytes),
      averageBps: (bytes.reduce((a, b) => a + b, 0) * 8) / total,
      segments: segments.length,
    };
  });
}

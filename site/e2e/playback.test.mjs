// Playing a ready HLS recording: a fixture step makes a two-rung ladder with ffmpeg into the server's lecture folder
// (ACADEMY_LECTURES) and imports its lecture record (`academy import`), as if staff had uploaded it and transcoding had
// finished. A signed-in student links the batch, plays the lecture through hls.js (every playlist and segment a
// signed /lecture/… link), switches to the lowest rung in the quality menu (the next segments come from it), uses
// the keys, and resumes at the saved second after a reload. Run with the other browser tests (`make test-e2e`), or
// alone: `OIDC_PORT=4011 infra/scripts/with-server.sh "$CARGO_TARGET_DIR/debug/academy" bash -c
// 'cd site && node --test e2e/playback.test.mjs'` after `make build-site` (needs Debian's ffmpeg and chromium).
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { axe, grantSecretId, hydrated, launchForSignIn, signIn, url, viewports } from "./support.mjs";

const mern09 = { id: "665f1c2a9b3e4d0012a1c003", name: "MERN-09 Morning Batch" };
const lecture = { number: 4, id: "665f1c2a9b3e4d0012a1e004", title: "Recorded in the console: HLS" };
const job = "e2e";
/** The rungs as the ladder names them (their heights); the clip is 20 s of 2 s segments. */
const rungs = [
  { name: "180p", size: "320x180", bitrate: "150k" },
  { name: "360p", size: "640x360", bitrate: "600k" },
];

/** The ladder into the lecture folder, and the lecture's record into the store (a test fixture step). */
function seedRecording() {
  const folder = process.env.ACADEMY_LECTURES;
  if (!folder || !process.env.ACADEMY_BIN) throw new Error("run through infra/scripts/with-server.sh (ACADEMY_LECTURES, ACADEMY_BIN)");
  const base = `lectures/${mern09.id}/${lecture.id}`;
  const hls = join(folder, base, "hls", job);
  mkdirSync(hls, { recursive: true });
  const split = rungs.map((_, i) => `[v${i}]`).join("");
  const scale = rungs.map((r, i) => `[v${i}]scale=${r.size.replace("x", ":")}[o${i}]`).join(";");
  execFileSync(
    "ffmpeg",
    [
      ...["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=25"],
      ...["-f", "lavfi", "-i", "sine=frequency=440", "-t", "20"],
      ...["-filter_complex", `[0:v]split=${rungs.length}${split};${scale}`],
      ...rungs.flatMap((_, i) => ["-map", `[o${i}]`, "-map", "1:a"]),
      ...["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-g", "50", "-sc_threshold", "0", "-c:a", "aac", "-b:a", "64k"],
      ...rungs.flatMap((r, i) => [`-b:v:${i}`, r.bitrate]),
      ...["-f", "hls", "-hls_time", "2", "-hls_playlist_type", "vod", "-hls_segment_type", "fmp4"],
      ...["-hls_fmp4_init_filename", "init.mp4", "-hls_segment_filename", "%v/seg_%03d.m4s", "-master_pl_name", "master.m3u8"],
      ...["-var_stream_map", rungs.map((r, i) => `v:${i},a:${i},name:${r.name}`).join(" "), "%v/index.m3u8"],
    ],
    { cwd: hls },
  );
  execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i", "testsrc2=size=640x360", "-frames:v", "1", "poster.jpg"], { cwd: hls });
  mkdirSync(join(folder, base, "captions"), { recursive: true });
  writeFileSync(join(folder, base, "captions", "1.vtt"), "WEBVTT\n\n00:00.000 --> 00:20.000\nWelcome to the recording.\n");
  const s3 = (key) => `s3://academy-lectures-demo/${base}/${key}`;
  const record = {
    _id: lecture.id,
    batchId: mern09.id,
    batchNumber: "MERN-09",
    lectureNumber: lecture.number,
    title: lecture.title,
    durationSecs: 20,
    url: s3(`hls/${job}/master.m3u8`),
    media: {
      state: "ready",
      master: s3(`hls/${job}/master.m3u8`),
      poster: s3(`hls/${job}/poster.jpg`),
      captions: s3("captions/1.vtt"),
      durationSecs: 20,
      rungs: [180, 360],
      jobId: job,
      updatedAt: Math.floor(Date.now() / 1000),
    },
  };
  const file = join(mkdtempSync(join(tmpdir(), "academy-e2e-")), "recording.json");
  writeFileSync(file, JSON.stringify({ videos: [record] }));
  execFileSync(process.env.ACADEMY_BIN, ["import", file], { encoding: "utf8" });
}

let browser;
before(async () => {
  seedRecording();
  browser = await launchForSignIn();
});
after(() => browser?.close());

/** The overlay's <video> once it plays past `seconds`. */
async function playingPast(page, seconds) {
  const video = page.getByRole("dialog").locator("video");
  await video.waitFor();
  await page.waitForFunction((s) => document.querySelector("[role=dialog] video")?.currentTime > s, seconds, { timeout: 20000 });
  return video;
}

describe("an HLS recording", () => {
  it("plays through hls.js, switches to the lowest rung, obeys the keys and resumes after a reload", async () => {
    const secret = await grantSecretId(mern09.id);
    const context = await browser.newContext({ viewport: viewports.desktop });
    const page = await signIn(context, { email: `hls-${Date.now()}@example.com` });
    await page.goto(url("/lms"));
    await hydrated(page);
    const mine = page.locator("section", { has: page.getByRole("heading", { name: "My batches" }) });
    // The account's batches read (none yet), as a student would see them before linking one.
    await mine.getByText("Link a Secret ID to see your batches here").waitFor();
    await mine.getByLabel("Batch", { exact: true }).selectOption({ label: mern09.name });
    await mine.getByLabel("Secret ID", { exact: true }).fill(secret);
    await mine.getByRole("button", { name: "Link batch" }).click();
    // Linked, or refused in words: a refusal fails here with what the form said, not 30 s later.
    const linked = mine.getByRole("status").filter({ hasText: "Batch linked." });
    await linked.or(mine.getByRole("alert")).first().waitFor();
    assert.equal(await mine.getByRole("alert").count(), 0, `linking MERN-09: ${await mine.getByRole("alert").allInnerTexts()}`);
    await linked.waitFor();

    const fetched = [];
    page.on("request", (r) => {
      if (r.url().includes(`/lecture/${mern09.id}/${lecture.number}/`)) fetched.push(new URL(r.url()));
    });
    await page.goto(url(`/recorded-lectures/${mern09.id}`));
    await hydrated(page);
    await page.getByRole("table").getByRole("button", { name: new RegExp(`^Watch lecture ${lecture.number}:`) }).click();
    const overlay = page.getByRole("dialog");
    await overlay.locator("video").evaluate((v) => {
      v.muted = true;
    });
    const video = await playingPast(page, 1);

    // hls.js plays it: the element's source is a MediaSource, and every file came through a signed link.
    assert.equal(await overlay.locator("[data-engine]").getAttribute("data-engine"), "hls.js");
    assert.match(await video.evaluate((v) => v.currentSrc), /^blob:/);
    assert.ok(fetched.some((u) => u.pathname.endsWith("/master.m3u8")), "the master playlist");
    assert.ok(fetched.some((u) => u.pathname.endsWith(".m4s")), "segments");
    for (const u of fetched) assert.ok(u.searchParams.get("signature") && u.searchParams.get("expires"), `${u.pathname} is signed`);
    assert.match(await video.getAttribute("poster"), /\/poster\.jpg\?/);
    assert.equal(await overlay.locator("track[kind=captions]").count(), 1);
    const checked = await axe(page).include("[role=dialog]").analyze();
    assert.deepEqual(checked.violations.map((v) => v.id), [], "the player passes axe");

    // The quality menu: Auto and each rung; the lowest chosen, the next segments come from it.
    const quality = overlay.getByLabel("Quality");
    assert.deepEqual(await quality.locator("option").allTextContents(), ["Auto", "360p", "180p"]);
    fetched.length = 0;
    await quality.selectOption({ label: "180p" });
    await overlay.getByTestId("quality-status").filter({ hasText: /^180p$/ }).waitFor();
    await page.waitForFunction(() => document.querySelector("[role=dialog] video").currentTime > 4, null, { timeout: 20000 });
    const segments = fetched.filter((u) => u.pathname.endsWith(".m4s"));
    assert.ok(segments.length > 0 && segments.every((u) => u.pathname.includes("/180p/")), segments.map((u) => u.pathname).join(" "));

    // Keys: speed from the menu, ← back 10 s, space pauses, c hides captions.
    await overlay.getByLabel("Speed").selectOption({ label: "1.5×" });
    assert.equal(await video.evaluate((v) => v.playbackRate), 1.5);
    await video.focus();
    const before = await video.evaluate((v) => v.currentTime);
    await page.keyboard.press("ArrowLeft");
    const after = await video.evaluate((v) => v.currentTime);
    assert.ok(after < Math.max(0, before - 10) + 1, `back 10 s: ${before} → ${after}`);
    await page.keyboard.press("c");
    assert.equal(await overlay.getByRole("button", { name: "Captions" }).getAttribute("aria-pressed"), "false");
    await playingPast(page, 3);
    const saved = page.waitForResponse((r) => r.request().method() === "PUT" && r.url().includes(`/api/me/progress/${mern09.id}/${lecture.number}`));
    await page.keyboard.press(" ");
    await page.waitForTimeout(300); // the key's release must not start it again
    assert.equal(await video.evaluate((v) => v.paused), true);
    const stored = await (await saved).json();
    assert.ok(stored.positionSeconds >= 3, `saved at ${stored.positionSeconds}`);

    // A reload: the lecture resumes at the saved second, through hls.js again.
    await page.reload();
    await hydrated(page);
    await page.getByRole("table").getByRole("button", { name: new RegExp(`^Watch lecture ${lecture.number}:`) }).click();
    const again = page.getByRole("dialog").locator("video");
    await again.waitFor();
    await page.waitForFunction(() => document.querySelector("[role=dialog] video")?.readyState >= 1, null, { timeout: 20000 });
    await page.waitForFunction((s) => document.querySelector("[role=dialog] video").currentTime >= s, stored.positionSeconds, { timeout: 20000 });
    const resumedAt = await again.evaluate((v) => v.currentTime);
    assert.ok(resumedAt >= stored.positionSeconds && resumedAt < stored.positionSeconds + 4, `resumed at ${resumedAt}`);
    await context.close();
  });
});

// The product's path (`make bench-video`'s first section): the bench's generated clip uploaded through the staff
// console's API (begin, PUT the parts, complete) to `academy serve`, transcoded by its own ffmpeg worker, then played
// by a signed-in student of the batch (linked with a Secret ID) on /recorded-lectures/{batch} in Chromium, on
// emulated links. Needs the environment of infra/scripts/with-server.sh with OIDC_PORT (BASE_URL, OIDC_ISSUER,
// ACADEMY_BIN) and a site built for that issuer.
import { execFileSync } from "node:child_process";
import { openSync, readSync, closeSync, statSync } from "node:fs";

/** A batch of the demo data with lectures; the bench adds its own lecture after them. */
export const batch = { id: "665f1c2a9b3e4d0012a1c003", name: "MERN-09 Morning Batch" };
const staffEmail = "staff@example.com";

const env = (name) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run through infra/scripts/with-server.sh with OIDC_PORT`);
  return value.replace(/\/$/, "");
};

/** Signs in through the local OpenID provider as `email` (the site's own flow), on `path`; answers the page. */
async function signIn(context, email, path = "/sign-in") {
  const base = env("BASE_URL");
  const issuer = env("OIDC_ISSUER");
  const page = await context.newPage();
  await page.goto(`${base}${path}`);
  await page.waitForURL((u) => u.href.startsWith(issuer), { timeout: 30000 });
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.waitForURL((u) => u.href.startsWith(base) && !u.pathname.startsWith("/sign-"), { timeout: 30000 });
  await hydrated(page);
  return page;
}

const hydrated = (page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", null, { timeout: 60000 });

const accessTokenOf = (page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem(Object.keys(localStorage).find((k) => k.startsWith("oidc.user:")))).access_token);

async function api(token, method, path, body) {
  const res = await fetch(`${env("BASE_URL")}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : null;
}

/**
 * Staff adds a recording lecture to the batch and uploads `mp4` as the console does (begin, every part PUT to its
 * URL with its ETag kept, complete), then reads the list until the worker has made it Ready. Answers the lecture's
 * number and the times of each step.
 */
export async function uploadLecture(browser, mp4) {
  const context = await browser.newContext();
  const page = await signIn(context, staffEmail, "/staff");
  const token = await accessTokenOf(page);
  await context.close();
  const lectures = `/api/staff/batches/${batch.id}/lectures`;
  const added = await api(token, "POST", lectures, { title: "Bench: a 2-minute 1080p clip" });
  const number = added.lectureNumber;
  const size = statSync(mp4).size;
  const t0 = Date.now();
  const started = await api(token, "POST", `${lectures}/${number}/upload`, { fileName: "clip.mp4", size, contentType: "video/mp4" });
  const fd = openSync(mp4, "r");
  const parts = [];
  try {
    for (const { number: n, url } of started.parts) {
      const offset = (n - 1) * started.partSize;
      const buffer = Buffer.alloc(Math.min(started.partSize, size - offset));
      readSync(fd, buffer, 0, buffer.length, offset);
      const res = await fetch(new URL(url, env("BASE_URL")), { method: "PUT", body: buffer });
      if (!res.ok) throw new Error(`PUT part ${n}: ${res.status} ${await res.text()}`);
      parts.push({ number: n, etag: res.headers.get("etag") });
    }
  } finally {
    closeSync(fd);
  }
  const uploadedMs = Date.now() - t0;
  await api(token, "POST", `${lectures}/${number}/upload/complete`, { uploadId: started.uploadId, parts });
  const t1 = Date.now();
  let lecture;
  for (;;) {
    lecture = (await api(token, "GET", lectures)).lectures.find((l) => l.lectureNumber === number);
    if (lecture.state === "ready" || lecture.state === "failed") break;
    if (Date.now() - t1 > 30 * 60_000) throw new Error(`the lecture is still ${lecture.state} after 30 minutes`);
    await new Promise((r) => setTimeout(r, 2000));
  }
  if (lecture.state !== "ready") throw new Error(`the worker failed the lecture: ${lecture.failure}`);
  return { number, parts: parts.length, partSize: started.partSize, size, uploadedMs, transcodeMs: Date.now() - t1, rungs: lecture.rungs };
}

/** A student signed in at /lms who links the batch with a Secret ID (`academy grant`); answers the browser's
 * storage (the OpenID session and the kept Secret ID), for a fresh context per playback. */
export async function enrolledStudent(browser) {
  const secret = execFileSync(env("ACADEMY_BIN"), ["grant", "--batch", batch.id, "--label", "bench-video"], { encoding: "utf8" })
    .trim().split("\n").at(-1).trim();
  const context = await browser.newContext();
  const page = await signIn(context, `bench-${Date.now()}@example.com`, "/lms");
  if (new URL(page.url()).pathname !== "/lms") {
    await page.goto(`${env("BASE_URL")}/lms`);
    await hydrated(page);
  }
  const mine = page.locator("section", { has: page.getByRole("heading", { name: "My batches" }) });
  await mine.getByLabel("Batch", { exact: true }).selectOption({ label: batch.name });
  await mine.getByLabel("Secret ID", { exact: true }).fill(secret);
  await mine.getByRole("button", { name: "Link batch" }).click();
  await mine.getByRole("status").filter({ hasText: "Batch linked." }).waitFor({ timeout: 30000 });
  const state = await context.storageState();
  await context.close();
  return state;
}

/** In the page before any script: the click on Watch, and the first <video>'s first frame, `playing` and `waiting`
 * events, all on the page's clock (performance.now()). */
function instrument() {
  const m = { click: null, frame: null, playing: [], waiting: [], engine: null };
  window.__bench = m;
  document.addEventListener("click", (e) => {
    const label = e.target.closest?.("button")?.getAttribute("aria-label") ?? "";
    if (m.click === null && label.startsWith("Watch lecture")) m.click = e.timeStamp;
  }, true);
  const watch = (video) => {
    if (video.__bench) return;
    video.__bench = true;
    const frame = () => video.requestVideoFrameCallback((now, meta) => {
      if (m.frame === null) m.frame = { presented: meta.presentationTime, callback: now };
    });
    frame();
    video.addEventListener("playing", (e) => m.playing.push(e.timeStamp));
    video.addEventListener("waiting", (e) => m.waiting.push(e.timeStamp));
  };
  new MutationObserver(() => {
    for (const v of document.querySelectorAll("video")) watch(v);
  }).observe(document, { childList: true, subtree: true });
}

/** Which step of the start-up a resource is. */
function stepOf(pathname) {
  if (/\/assets\/hls[^/]*\.js$/.test(pathname)) return "hls.js";
  if (pathname.startsWith("/lecture/") && /master\.m3u8$/.test(pathname)) return "master";
  if (pathname.startsWith("/lecture/") && /\.m3u8$/.test(pathname)) return "media";
  if (pathname.startsWith("/lecture/") && /\.(ts|m4s|mp4)$/.test(pathname)) return "segment";
  if (pathname.startsWith("/api/")) return "api";
  return null;
}

/**
 * One playback: a fresh context with the student's storage, the cache off and `link` emulated from the first
 * request; opens /recorded-lectures/{batch}, waits for the list and a quiet network (a student reads the list before
 * pressing play), clicks Watch on `number` and watches the first `windowMs` after the first frame.
 */
export async function playLecture(browser, { storageState, number, link, windowMs }) {
  const base = env("BASE_URL");
  const context = await browser.newContext({ storageState, viewport: { width: 1280, height: 800 } });
  try {
    const page = await context.newPage();
    await page.addInitScript(instrument);
    // PRODUCT_ENGINE=native (an experiment): the page takes this Chromium for Apple's, so the player picks the
    // browser's own HLS (Chromium's canPlayType says "maybe") instead of hls.js.
    if (process.env.PRODUCT_ENGINE === "native") {
      await page.addInitScript(() => Object.defineProperty(Navigator.prototype, "vendor", { get: () => "Apple Computer, Inc." }));
    }
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: link.rttMs,
      downloadThroughput: link.downBps / 8,
      uploadThroughput: link.upBps / 8,
    });
    const requests = new Map();
    cdp.on("Network.requestWillBeSent", (e) => requests.set(e.requestId, { url: e.request.url, bytes: 0 }));
    cdp.on("Network.loadingFinished", (e) => {
      const r = requests.get(e.requestId);
      if (r) r.bytes = e.encodedDataLength;
    });
    cdp.on("Network.dataReceived", (e) => {
      const r = requests.get(e.requestId);
      if (r) r.received = (r.received ?? 0) + e.encodedDataLength;
    });
    const opened = Date.now();
    await page.goto(`${base}/recorded-lectures/${batch.id}`);
    await hydrated(page);
    const watch = page.getByRole("table").getByRole("button", { name: new RegExp(`^Watch lecture ${number}:`) });
    await watch.waitFor({ timeout: 60000 });
    const listMs = Date.now() - opened;
    await page.waitForLoadState("networkidle");
    const before = new Set(requests.keys());
    await watch.click();
    await page.waitForFunction(() => window.__bench.frame !== null, null, { timeout: 60000 }).catch(() => {});
    const engine = await page.locator("[data-engine]").getAttribute("data-engine").catch(() => null);
    await page.waitForTimeout(windowMs);
    const facts = await page.evaluate(() => {
      const m = window.__bench;
      const video = document.querySelector("[role=dialog] video");
      const q = video?.getVideoPlaybackQuality?.();
      return {
        ...m,
        currentTime: video?.currentTime ?? 0,
        dropped: q ? [q.droppedVideoFrames, q.totalVideoFrames] : null,
        error: video?.error ? `${video.error.code} ${video.error.message}` : null,
        resources: performance.getEntriesByType("resource").map((r) => ({
          name: r.name, start: r.startTime, requestStart: r.requestStart, responseStart: r.responseStart, end: r.responseEnd, size: r.transferSize,
        })),
      };
    });
    const after = [...requests].filter(([id]) => !before.has(id)).map(([, r]) => ({ ...r, bytes: r.bytes || r.received || 0 }));
    return { ...facts, engine, listMs, fetched: after };
  } finally {
    await context.close();
  }
}

/** The numbers of one playback: every time in ms after the click on Watch. */
export function summariseProduct(raw, { windowMs }) {
  const click = raw.click;
  const frame = raw.frame ? raw.frame.presented - click : undefined;
  const firstPlaying = raw.playing.length ? raw.playing[0] - click : undefined;
  const firstShown = raw.frame ? raw.frame.presented : raw.playing[0];
  const end = firstShown + windowMs;
  // A stall: a `waiting` after the first frame, until the next `playing` (or the window's end).
  const stalls = raw.waiting
    .filter((w) => w > firstShown && w < end)
    .map((w) => Math.min(raw.playing.find((p) => p > w) ?? end, end) - w);
  const steps = {};
  for (const r of raw.resources) {
    if (r.start < click) {
      if (stepOf(new URL(r.name).pathname) === "hls.js") steps.hlsBeforeClick = { start: r.start - click, end: r.end - click };
      continue;
    }
    const step = stepOf(new URL(r.name).pathname);
    if (step && !steps[step]) steps[step] = { start: r.start - click, firstByte: r.responseStart - click, end: r.end - click, size: r.size };
  }
  const firstSegment = raw.resources.find((r) => r.start >= click && stepOf(new URL(r.name).pathname) === "segment");
  const rung = firstSegment ? /(\d{3,4}p)/.exec(firstSegment.name)?.[1] : undefined;
  const byKind = (test) => raw.fetched.filter((r) => test(new URL(r.url).pathname)).reduce((a, r) => a + r.bytes, 0);
  return {
    firstFrameMs: frame,
    playingMs: firstPlaying,
    stalls: stalls.length,
    stalledSecs: stalls.reduce((a, b) => a + b, 0) / 1000,
    playedSecs: raw.currentTime,
    bytes: raw.fetched.reduce((a, r) => a + r.bytes, 0),
    mediaBytes: byKind((p) => p.startsWith("/lecture/")),
    scriptBytes: byKind((p) => p.endsWith(".js")),
    steps,
    rung,
    engine: raw.engine,
    listMs: raw.listMs,
    dropped: raw.dropped,
    error: raw.error,
    /** Every request of the start-up (to the first frame and 2 s on), for last-run.json. */
    timeline: raw.resources
      .filter((r) => r.start >= click && r.start - click <= (frame ?? 10000) + 2000)
      .map((r) => ({ path: new URL(r.name).pathname.slice(-60), start: Math.round(r.start - click), end: Math.round(r.end - click), size: r.size })),
    events: { playing: raw.playing.map((t) => Math.round(t - click)), waiting: raw.waiting.map((t) => Math.round(t - click)) },
  };
}

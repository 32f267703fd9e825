// One playback on the emulated link: a fresh browser context, Chromium's DevTools network emulation on its page,
// a timed download proving the emulation applies, then one source played for a fixed window after its first frame.
import { setTimeout as sleep } from "node:timers/promises";

/** Bytes of the probe download that checks the emulated link before each playback. */
const probeBytes = 400_000;

/**
 * Plays `url` (`mode` "hls" through hls.js with `hlsConfig`, or "mp4" in a plain <video>) on a link of
 * `link.downBps` / `link.upBps` bits per second and `link.rttMs` round trip, from the moment the source is attached
 * until `windowMs` after the first frame. Answers the page's record, the bytes the page fetched and the probe.
 */
export async function playOnce(browser, { origin, mode, url, hlsConfig, link, windowMs, firstFrameTimeoutMs = 30_000 }) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 720 } });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send("Network.enable");
    await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
    await cdp.send("Network.emulateNetworkConditions", {
      offline: false,
      latency: link.rttMs,
      downloadThroughput: link.downBps / 8,
      uploadThroughput: link.upBps / 8,
    });
    // Bytes as they reach the page, with their arrival time, so the count stops at the window's end.
    const requests = new Map();
    const arrivals = [];
    let counting = false;
    cdp.on("Network.requestWillBeSent", (e) => {
      if (counting) requests.set(e.requestId, new URL(e.request.url).pathname);
    });
    cdp.on("Network.dataReceived", (e) => {
      const path = requests.get(e.requestId);
      // encodedDataLength, the bytes off the wire: some events carry 0 and a later one the sum (dataLength would count twice).
      if (path?.startsWith("/media/")) arrivals.push({ at: Date.now(), bytes: e.encodedDataLength });
    });

    await page.goto(`${origin}/`);
    const probe = await page.evaluate(async (n) => {
      const started = performance.now();
      const body = await (await fetch(`/probe?bytes=${n}`, { cache: "no-store" })).arrayBuffer();
      return { bytes: body.byteLength, ms: performance.now() - started };
    }, probeBytes);
    probe.expectedMs = link.rttMs + (probe.bytes * 8 * 1000) / link.downBps;

    counting = true;
    // The page's wall clock when it attached the source (after hls.js loaded): the window's start for the bytes.
    const started = await page.evaluate(([m, u, c]) => window.bench.start(m, u, c), [mode, url, hlsConfig ?? {}]);
    const deadline = Date.now() + firstFrameTimeoutMs;
    let record = await page.evaluate(() => window.bench.snapshot());
    while (record.firstFrame === undefined && record.errors.length === 0 && Date.now() < deadline) {
      await sleep(100);
      record = await page.evaluate(() => window.bench.snapshot());
    }
    if (record.firstFrame !== undefined) {
      const end = record.firstFrame + windowMs;
      await sleep(Math.max(0, end - record.now));
      record = await page.evaluate((until) => window.bench.snapshot(until), end);
      record.windowEnd = end;
    }
    const until = started + (record.windowEnd ?? record.now);
    const bytes = arrivals.filter((a) => a.at <= until).reduce((sum, a) => sum + a.bytes, 0);
    const media = [...requests.values()].filter((path) => path.startsWith("/media/"));
    return { mode, record, probe, bytes, requests: media.length };
  } finally {
    await context.close();
  }
}

/** The figures of one playback over its window (milliseconds after the source was attached). */
export function summarise({ mode, record, probe, bytes, requests }, { windowMs }) {
  const ff = record.firstFrame;
  const end = ff === undefined ? undefined : ff + windowMs;
  const stalls =
    ff === undefined
      ? []
      : record.stalls
          .filter((s) => s.start < end)
          .map((s) => ({ start: s.start, end: Math.min(s.end ?? end, end), at: s.at }));
  const stalledMs = stalls.reduce((sum, s) => sum + (s.end - s.start), 0);
  const inWindow = record.samples.filter((s) => ff !== undefined && s.t >= ff && s.t <= end);
  const levels = inWindow.map((s) => s.level).filter((l) => l !== null && l >= 0);
  const last = inWindow.at(-1);
  const startup = record.events.filter((e) => ["manifest", "level-loaded"].includes(e.type)).slice(0, 2);
  const frags = record.frags.filter((f) => ff !== undefined && f.start <= end);
  return {
    mode,
    firstFrameMs: ff,
    playingMs: record.playing,
    firstTimeUpdateMs: record.firstTimeUpdate,
    stalls: stalls.length,
    stalledSecs: stalledMs / 1000,
    stallList: stalls,
    playedSecs: record.currentTime,
    leastAheadSecs: inWindow.length ? Math.min(...inWindow.map((x) => x.bufferedEnd - x.currentTime)) : undefined,
    droppedFrames: last?.dropped,
    frames: last?.frames,
    trace: inWindow.map((x) => [Math.round(x.t), Number(x.currentTime.toFixed(2)), Number(x.bufferedEnd.toFixed(1)), x.level]),
    bytes,
    requests,
    linkUseBps: (bytes * 8 * 1000) / (end ?? record.now),
    probe,
    scriptMs: record.scriptMs,
    hlsVersion: record.hlsVersion,
    startLevel: frags.find((f) => typeof f.sn === "number")?.level,
    levels,
    startup,
    firstFrags: frags.slice(0, 3),
    frags,
    errors: record.errors,
  };
}

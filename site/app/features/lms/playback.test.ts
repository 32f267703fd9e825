import { describe, expect, it } from "vitest";
import { AUTO, engineFor, keyAction, qualityOptions, qualityStatus, seekTarget, SPEEDS, speedLabel, type Key, type Probe } from "./playback";

const chromium: Probe = { nativeHls: false, mediaSource: true, apple: false };
const safari: Probe = { nativeHls: true, mediaSource: true, apple: true };
const oldIphone: Probe = { nativeHls: true, mediaSource: false, apple: true };
const chromeWithHls: Probe = { nativeHls: true, mediaSource: true, apple: false };

describe("engineFor", () => {
  it("plays HLS with hls.js where MSE is, natively on Apple's browsers and where MSE is missing", () => {
    expect(engineFor("hls", chromium)).toBe("hls.js");
    expect(engineFor("hls", chromeWithHls)).toBe("hls.js");
    expect(engineFor("hls", safari)).toBe("native-hls");
    expect(engineFor("hls", oldIphone)).toBe("native-hls");
  });

  it("leaves every other file to the browser, as before", () => {
    expect(engineFor(undefined, chromium)).toBe("file");
    expect(engineFor(null, safari)).toBe("file");
  });
});

const rungs = [
  { height: 360, bitrate: 464_000 },
  { height: 540, bitrate: 1_296_000 },
  { height: 720, bitrate: 2_628_000 },
];

describe("the quality menu", () => {
  it("offers Auto and each rung, highest first, by hls.js level index", () => {
    expect(qualityOptions(rungs)).toEqual([
      { value: AUTO, label: "Auto" },
      { value: 2, label: "720p" },
      { value: 1, label: "540p" },
      { value: 0, label: "360p" },
    ]);
    expect(qualityOptions([])).toEqual([{ value: AUTO, label: "Auto" }]);
  });

  it("shows the rung playing: Auto's pick, or the one chosen", () => {
    expect(qualityStatus(AUTO, AUTO, rungs)).toBe("Auto");
    expect(qualityStatus(AUTO, 1, rungs)).toBe("Auto (540p)");
    expect(qualityStatus(0, 1, rungs)).toBe("360p");
  });
});

describe("speeds", () => {
  it("run from 0.75× to 2×, normal speed among them", () => {
    expect(SPEEDS[0]).toBe(0.75);
    expect(SPEEDS.at(-1)).toBe(2);
    expect(SPEEDS).toContain(1);
    expect(speedLabel(1.25)).toBe("1.25×");
  });
});

const key = (k: string, extra: Partial<Key> = {}): Key => ({ key: k, altKey: false, ctrlKey: false, metaKey: false, target: { tagName: "VIDEO" }, ...extra });

describe("keyAction", () => {
  it("maps space, the arrows, f and c", () => {
    expect(keyAction(key(" ", { target: { tagName: "DIV" } }))).toEqual({ kind: "toggle-play" });
    expect(keyAction(key(" "))).toBeNull(); // the <video>'s own controls play or pause on it
    expect(keyAction(key("ArrowLeft"))).toEqual({ kind: "seek", by: -10 });
    expect(keyAction(key("ArrowRight"))).toEqual({ kind: "seek", by: 10 });
    expect(keyAction(key("f"))).toEqual({ kind: "fullscreen" });
    expect(keyAction(key("F"))).toEqual({ kind: "fullscreen" });
    expect(keyAction(key("c"))).toEqual({ kind: "captions" });
    expect(keyAction(key("x"))).toBeNull();
  });

  it("leaves keys meant for a menu, a button or the browser alone", () => {
    expect(keyAction(key("ArrowLeft", { target: { tagName: "SELECT" } }))).toBeNull();
    expect(keyAction(key(" ", { target: { tagName: "BUTTON" } }))).toBeNull();
    expect(keyAction(key("f", { target: { tagName: "BUTTON" } }))).toEqual({ kind: "fullscreen" });
    expect(keyAction(key("f", { ctrlKey: true }))).toBeNull();
    expect(keyAction(key("c", { metaKey: true }))).toBeNull();
  });

  it("seeks stay inside the lecture", () => {
    expect(seekTarget(5, -10, 100)).toBe(0);
    expect(seekTarget(95, 10, 100)).toBe(100);
    expect(seekTarget(50, 10, NaN)).toBe(60);
  });
});

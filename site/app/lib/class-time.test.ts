// Live class times: the Join window's edges, the countdown's words, a session in the student's zone and the batch's
// across London's changes (29 March and 25 October 2026, 01:00 UTC) with Karachi's fixed UTC+5, and the editor's fields.
import { describe, expect, it } from "vitest";
import {
  countdownText,
  isClock,
  joinPhase,
  sessionStatusText,
  sessionTimes,
  tickEvery,
  zoneOffsetLabel,
} from "./class-time";

const MIN = 60_000;
const session = { startsAt: "2026-11-30T14:00:00Z", minutes: 120 };
const start = Date.parse(session.startsAt);

describe("the Join window", () => {
  it.each([
    [-60 * MIN, "before"],
    [-10 * MIN - 1, "before"],
    [-10 * MIN, "open"],
    [0, "open"],
    [119 * MIN, "open"],
    [120 * MIN - 1, "open"],
    [120 * MIN, "over"],
    [600 * MIN, "over"],
  ] as const)("at %i ms from the start it is %s", (offset, phase) => {
    expect(joinPhase(session, start + offset)).toBe(phase);
  });

  it("says how long until the start, then until the end", () => {
    expect(sessionStatusText(session, start - 3 * 86_400_000 - 4 * 3_600_000)).toBe("Starts in 3 days 4 hours.");
    expect(sessionStatusText(session, start - 5 * MIN - 30_000)).toBe("Starts in 5 minutes 30 seconds.");
    expect(sessionStatusText(session, start + 30 * MIN)).toBe("Live now: ends in 1 hour 30 minutes.");
    expect(sessionStatusText(session, start + 120 * MIN)).toBe("This class has ended.");
  });
});

describe("the countdown", () => {
  it.each([
    [2 * 86_400_000, "2 days"],
    [86_400_000 + 3_600_000, "1 day 1 hour"],
    [3 * 3_600_000, "3 hours"],
    [2 * 3_600_000 + 5 * MIN, "2 hours 5 minutes"],
    [25 * MIN, "25 minutes"],
    [24 * MIN + 1_000, "25 minutes"],
    [10 * MIN, "10 minutes"],
    [9 * MIN + 59_000, "9 minutes 59 seconds"],
    [MIN, "1 minute"],
    [59_000, "59 seconds"],
    [1_000, "1 second"],
    [0, "0 seconds"],
    [-5_000, "0 seconds"],
  ])("%i ms reads %s", (ms, words) => {
    expect(countdownText(ms)).toBe(words);
  });

  it("ticks each second in the last 20 minutes, else every 15 seconds", () => {
    expect(tickEvery(20 * MIN)).toBe(1000);
    expect(tickEvery(20 * MIN + 1)).toBe(15_000);
  });
});

describe("a session in the student's zone and the batch's", () => {
  it.each([
    // Karachi 7 PM is London 3 PM on BST (before the change) and 2 PM on GMT (after it): no hand-written offsets.
    ["2026-10-24T14:00:00Z", "Saturday 24 October, 3:00 PM – 5:00 PM UK time", "Saturday 24 October, 7:00 PM – 9:00 PM Pakistan time"],
    ["2026-10-26T14:00:00Z", "Monday 26 October, 2:00 PM – 4:00 PM UK time", "Monday 26 October, 7:00 PM – 9:00 PM Pakistan time"],
    // Spring: 28 March is GMT, 30 March BST.
    ["2026-03-28T14:00:00Z", "Saturday 28 March, 2:00 PM – 4:00 PM UK time", "Saturday 28 March, 7:00 PM – 9:00 PM Pakistan time"],
    ["2026-03-30T14:00:00Z", "Monday 30 March, 3:00 PM – 5:00 PM UK time", "Monday 30 March, 7:00 PM – 9:00 PM Pakistan time"],
  ])("%s: %s, the batch's %s", (startsAt, london, karachi) => {
    const s = { startsAt, minutes: 120 };
    expect(sessionTimes(s, "Europe/London", "Asia/Karachi")).toEqual({ mine: london, batch: karachi });
    expect(sessionTimes(s, "Asia/Karachi", "Asia/Karachi")).toEqual({ mine: karachi, batch: null });
  });

  it("names the day in each zone: a late class in Karachi falls on the day before in New York", () => {
    const s = { startsAt: "2026-11-30T17:00:00Z", minutes: 60 };
    expect(sessionTimes(s, "America/New_York", "Asia/Karachi")).toEqual({
      mine: "Monday 30 November, 12:00 PM – 1:00 PM New York time",
      batch: "Monday 30 November, 10:00 PM – 11:00 PM Pakistan time",
    });
    const late = { startsAt: "2026-12-01T02:00:00Z", minutes: 60 };
    expect(sessionTimes(late, "America/New_York", "Asia/Karachi").mine).toBe("Monday 30 November, 9:00 PM – 10:00 PM New York time");
    expect(sessionTimes(late, "America/New_York", "Asia/Karachi").batch).toBe("Tuesday 1 December, 7:00 AM – 8:00 AM Pakistan time");
  });

  it("leaves the batch's time out for another zone that reads the same", () => {
    expect(sessionTimes(session, "Asia/Tashkent", "Asia/Karachi").batch).toBeNull();
  });

  it("reads an unknown zone as UTC rather than failing", () => {
    expect(sessionTimes(session, "Mars/Olympus", "Asia/Karachi").mine).toBe("Monday 30 November, 2:00 PM – 4:00 PM UTC");
  });
});

describe("the timetable editor's fields", () => {
  it("takes HH:MM starts only", () => {
    expect(isClock("19:00")).toBe(true);
    expect(isClock("07:05")).toBe(true);
    expect(isClock("7:05")).toBe(false);
    expect(isClock("24:00")).toBe(false);
    expect(isClock("19:60")).toBe(false);
  });

  it("names a zone's offset at an instant (London's changes with the season)", () => {
    expect(zoneOffsetLabel("Asia/Karachi", new Date("2026-07-01T00:00:00Z"))).toBe("UTC+05:00");
    expect(zoneOffsetLabel("Europe/London", new Date("2026-07-01T00:00:00Z"))).toBe("UTC+01:00");
    expect(zoneOffsetLabel("Europe/London", new Date("2026-12-01T00:00:00Z"))).toBe("UTC+00:00");
  });
});

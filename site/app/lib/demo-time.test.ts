// Demo class times across the UK's clock changes of 2026 (forward on 29 March, back on 25 October at 01:00 UTC) and
// Pakistan's fixed UTC+5, as the booking page and the staff console write them, and slots grouped by the visitor's day.
import { describe, expect, it } from "vitest";
import {
  apiTimeToZoned,
  clockInZone,
  dayKey,
  groupByDay,
  INSTITUTE_ZONE,
  UK_ZONE,
  whenInBothZones,
  whenInZone,
  zonedToApiTime,
  zoneName,
} from "./demo-time";

describe("a slot's time in the UK and in Pakistan", () => {
  it.each([
    // Before the spring change London is on GMT (UTC+0), after it on BST (UTC+1); Karachi is UTC+5 throughout.
    ["2026-03-28T19:00:00Z", "7:00 PM UK time", "12:00 AM Pakistan time", "Saturday 28 March", "Sunday 29 March"],
    ["2026-03-29T00:30:00Z", "12:30 AM UK time", "5:30 AM Pakistan time", "Sunday 29 March", "Sunday 29 March"],
    ["2026-03-29T01:30:00Z", "2:30 AM UK time", "6:30 AM Pakistan time", "Sunday 29 March", "Sunday 29 March"],
    ["2026-03-29T18:00:00Z", "7:00 PM UK time", "11:00 PM Pakistan time", "Sunday 29 March", "Sunday 29 March"],
    // Before the autumn change London is on BST, after it on GMT again.
    ["2026-10-24T18:00:00Z", "7:00 PM UK time", "11:00 PM Pakistan time", "Saturday 24 October", "Saturday 24 October"],
    ["2026-10-25T00:30:00Z", "1:30 AM UK time", "5:30 AM Pakistan time", "Sunday 25 October", "Sunday 25 October"],
    ["2026-10-25T01:30:00Z", "1:30 AM UK time", "6:30 AM Pakistan time", "Sunday 25 October", "Sunday 25 October"],
    ["2026-10-25T19:00:00Z", "7:00 PM UK time", "12:00 AM Pakistan time", "Sunday 25 October", "Monday 26 October"],
  ])("%s is %s, %s", (instant, uk, pakistan, ukDay, pakistanDay) => {
    expect(clockInZone(instant, UK_ZONE)).toBe(uk);
    expect(clockInZone(instant, INSTITUTE_ZONE)).toBe(pakistan);
    expect(whenInZone(instant, UK_ZONE)).toBe(`${ukDay}, ${uk}`);
    expect(whenInZone(instant, INSTITUTE_ZONE)).toBe(`${pakistanDay}, ${pakistan}`);
  });

  it("writes both zones for the thank-you page, with the institute's day only when it differs", () => {
    expect(whenInBothZones("2026-03-29T18:00:00Z", UK_ZONE)).toBe("Sunday 29 March, 7:00 PM UK time (11:00 PM Pakistan time)");
    expect(whenInBothZones("2026-10-25T19:00:00Z", UK_ZONE)).toBe(
      "Sunday 25 October, 7:00 PM UK time (Monday 26 October, 12:00 AM Pakistan time)",
    );
    expect(whenInBothZones("2026-10-25T19:00:00Z", INSTITUTE_ZONE)).toBe("Monday 26 October, 12:00 AM Pakistan time");
  });

  it("names zones as a visitor says them", () => {
    expect(zoneName(UK_ZONE)).toBe("UK time");
    expect(zoneName(INSTITUTE_ZONE)).toBe("Pakistan time");
    expect(zoneName("America/New_York")).toBe("New York time");
  });
});

describe("staff's Karachi time as the API's UTC", () => {
  it("is five hours behind whatever London does", () => {
    expect(zonedToApiTime("2026-03-29T00:00", INSTITUTE_ZONE)).toBe("2026-03-28T19:00:00Z");
    expect(zonedToApiTime("2026-10-26T00:00", INSTITUTE_ZONE)).toBe("2026-10-25T19:00:00Z");
    expect(apiTimeToZoned("2026-10-25T19:00:00Z", INSTITUTE_ZONE)).toBe("2026-10-26T00:00");
  });

  it("reads London wall-clock times on both sides of each change", () => {
    expect(zonedToApiTime("2026-03-28T19:00", UK_ZONE)).toBe("2026-03-28T19:00:00Z");
    expect(zonedToApiTime("2026-03-29T19:00", UK_ZONE)).toBe("2026-03-29T18:00:00Z");
    expect(zonedToApiTime("2026-10-24T19:00", UK_ZONE)).toBe("2026-10-24T18:00:00Z");
    expect(zonedToApiTime("2026-10-25T19:00", UK_ZONE)).toBe("2026-10-25T19:00:00Z");
    expect(apiTimeToZoned("2026-03-29T18:00:00Z", UK_ZONE)).toBe("2026-03-29T19:00");
  });

  it("refuses what is not a time", () => {
    expect(zonedToApiTime("", INSTITUTE_ZONE)).toBeNull();
    expect(zonedToApiTime("tomorrow at 7", INSTITUTE_ZONE)).toBeNull();
  });
});

describe("slots grouped by day", () => {
  const slots = [
    { id: "c", startsAt: "2026-03-29T18:00:00Z" },
    { id: "a", startsAt: "2026-03-28T19:00:00Z" },
    { id: "b", startsAt: "2026-03-28T23:30:00Z" },
  ];

  it("uses the visitor's day: in London two on Saturday, one on Sunday", () => {
    const groups = groupByDay(slots, UK_ZONE);
    expect(groups.map((g) => [g.label, g.items.map((s) => s.id)])).toEqual([
      ["Saturday 28 March", ["a", "b"]],
      ["Sunday 29 March", ["c"]],
    ]);
  });

  it("uses the institute's day when the visitor switches: in Karachi all three are on Sunday", () => {
    const groups = groupByDay(slots, INSTITUTE_ZONE);
    expect(groups.map((g) => [g.day, g.items.map((s) => s.id)])).toEqual([["2026-03-29", ["a", "b", "c"]]]);
    expect(dayKey("2026-03-28T23:30:00Z", UK_ZONE)).toBe("2026-03-28");
  });
});

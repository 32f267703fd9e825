// Live class times (a batch's timetable and its sessions) as students and staff read them: a session in the reader's
// own time zone with the zone named and, when it reads differently, the batch's own time beside it; the countdown to
// the start; whether Join is open (10 minutes before the start to the end); and the timetable editor's choices.
// Every zone conversion is the browser's own (Intl.DateTimeFormat with timeZone, through ./demo-time): no offset is
// written by hand, so a daylight-saving change in the reader's zone shows as it happens. The API speaks UTC only.
import { formatClock, formatDay, formatShortDay, INSTITUTE_ZONE, knownZone, zoneName } from "./demo-time";

/** A batch's time zone when its timetable names none: the institute's. */
export const DEFAULT_CLASS_ZONE = INSTITUTE_ZONE;

/** Join opens this many minutes before a session starts, and stays open until it ends. */
export const JOIN_OPENS_MINUTES = 10;

const MINUTE_MS = 60_000;

/** A session as far as its times go: its start (RFC 3339, UTC) and its length in minutes. */
export interface Timed {
  startsAt: string;
  minutes: number;
}

export const startMs = (s: Timed) => Date.parse(s.startsAt);
export const endMs = (s: Timed) => startMs(s) + s.minutes * MINUTE_MS;

/** Where `now` stands against a session's Join window. */
export type JoinPhase = "before" | "open" | "over";

export function joinPhase(session: Timed, now: number): JoinPhase {
  if (now < startMs(session) - JOIN_OPENS_MINUTES * MINUTE_MS) return "before";
  return now < endMs(session) ? "open" : "over";
}

/**
 * How long until `target`, in words a student reads at a glance: "3 days 4 hours", "2 hours 5 minutes",
 * "4 minutes 30 seconds", "30 seconds". Seconds show only within the last 10 minutes (the page ticks each second then).
 */
export function countdownText(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const unit = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;
  if (days > 0) return hours > 0 ? `${unit(days, "day")} ${unit(hours, "hour")}` : unit(days, "day");
  if (hours > 0) return minutes > 0 ? `${unit(hours, "hour")} ${unit(minutes, "minute")}` : unit(hours, "hour");
  if (total >= 10 * 60) return unit(minutes + (seconds > 0 ? 1 : 0), "minute");
  if (minutes > 0) return seconds > 0 ? `${unit(minutes, "minute")} ${unit(seconds, "second")}` : unit(minutes, "minute");
  return unit(seconds, "second");
}

/** How often a countdown to `ms` away needs redrawing: every second in its last 20 minutes (Join opens in them), else every 15 s. */
export const tickEvery = (ms: number) => (ms <= 20 * MINUTE_MS ? 1000 : 15_000);

/** What a session's card says about its start at `now`. */
export function sessionStatusText(session: Timed, now: number): string {
  const phase = joinPhase(session, now);
  if (phase === "over") return "This class has ended.";
  if (now >= startMs(session)) return `Live now: ends in ${countdownText(endMs(session) - now)}.`;
  return `Starts in ${countdownText(startMs(session) - now)}.`;
}

/** "7:00 PM – 9:00 PM" in `zone`. */
const clockRange = (session: Timed, zone: string) => `${formatClock(session.startsAt, zone)} – ${formatClock(new Date(endMs(session)), zone)}`;

/** "Saturday 28 November, 7:00 PM – 9:00 PM UK time": the session in one zone, the zone named. */
const sessionInZone = (session: Timed, zone: string) => `${formatDay(session.startsAt, zone)}, ${clockRange(session, zone)} ${zoneName(zone)}`;

/** "Sat, 28 Nov 2026, 7:00 PM – 9:00 PM": for lists and tables (the zone is named once, in their heading). */
export const sessionShort = (session: Timed, zone: string) => `${formatShortDay(session.startsAt, zone)}, ${clockRange(session, zone)}`;

/**
 * The session in the reader's zone and, when it reads differently there, in the batch's: `batch` is null when both
 * zones show the same day and clock (the same zone, or one with the same offset that day).
 */
export function sessionTimes(session: Timed, readerZone: string, batchZone: string): { mine: string; batch: string | null } {
  const reader = knownZone(readerZone);
  const own = knownZone(batchZone);
  const mine = sessionInZone(session, reader);
  const same =
    reader === own ||
    (formatDay(session.startsAt, reader) === formatDay(session.startsAt, own) && clockRange(session, reader) === clockRange(session, own));
  return { mine, batch: same ? null : sessionInZone(session, own) };
}

// ---- the timetable editor ---------------------------------------------------------------------------------------

export const WEEKDAYS = [
  { value: "mon", label: "Monday", short: "Mon" },
  { value: "tue", label: "Tuesday", short: "Tue" },
  { value: "wed", label: "Wednesday", short: "Wed" },
  { value: "thu", label: "Thursday", short: "Thu" },
  { value: "fri", label: "Friday", short: "Fri" },
  { value: "sat", label: "Saturday", short: "Sat" },
  { value: "sun", label: "Sunday", short: "Sun" },
] as const;
export type Weekday = (typeof WEEKDAYS)[number]["value"];

/** A start time as the timetable takes it: "HH:MM", 24-hour. */
export const isClock = (text: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(text);

/** Zones staff pick most, first in the timetable's list. */
export const COMMON_ZONES = ["Asia/Karachi", "Europe/London", "Asia/Dubai", "Asia/Riyadh", "Asia/Qatar", "America/New_York", "America/Toronto", "Australia/Sydney", "UTC"];

/** "UTC+05:00" for a zone at an instant: shown beside a zone's name in the picker. */
export function zoneOffsetLabel(zone: string, at = new Date()): string {
  try {
    const part = new Intl.DateTimeFormat("en-GB", { timeZone: zone, timeZoneName: "longOffset" })
      .formatToParts(at)
      .find((p) => p.type === "timeZoneName")?.value;
    if (!part || part === "GMT") return "UTC+00:00";
    return part.replace(/^GMT/, "UTC");
  } catch {
    return "";
  }
}

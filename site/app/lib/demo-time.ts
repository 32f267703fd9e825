// Demo class times in a named time zone, with the browser's own time-zone data (Intl.DateTimeFormat with timeZone):
// the visitor's zone and the institute's (Asia/Karachi, no daylight saving) for the booking page, Karachi and the UK
// (Europe/London, which changes its clocks) for staff. The API speaks UTC (RFC 3339, "Z") only.

/** Where the institute is: slots are published in its time. */
export const INSTITUTE_ZONE = "Asia/Karachi";
/** Where many of its students are: staff see this beside the institute's time. */
export const UK_ZONE = "Europe/London";

/** How a visitor reads a zone's name: "UK time", "Pakistan time", else the zone's city ("New York time"). */
const zoneNames: Record<string, string> = {
  [UK_ZONE]: "UK time",
  [INSTITUTE_ZONE]: "Pakistan time",
  "Asia/Qatar": "Qatar time",
  "Asia/Dubai": "UAE time",
  "Asia/Riyadh": "Saudi time",
  UTC: "UTC",
  "Etc/UTC": "UTC",
};

export function zoneName(zone: string): string {
  const named = zoneNames[zone];
  if (named) return named;
  const city = zone.split("/").pop()?.replace(/_/g, " ");
  return city ? `${city} time` : zone;
}

/** A zone by its IANA name and how a visitor reads it: "Europe/London (UK time)"; "UTC" alone. */
export function zoneTitle(zone: string): string {
  const named = zoneName(zone);
  return named === zone || named === "UTC" ? zone : `${zone} (${named})`;
}

/** The browser's time zone (an IANA name), or UTC when it does not say. */
export function visitorZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
}

/** A zone the browser knows, else UTC (a zone name read from anywhere is checked before use). */
export function knownZone(zone: string): string {
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: zone });
    return zone;
  } catch {
    return "UTC";
  }
}

// ICU writes a narrow no-break space before AM/PM; pages and mails read better (and tests match) with a plain one.
const plain = (text: string) => text.replace(/[\u202f\u00a0]/g, " ");

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let f = formatters.get(key);
  if (!f) formatters.set(key, (f = new Intl.DateTimeFormat(locale, options)));
  return f;
}

const at = (instant: string | Date) => (instant instanceof Date ? instant : new Date(instant));

/** "7:00 PM" in `zone`. */
export const formatClock = (instant: string | Date, zone: string) =>
  plain(formatter("en-US", { timeZone: zone, hour: "numeric", minute: "2-digit", hour12: true }).format(at(instant)));

/** "Sunday 29 March" in `zone`. */
export const formatDay = (instant: string | Date, zone: string) =>
  formatter("en-GB", { timeZone: zone, weekday: "long", day: "numeric", month: "long" }).format(at(instant));

/** "Sun, 29 Mar 2026" in `zone`: a short day with its year, for staff's lists. */
export const formatShortDay = (instant: string | Date, zone: string) =>
  formatter("en-GB", { timeZone: zone, weekday: "short", day: "numeric", month: "short", year: "numeric" }).format(at(instant));

/** "7:00 PM UK time". */
export const clockInZone = (instant: string | Date, zone: string) => `${formatClock(instant, zone)} ${zoneName(zone)}`;

/** "Sunday 29 March, 7:00 PM UK time". */
export const whenInZone = (instant: string | Date, zone: string) => `${formatDay(instant, zone)}, ${clockInZone(instant, zone)}`;

/**
 * The time in the visitor's zone and, when it differs, the institute's: "Sunday 29 March, 7:00 PM UK time
 * (Sunday 29 March, 11:00 PM Pakistan time)". The institute's day is left out when it is the same day.
 */
export function whenInBothZones(instant: string | Date, zone: string, other = INSTITUTE_ZONE): string {
  const mine = whenInZone(instant, zone);
  if (zone === other || (formatDay(instant, zone) === formatDay(instant, other) && formatClock(instant, zone) === formatClock(instant, other))) {
    return mine;
  }
  const theirs = formatDay(instant, zone) === formatDay(instant, other) ? clockInZone(instant, other) : whenInZone(instant, other);
  return `${mine} (${theirs})`;
}

/** The calendar fields of an instant in `zone`. */
function fieldsIn(instant: Date, zone: string) {
  const parts = formatter("en-US", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  }).formatToParts(instant);
  const get = (type: Intl.DateTimeFormatPartTypes) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  return { year: get("year"), month: get("month"), day: get("day"), hour: get("hour") % 24, minute: get("minute"), second: get("second") };
}

const pad = (n: number, width = 2) => String(n).padStart(width, "0");

/** The day an instant falls on in `zone`, "2026-03-29": slots are grouped by it. */
export function dayKey(instant: string | Date, zone: string): string {
  const f = fieldsIn(at(instant), zone);
  return `${pad(f.year, 4)}-${pad(f.month)}-${pad(f.day)}`;
}

/** How far `zone` is ahead of UTC at that instant, in milliseconds. */
function offsetMs(utcMs: number, zone: string): number {
  const f = fieldsIn(new Date(utcMs), zone);
  return Date.UTC(f.year, f.month - 1, f.day, f.hour, f.minute, f.second) - Math.floor(utcMs / 1000) * 1000;
}

/** An instant as the API writes it: RFC 3339 in UTC without fractions, "2026-03-29T14:00:00Z". */
export const toApiTime = (instant: Date) => instant.toISOString().replace(/\.\d{3}Z$/, "Z");

/**
 * A wall-clock time in `zone` ("2026-03-29T19:00", as a datetime-local input gives it) as the API's UTC instant, or
 * null when the text is not such a time. A time the clocks skip is read with the offset before the change.
 */
export function zonedToApiTime(local: string, zone: string): string | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(local.trim());
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((v) => Number(v ?? 0)) as [number, number, number, number, number, number];
  const naive = Date.UTC(year, month - 1, day, hour, minute, second);
  if (Number.isNaN(naive)) return null;
  const first = naive - offsetMs(naive, zone);
  const utc = naive - offsetMs(first, zone);
  return toApiTime(new Date(utc));
}

/** An instant as a datetime-local value in `zone`, "2026-03-29T19:00". */
export function apiTimeToZoned(instant: string | Date, zone: string): string {
  const f = fieldsIn(at(instant), zone);
  return `${pad(f.year, 4)}-${pad(f.month)}-${pad(f.day)}T${pad(f.hour)}:${pad(f.minute)}`;
}

/** Things that start at an instant, grouped by their day in `zone`, days and times ascending. */
export interface DayGroup<T> {
  day: string;
  /** "Sunday 29 March". */
  label: string;
  items: T[];
}

export function groupByDay<T extends { startsAt: string }>(items: readonly T[], zone: string): DayGroup<T>[] {
  const sorted = [...items].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
  const groups: DayGroup<T>[] = [];
  for (const item of sorted) {
    const day = dayKey(item.startsAt, zone);
    const last = groups.at(-1);
    if (last?.day === day) last.items.push(item);
    else groups.push({ day, label: formatDay(item.startsAt, zone), items: [item] });
  }
  return groups;
}

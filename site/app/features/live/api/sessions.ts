// A signed-in student's live classes (/api/me/sessions, /api/me/calendar): the sessions of their batches in a time
// range (UTC; never the meeting link: Join goes through the API, which checks the enrolment and records attendance),
// their private calendar feed's address (reset on request) and whether they get a reminder before each class.
// Every call goes through the one client with the student's access token; the route gives the token source.
import { tokenFrom, type TokenSource } from "../../../lib/access-token";
import { send, type SendOptions } from "../../../lib/api-client";

export { tokenFrom, type TokenSource };

/** One session of a batch the student is enrolled in, as the API answers it. */
export interface MySession {
  id: string;
  batchId: string;
  /** RFC 3339, UTC. */
  startsAt: string;
  minutes: number;
  status: "scheduled" | "cancelled";
  /** The student joined it (through Join) or staff marked them present. */
  attended: boolean;
  /** Why it was cancelled, when it was. */
  reason?: string | null;
  /** The batch's own time zone (IANA). */
  timeZone?: string | null;
  /** The address Join opens (the API's join link; it redirects to the meeting inside the window). */
  joinUrl?: string | null;
  /** The recording's lecture number, once staff attached it. */
  lectureNumber?: number | null;
}

export interface CalendarFeed {
  /** The private feed's address (webcal:// or https://). */
  url: string;
  /** Mail 1 hour before each session. */
  reminders?: boolean;
}

const json = <T>(method: string, path: string, options: SendOptions) => send<T>(method, path, options, "application/json", (res) => res.json() as Promise<T>);

export const getMySessions = async (source: TokenSource, range: { from: string; to: string }): Promise<MySession[]> =>
  (await json<{ sessions: MySession[] }>("get", "/api/me/sessions", { token: await tokenFrom(source), query: range })).sessions;

export const getCalendar = async (source: TokenSource): Promise<CalendarFeed> => json("get", "/api/me/calendar", { token: await tokenFrom(source) });

/** A new feed address: the old one stops answering. */
export const resetCalendar = async (source: TokenSource): Promise<CalendarFeed> => json("post", "/api/me/calendar/reset", { token: await tokenFrom(source) });

export const setReminders = async (source: TokenSource, reminders: boolean): Promise<CalendarFeed> =>
  json("put", "/api/me/calendar/reminders", { token: await tokenFrom(source), body: { reminders } });

/** The join address of a session: the API's own link when it gives one. */
export const joinHref = (session: Pick<MySession, "id" | "joinUrl">) => session.joinUrl || `/api/me/sessions/${encodeURIComponent(session.id)}/join`;

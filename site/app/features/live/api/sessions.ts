// A signed-in student's live classes (/api/me/sessions, /api/me/calendar): the sessions of their batches over their
// terms (UTC; never the meeting link: Join is the API's join link, which checks the enrolment and the window, records
// the attendance and redirects), their private calendar feed (its webcal://, Google and Outlook addresses), a new
// feed address on request, and whether they get a reminder mail an hour before each class. Every call goes through
// the one client with the student's access token; the route gives the token source.
import { tokenFrom, type TokenSource } from "#app/lib/access-token";
import { apiGet, apiPatch, apiPost } from "#app/lib/api-client";
import type { MyCalendar, MySession } from "#app/lib/api-schema";

export type { MyCalendar, MySession };

/** Every session of the student's batches, from the start of their terms to the end. */
export const getMySessions = async (source: TokenSource): Promise<MySession[]> => (await apiGet("/api/me/sessions", { token: await tokenFrom(source) })).sessions;

export const getCalendar = async (source: TokenSource): Promise<MyCalendar> => apiGet("/api/me/calendar", { token: await tokenFrom(source) });

/** A new feed address: the old one stops answering. */
export const resetCalendar = async (source: TokenSource): Promise<MyCalendar> => apiPost("/api/me/calendar/token", { token: await tokenFrom(source) });

export const setReminders = async (source: TokenSource, reminders: boolean): Promise<MyCalendar> =>
  apiPatch("/api/me/calendar", { token: await tokenFrom(source), body: { reminders } });

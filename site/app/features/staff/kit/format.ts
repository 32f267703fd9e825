// How the console writes times, durations and API failures.
import { ApiError } from "#app/lib/api-client";

/** An epoch-seconds time as "12 Mar 2026, 14:05" (the browser's time zone). */
export const formatTime = (epochSeconds: number | null | undefined): string =>
  epochSeconds == null ? "—" : new Date(epochSeconds * 1000).toLocaleString("en-GB", { dateStyle: "medium", timeStyle: "short" });

/** Seconds as m:ss (h:mm:ss past an hour). */
export function formatDuration(seconds: number): string {
  const total = Math.max(0, Math.round(seconds));
  const [h, m, s] = [Math.floor(total / 3600), Math.floor((total % 3600) / 60), total % 60];
  const pad = (n: number) => String(n).padStart(2, "0");
  return h ? `${h}:${pad(m)}:${pad(s)}` : `${m}:${pad(s)}`;
}

/** What to tell staff about a failed call: the server's sentence, else the status, else a network failure. */
export function failureText(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0) return error.timedOut ? "The server took too long to answer." : "The server could not be reached.";
    return error.serverMessage || error.statusText;
  }
  return "Something went wrong.";
}

/** The API's refusal for a non-staff caller. */
export const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;
export const isUnauthorized = (error: unknown) => error instanceof ApiError && error.status === 401;

/** Today as `YYYY-MM-DD` (UTC, as access end dates are), the earliest access end date. */
export const todayUtc = (now = new Date()) => now.toISOString().slice(0, 10);

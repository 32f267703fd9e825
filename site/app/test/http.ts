// Helpers for component tests that stub the API: a JSON answer as `fetch` resolves it, and one time zone for a file.
import { afterEach, beforeEach, vi } from "vitest";

/** A JSON answer as `fetch` resolves it. */
export const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** Runs every test of the calling file in time zone `tz` (as a visitor there sees times), and unstubs `fetch` after each. */
export function inTimeZone(tz: string) {
  let zone: string | undefined;
  beforeEach(() => {
    zone = process.env.TZ;
    process.env.TZ = tz;
  });
  afterEach(() => {
    process.env.TZ = zone;
    vi.unstubAllGlobals();
  });
}

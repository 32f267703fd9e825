// Next class on /lms: the session in the student's zone with the batch's beside it, the countdown, Join a link only
// inside its window (the API's join link), and the term's sessions (attended, cancelled, the recording).
import { act, render, screen, within } from "@testing-library/react";
import { Suspense } from "react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { MySession } from "../api/sessions";
import { NextClass, type MySessionList } from "./NextClass";

const batchId = "665f1c2a9b3e4d0012a1c009";
const MIN = 60_000;
const start = Date.parse("2026-11-30T14:00:00Z"); // 7 PM in Karachi, 2 PM in London (GMT)

/** A session as the API answers it (its end and Join's opening derived from its start, as the server does). */
function session(over: Partial<MySession>): MySession {
  const startsAt = over.startsAt ?? "2026-11-30T14:00:00Z";
  const minutes = over.minutes ?? 120;
  const at = Date.parse(startsAt);
  const iso = (ms: number) => new Date(ms).toISOString().replace(".000Z", "Z");
  const id = over.id ?? "s1";
  return {
    id,
    batchId,
    batchName: "AIML-04",
    timeZone: "Asia/Karachi",
    startsAt,
    endsAt: iso(at + minutes * MIN),
    minutes,
    status: "scheduled",
    attended: false,
    joinOpen: false,
    joinOpensAt: iso(at - 10 * MIN),
    joinUrl: `/api/me/sessions/${id}/join?token=t`,
    recording: null,
    ...over,
  };
}

/** Renders inside act(), so the list's promise has settled when it resolves. */
async function show(sessions: MySession[] | null, zone: string) {
  const list: Promise<MySessionList> = Promise.resolve(sessions ? { kind: "list", sessions } : { kind: "error" });
  let rendered!: ReturnType<typeof render>;
  await act(async () => {
    rendered = render(
      <MemoryRouter>
        <Suspense fallback={<p>loading</p>}>
          <NextClass batchId={batchId} batchName="AIML-04" list={list} zone={zone} onRetry={() => {}} />
        </Suspense>
      </MemoryRouter>,
    );
  });
  return rendered;
}

afterEach(() => vi.useRealTimers());

describe("NextClass", () => {
  it("before the window: the student's time with the zone named, the batch's beside it, the countdown, Join not yet", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(start - 2 * 3_600_000);
    await show([session({})], "Europe/London");
    expect((await screen.findByTestId("next-class-time")).textContent).toBe("Monday 30 November, 2:00 PM – 4:00 PM UK time");
    expect(screen.getByTestId("next-class-batch-time").textContent).toBe("Batch time: Monday 30 November, 7:00 PM – 9:00 PM Pakistan time");
    expect(screen.getByRole("timer").textContent).toBe("Starts in 2 hours.");
    const join = screen.getByRole("button", { name: "Join class" });
    expect(join).toHaveProperty("disabled", true);
    expect(screen.queryByRole("link", { name: /Join the class/ })).toBeNull();
    expect(screen.getByText(/Join opens at 1:50 PM UK time/)).toBeTruthy();
  });

  it("a student in Karachi sees the batch's own time only once", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(start - 2 * 3_600_000);
    await show([session({})], "Asia/Karachi");
    expect((await screen.findByTestId("next-class-time")).textContent).toBe("Monday 30 November, 7:00 PM – 9:00 PM Pakistan time");
    expect(screen.queryByTestId("next-class-batch-time")).toBeNull();
  });

  it("opens Join 10 minutes before the start, as the clock reaches it, and links the API's join address", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(start - 10 * MIN - 1_000);
    await show([session({})], "Europe/London");
    expect((await screen.findByRole("timer")).textContent).toBe("Starts in 11 minutes.");
    expect(screen.queryByRole("link", { name: /Join the class/ })).toBeNull();
    vi.setSystemTime(start - 10 * MIN + 5_000);
    const join = await screen.findByRole("link", { name: /^Join the class of AIML-04/ }, { timeout: 3000 });
    expect(join.getAttribute("href")).toBe("/api/me/sessions/s1/join?token=t");
    expect(screen.getByRole("timer").textContent).toBe("Starts in 9 minutes 55 seconds.");
  });

  it("keeps Join open while the class runs, then moves on to the next session", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(start + 119 * MIN);
    const later = session({ id: "s2", startsAt: "2026-12-02T14:00:00Z" });
    await show([later, session({})], "Europe/London");
    expect((await screen.findByRole("timer")).textContent).toBe("Live now: ends in 1 minute.");
    expect(screen.getByRole("link", { name: /^Join the class of AIML-04/ }).getAttribute("href")).toContain("/s1/");
    vi.setSystemTime(start + 120 * MIN);
    await vi.waitFor(() => expect(screen.getByTestId("next-class-time").textContent).toBe("Wednesday 2 December, 2:00 PM – 4:00 PM UK time"), { timeout: 3000 });
    expect(screen.queryByRole("link", { name: /Join the class/ })).toBeNull();
  });

  it("skips a cancelled session, and lists the term: attended, not attended, cancelled with its reason, the recording", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(start + 3 * 86_400_000);
    await show(
      [
        session({ id: "a", startsAt: "2026-11-28T14:00:00Z", attended: true, joinUrl: null, recording: { batchId, lectureNumber: 7, title: "Pandas" } }),
        session({ id: "b", startsAt: "2026-11-30T14:00:00Z" }),
        session({ id: "c", startsAt: "2026-12-05T14:00:00Z", status: "cancelled", reason: "Instructor unwell" }),
        session({ id: "d", startsAt: "2026-12-07T14:00:00Z" }),
      ],
      "Europe/London",
    );
    expect((await screen.findByTestId("next-class-time")).textContent).toBe("Monday 7 December, 2:00 PM – 4:00 PM UK time");
    const term = screen.getByRole("list", { name: "Classes of AIML-04" });
    const items = within(term).getAllByRole("listitem").map((li) => li.textContent);
    expect(items[0]).toMatch(/^Sat, 28 Nov 2026, 2:00 PM – 4:00 PM\s*Attended\s*Watch the recording/);
    expect(items[1]).toMatch(/Not attended$/);
    expect(items[2]).toMatch(/Cancelled\s*Reason: Instructor unwell/);
    expect(items[3]).toMatch(/Upcoming$/);
    expect(within(term).getByRole("link", { name: /Watch the recording/ }).getAttribute("href")).toBe(`/recorded-lectures/${batchId}?lecture=7`);
  });

  it("says when the batch has no sessions, and when the list could not be read", async () => {
    await show([session({ batchId: "another" })], "Europe/London");
    expect(await screen.findByText("No live classes are scheduled for this batch.")).toBeTruthy();
    const failed = await show(null, "UTC");
    expect((await within(failed.container).findByRole("alert")).textContent).toBe("Could not load your live classes.");
  });
});

// One batch in the console: its regions have names of their own, and the report is read again after an action taken
// elsewhere on the page (a certificate's, a lecture's), without a reload.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { StaffBatch } from "#app/lib/api-schema";
import { json } from "#app/test/http";
import { renderAt } from "#app/test/render";
import { TokenProvider } from "../kit/api/token";
import { BatchView } from "./BatchView";

vi.mock("#app/components/Toasts", () => ({ showToast: vi.fn() }));
afterEach(() => vi.restoreAllMocks());

const batchId = "665f1c2a9b3e4d0012a1c006";
const batch = {
  batch: { _id: batchId, name: "DA-06 Late Evening Batch", startDate: "2026-01-10", endDate: "2026-06-30", instructor: "Sara Ahmed", seats: 30, enrolled: 0 },
  courseTitle: "Data Analyst",
  enrolled: 1,
  active: 1,
} as unknown as StaffBatch;
const student = { studentId: "ayesha@example.com", name: "Ayesha Khan", email: "ayesha@example.com", lecturesWatched: 1, complete: false, markedComplete: false, certificate: null };
const lecture = {
  lectureNumber: 1,
  id: "l1",
  title: "Intro",
  description: null,
  published: true,
  kind: "recording",
  url: null,
  state: "ready",
  percent: null,
  failure: null,
  upload: null,
  durationSecs: 600,
  rungs: [360],
  hasCaptions: false,
  updatedAt: 1_764_000_000,
};

/** The API as the batch page calls it; how many times the report was read. */
function api() {
  const reads = { report: 0 };
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const method = init?.method ?? "GET";
    const path = String(input).split("?")[0]!;
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    if (path.endsWith("/report")) {
      reads.report++;
      return json({
        batch: batch.batch,
        lecturesTotal: 1,
        lectures: [{ lectureNumber: 1, title: "Intro", watchedBy: 1, startedBy: 1, averageFurthestSeconds: 600 }],
        students: [{ enrolmentId: "e1", name: "Ayesha Khan", email: "ayesha@example.com", accountLinked: true, lecturesWatched: 1, lastActivity: null, assignments: [], assignmentsDone: 0, assignmentsPassed: 0 }],
        assignments: [],
      });
    }
    if (path.endsWith("/enrolments")) return json({ items: [], nextCursor: null });
    if (path.endsWith("/certificates")) return json({ lecturesTotal: 1, students: [student] });
    if (path.endsWith("/completion")) return json({ ...student, complete: body.complete, markedComplete: body.complete });
    if (path.endsWith("/lectures/1") && method === "PATCH") return json({ ...lecture, ...body });
    if (path.endsWith("/lectures")) return json({ lectures: [lecture] });
    if (path.endsWith("/assignments")) return json({ assignments: [], requireAllPassed: false });
    if (path === "/api/staff/submissions") return json({ submissions: [] });
    return json({ error: "not_found", message: "no route" }, 404);
  });
  return reads;
}

const render = () =>
  renderAt(
    <TokenProvider value={async () => "access-token"}>
      <BatchView batchId={batchId} batches={[batch]} backLink="/staff?section=batches" onBatchesChanged={vi.fn()} />
    </TokenProvider>,
  );

describe("BatchView", () => {
  it("names the students' region and the report's tables apart", async () => {
    api();
    render();
    await screen.findByRole("table", { name: "Report by student" });
    expect(screen.getAllByRole("region", { name: "Students" })).toHaveLength(1);
    const names = screen.getAllByRole("region").map((r) => r.getAttribute("aria-labelledby") && document.getElementById(r.getAttribute("aria-labelledby")!)?.textContent);
    expect(new Set(names).size).toBe(names.length);
  });

  it("reads the report again after a student is marked complete", async () => {
    const reads = api();
    render();
    await screen.findByRole("table", { name: "Report by student" });
    expect(reads.report).toBe(1);
    fireEvent.click(await screen.findByRole("button", { name: "Mark Ayesha Khan complete" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Mark Ayesha Khan complete?" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Mark complete" }));
    await waitFor(() => expect(reads.report).toBe(2));
    await screen.findByRole("table", { name: "Report by student" });
  });

  it("reads the report again after a lecture is unpublished", async () => {
    const reads = api();
    render();
    await screen.findByRole("table", { name: "Report by student" });
    fireEvent.click(await screen.findByRole("button", { name: "Unpublish lecture 1" }));
    await waitFor(() => expect(reads.report).toBe(2));
  });
});

import { render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { BatchReport } from "#app/lib/api-schema";
import { inTimeZone, json } from "#app/test/http";
import { TokenProvider } from "../kit/api/token";
import { BatchReportView } from "./BatchReportView";

vi.mock("#app/components/Toasts", () => ({ showToast: vi.fn() }));

inTimeZone("Asia/Karachi");
afterEach(() => vi.restoreAllMocks());

const batchId = "665f1c2a9b3e4d0012a1c002";
// 27 Nov 2026, 20:00 and 28 Nov 2026, 06:40 in Karachi.
const [watchedAt, revokedAt] = [1_795_791_600, 1_795_830_000];

const report: BatchReport = {
  batch: {
    _id: batchId,
    courseId: "665f1c2a9b3e4d0012a1b002",
    name: "MERN-08 Weekend Batch",
    mode: "Online",
    schedule: "Sat, Sun",
    timing: "11 AM",
    instructor: "Sana",
    startDate: "2026-12-05",
    endDate: "2027-03-05",
    price: "PKR 45,000",
    seats: 30,
    enrolled: 3,
    description: "",
  },
  lecturesTotal: 4,
  lectures: [{ lectureNumber: 1, title: "How the web works", watchedBy: 1, startedBy: 1, averageFurthestSeconds: 300 }],
  assignments: [],
  students: [
    { enrolmentId: `${batchId}0123456789abcdef`, name: "Ayesha Khan", email: "ayesha@example.pk", accountLinked: false, lecturesWatched: 1, lastActivity: watchedAt, revokedAt, attendancePercent: 75, assignments: [], assignmentsDone: 0, assignmentsPassed: 0 },
    { enrolmentId: `${batchId}fedcba9876543210`, name: "Bilal", email: "bilal@example.pk", accountLinked: true, lecturesWatched: 0, lastActivity: null, revokedAt: null, attendancePercent: null, assignments: [], assignmentsDone: 0, assignmentsPassed: 0 },
  ],
};

describe("a batch's report", () => {
  it("keeps a revoked student's row with what they watched, marked revoked", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(json(report));
    render(
      <TokenProvider value={async () => "staff-token"}>
        <BatchReportView batchId={batchId} />
      </TokenProvider>,
    );
    const students = await screen.findByRole("table", { name: "Report by student" });
    const ayesha = within(students).getByRole("row", { name: /Ayesha Khan/ });
    expect(within(ayesha).getByText("Revoked")).toBeTruthy();
    expect(ayesha.textContent).toContain("28 Nov 2026, 06:40");
    expect(ayesha.textContent).toContain("1 of 4");
    expect(ayesha.textContent).toContain("27 Nov 2026, 20:00");
    expect(within(within(students).getByRole("row", { name: /Bilal/ })).queryByText("Revoked")).toBeNull();
    // Live classes attended beside the lectures: a percent, or a dash while no class counts.
    const cells = (row: HTMLElement) => within(row).getAllByRole("cell").map((c) => c.textContent);
    expect(within(students).getAllByRole("columnheader").map((h) => h.textContent)).toEqual(["Name", "E-mail", "Account", "Lectures watched", "Live classes attended", "Last activity"]);
    expect(cells(ayesha)[3]).toBe("75 %");
    expect(cells(within(students).getByRole("row", { name: /Bilal/ }))[3]).toBe("—");
  });
});

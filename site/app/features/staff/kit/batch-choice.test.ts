import { describe, expect, it } from "vitest";
import type { StaffBatch } from "#app/lib/api-schema";
import { batchesForCourse, batchLabel, batchStanding, openFirst } from "./batch-choice";

const batch = (id: string, courseTitle: string) =>
  ({ batch: { _id: id, name: id, startDate: "2026-01-10" }, courseTitle, enrolled: 0, active: 0 }) as unknown as StaffBatch;
const all = [batch("mern-07", "MERN Stack Development"), batch("da-04", "Data Analysis"), batch("mern-08", "MERN Stack Development")];

describe("the Enrol form's batches for an enquiry", () => {
  it("are the named course's, matched by title whatever its case and spaces", () => {
    const { batches, matched } = batchesForCourse(all, "  mern stack development ");
    expect([batches.map((b) => b.batch._id), matched]).toEqual([["mern-07", "mern-08"], true]);
  });

  it("are every batch when the enquiry names no course, or one without batches", () => {
    expect(batchesForCourse(all, null)).toEqual({ batches: all, matched: false });
    expect(batchesForCourse(all, "Cyber Security")).toEqual({ batches: all, matched: false });
  });
});

describe("the Enrol form's order and marks", () => {
  const today = "2026-03-01";
  const one = (id: string, endDate: string, seats: number, active: number, enrolled = 0) =>
    ({ batch: { _id: id, name: id, startDate: "2026-01-10", endDate, seats, enrolled }, courseTitle: "MERN Stack Development", enrolled: active, active }) as unknown as StaffBatch;
  const ended = one("ended", "2026-02-28", 30, 3);
  const full = one("full", "2026-06-30", 2, 2);
  const listedFull = one("listed-full", "2026-06-30", 30, 0, 30);
  const open = one("open", "2026-03-01", 30, 29);

  it("says which batches no longer take students: past their end date, or as many enrolled as seats", () => {
    expect([ended, full, listedFull, open].map((b) => batchStanding(b, today))).toEqual(["ended", "full", "full", "open"]);
  });

  it("lists open batches first, then full, then ended, and marks the last two", () => {
    const ordered = openFirst([ended, full, open, listedFull], today);
    expect(ordered.map((b) => batchLabel(b, today))).toEqual([
      "open (MERN Stack Development, starts 2026-01-10)",
      "full (MERN Stack Development, starts 2026-01-10) — full",
      "listed-full (MERN Stack Development, starts 2026-01-10) — full",
      "ended (MERN Stack Development, starts 2026-01-10) — ended",
    ]);
  });
});

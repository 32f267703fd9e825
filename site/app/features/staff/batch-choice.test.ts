import { describe, expect, it } from "vitest";
import type { StaffBatch } from "../../lib/api-schema";
import { batchesForCourse } from "./batch-choice";

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

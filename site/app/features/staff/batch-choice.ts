// Which batches the Enrol form offers for an enquiry: the batches of the course the visitor named (enrolment forms
// send the course's title), else every batch; a batch already over is offered last.
import type { StaffBatch } from "../../lib/api-schema";

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The batches of `course` (by title, case and spaces aside), or all of them when it names none of them. */
export function batchesForCourse(batches: readonly StaffBatch[], course: string | null | undefined): { batches: StaffBatch[]; matched: boolean } {
  const mine = course ? batches.filter((b) => same(b.courseTitle, course)) : [];
  return mine.length ? { batches: mine, matched: true } : { batches: [...batches], matched: false };
}

/** How a batch is named in a choice: "MERN-08 Weekend Batch (MERN Stack Development, starts 2026-01-10)". */
export const batchLabel = (b: StaffBatch) => `${b.batch.name} (${b.courseTitle || "no course"}, starts ${b.batch.startDate})`;

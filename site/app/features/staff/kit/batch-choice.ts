// Which batches the Enrol form offers for an enquiry: the batches of the course the visitor named (enrolment forms
// send the course's title), else every batch; open batches first, then full ones, then ended ones, each marked.
import type { StaffBatch } from "#app/lib/api-schema";

const same = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The batches of `course` (by title, case and spaces aside), or all of them when it names none of them. */
export function batchesForCourse(batches: readonly StaffBatch[], course: string | null | undefined): { batches: StaffBatch[]; matched: boolean } {
  const mine = course ? batches.filter((b) => same(b.courseTitle, course)) : [];
  return mine.length ? { batches: mine, matched: true } : { batches: [...batches], matched: false };
}

/** Whether a batch still takes students on `today` (`YYYY-MM-DD`, UTC). */
export type BatchStanding = "open" | "full" | "ended";

/** "ended" past its end date; "full" when its active enrolments, or the catalog's count of enrolled, reach its seats. */
export function batchStanding(b: StaffBatch, today: string): BatchStanding {
  if (b.batch.endDate && b.batch.endDate < today) return "ended";
  const taken = Math.max(b.active, b.batch.enrolled);
  return b.batch.seats > 0 && taken >= b.batch.seats ? "full" : "open";
}

const rank: Record<BatchStanding, number> = { open: 0, full: 1, ended: 2 };

/** `batches` open first, then full, then ended, each group in the order given. */
export function openFirst(batches: readonly StaffBatch[], today: string): StaffBatch[] {
  return [...batches].sort((a, b) => rank[batchStanding(a, today)] - rank[batchStanding(b, today)]);
}

/** How a batch is named in a choice: "MERN-08 Weekend Batch (MERN Stack Development, starts 2026-01-10)", and " — full"
 * or " — ended" after a batch that no longer takes students. */
export function batchLabel(b: StaffBatch, today: string): string {
  const standing = batchStanding(b, today);
  const mark = standing === "open" ? "" : ` — ${standing}`;
  return `${b.batch.name} (${b.courseTitle || "no course"}, starts ${b.batch.startDate})${mark}`;
}

// Which batches the plan form offers (docs/product.md#plan-form): the course's batches still taking students (not ended,
// a seat left: the server refuses the others), soonest start first, each named with its start, timing and seats left.
import type { Batch } from "#app/lib/api-schema";

/** Today as `YYYY-MM-DD` in UTC, as the catalog's dates are written. */
const todayUtc = (now: Date) => now.toISOString().slice(0, 10);

export function openBatches(batches: readonly Batch[], now = new Date()): Batch[] {
  const today = todayUtc(now);
  return batches
    .filter((b) => (!b.endDate || b.endDate >= today) && b.seats - b.enrolled > 0)
    .sort((a, b) => a.startDate.localeCompare(b.startDate));
}

/** "starts 2027-01-09" for a batch ahead, "started 2026-10-06" for one under way. */
export function batchStart(b: Batch, now = new Date()): string {
  return `${b.startDate > todayUtc(now) ? "starts" : "started"} ${b.startDate}`;
}

export function batchChoiceLabel(b: Batch, now = new Date()): string {
  const left = b.seats - b.enrolled;
  return `${b.name}: ${batchStart(b, now)}, ${b.timing} (${left} ${left === 1 ? "seat" : "seats"} left)`;
}

// Which batches the plan form offers (docs/product.md#plan-form): the course's batches that have not started yet and
// still have a seat, soonest first, each named with its start, timing and seats left.
import type { Batch } from "../../../lib/api-schema";

/** Today as `YYYY-MM-DD` in UTC, as the catalog's dates are written. */
const todayUtc = (now: Date) => now.toISOString().slice(0, 10);

export function openBatches(batches: readonly Batch[], now = new Date()): Batch[] {
  const today = todayUtc(now);
  return batches.filter((b) => b.startDate > today && b.seats - b.enrolled > 0).sort((a, b) => a.startDate.localeCompare(b.startDate));
}

export function batchChoiceLabel(b: Batch): string {
  const left = b.seats - b.enrolled;
  return `${b.name}: starts ${b.startDate}, ${b.timing} (${left} ${left === 1 ? "seat" : "seats"} left)`;
}

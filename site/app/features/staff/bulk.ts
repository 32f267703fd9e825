// A pasted roster's outcome as staff read it: one line per roster line, and a summary.
import type { BulkAnswer, BulkLine } from "../../lib/api-schema";

/** "Enrolled", "Already enrolled", or "Invalid: {why}". */
export function outcomeText(line: BulkLine): string {
  switch (line.outcome) {
    case "enrolled":
      return "Enrolled";
    case "already_enrolled":
      return "Already enrolled";
    default:
      return line.reason ? `Invalid: ${line.reason}` : "Invalid";
  }
}

const count = (n: number, one: string, many = one) => `${n} ${n === 1 ? one : many}`;

/** "2 enrolled, 1 already enrolled, 1 invalid" (zeros left out; "Nothing to enrol." for an empty roster). */
export function bulkSummary(answer: Pick<BulkAnswer, "enrolled" | "alreadyEnrolled" | "invalid">): string {
  const parts = [
    answer.enrolled ? count(answer.enrolled, "enrolled") : "",
    answer.alreadyEnrolled ? count(answer.alreadyEnrolled, "already enrolled") : "",
    answer.invalid ? count(answer.invalid, "invalid line", "invalid lines") : "",
  ].filter(Boolean);
  return parts.length ? `${parts.join(", ")}.` : "Nothing to enrol: the list has no lines.";
}

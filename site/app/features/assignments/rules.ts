// How a student's assignment reads on /lms: its state in words (with the time in the student's own zone), which ones
// are due this week, and whether a link may be handed in. The server decides the state; this only words it.
import { whenInZone } from "../../lib/demo-time";

export type AssignmentState = "not-started" | "draft" | "submitted" | "late" | "reviewed";

export interface StateFacts {
  state: AssignmentState | string;
  dueAt: string;
  submittedAt?: string | null;
  /** The review's result once reviewed: "passed", "needs-work", or points. */
  result?: string | number | null;
  points?: number | null;
}

/** "Passed", "Needs work", "8 / 10 points". */
export function resultText(result: string | number | null | undefined, points?: number | null): string {
  if (typeof result === "number") return points ? `${result} / ${points} points` : `${result} points`;
  if (result === "passed") return "Passed";
  if (result === "needs-work") return "Needs work";
  return "";
}

/** The state as the list shows it: "Not started", "Draft saved", "Submitted Monday 3 March, 7:00 PM UK time", … */
export function stateLabel(facts: StateFacts, zone: string, now = new Date()): string {
  const when = facts.submittedAt ? whenInZone(facts.submittedAt, zone) : null;
  switch (facts.state) {
    case "not-started":
      return Date.parse(facts.dueAt) < now.getTime() ? "Not started · past the due time" : "Not started";
    case "draft":
      return Date.parse(facts.dueAt) < now.getTime() ? "Draft saved · past the due time" : "Draft saved";
    case "submitted":
      return when ? `Submitted ${when}` : "Submitted";
    case "late":
      return when ? `Late: submitted ${when}` : "Late";
    case "reviewed": {
      const result = resultText(facts.result, facts.points);
      return result ? `Reviewed: ${result}` : "Reviewed";
    }
    default:
      return String(facts.state);
  }
}

/** The badge's colour for a state (and a review's result). */
export function stateTone(facts: Pick<StateFacts, "state" | "result">): "green" | "amber" | "red" | "slate" {
  if (facts.state === "reviewed") return facts.result === "needs-work" ? "amber" : "green";
  if (facts.state === "submitted") return "green";
  if (facts.state === "late") return "amber";
  if (facts.state === "draft") return "slate";
  return "slate";
}

const WEEK_MS = 7 * 24 * 3600 * 1000;

/**
 * Due this week: due in the next seven days, or past due and not yet handed in (a late hand-in is still taken), and
 * not reviewed; soonest first. Everything else stays in the full list.
 */
export function dueThisWeek<T extends { dueAt: string; state: string }>(items: readonly T[], now = new Date()): T[] {
  const t = now.getTime();
  return items
    .filter((a) => {
      const due = Date.parse(a.dueAt);
      if (a.state === "reviewed") return false;
      if (due >= t) return due - t <= WEEK_MS;
      return (a.state === "not-started" || a.state === "draft") && t - due <= WEEK_MS;
    })
    .sort((a, b) => Date.parse(a.dueAt) - Date.parse(b.dueAt));
}

/** At most this many links in one submission, each at most this long. */
export const MAX_LINKS = 5;
export const MAX_LINK_LENGTH = 2000;

/** Why a link cannot be handed in, or null: an http(s) address of a named host (a repository, a deployed site). */
export function linkProblem(text: string): string | null {
  const link = text.trim();
  if (!link) return "Enter a link, or remove this field.";
  if (link.length > MAX_LINK_LENGTH) return `A link can be at most ${MAX_LINK_LENGTH} characters.`;
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return "Enter a full address starting with https:// (for example https://github.com/you/project).";
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return "A link must start with https:// or http://.";
  if (url.username || url.password) return "A link cannot carry a user name or password.";
  if (!/^[a-z0-9-]+(\.[a-z0-9-]+)+$/i.test(url.hostname) || /^[\d.]+$/.test(url.hostname)) {
    return "Enter the address of a site (for example https://github.com/you/project).";
  }
  return null;
}

/** The problem of each link by its place, or an empty object when all are fine. */
export function linkProblems(links: readonly string[]): Record<number, string> {
  const problems: Record<number, string> = {};
  links.forEach((l, i) => {
    const p = linkProblem(l);
    if (p) problems[i] = p;
  });
  return problems;
}

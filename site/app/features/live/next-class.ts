// Which of a batch's sessions /lms shows where: the term's sessions by start, the next one still to come or under
// way (not cancelled), and those that have ended.
import { endMs, startMs } from "../../lib/class-time";
import type { MySession } from "./api/sessions";

export function termOf(sessions: readonly MySession[], batchId: string): MySession[] {
  return sessions.filter((s) => s.batchId === batchId).sort((a, b) => startMs(a) - startMs(b));
}

/** The first session not cancelled that has not ended at `now`: under way, or the next to start. */
export const nextSession = (term: readonly MySession[], now: number): MySession | null =>
  term.find((s) => s.status !== "cancelled" && endMs(s) > now) ?? null;

/** What a session of the term says beside its time. */
export function sessionState(s: MySession, now: number): "cancelled" | "attended" | "missed" | "upcoming" | "live" {
  if (s.status === "cancelled") return "cancelled";
  if (s.attended) return "attended";
  if (endMs(s) <= now) return "missed";
  return startMs(s) <= now ? "live" : "upcoming";
}

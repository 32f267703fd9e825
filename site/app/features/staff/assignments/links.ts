// What an assignment may be linked to: one of the batch's lectures or one of its live classes. The panel loads both
// lists once (the lectures' and the live classes' own API calls); either may fail alone, and the form then offers
// only "None" and the current link. The texts name a link as the list, the detail and the form's options show it.
import { useCallback } from "react";
import type { StaffLecture } from "#app/lib/api-schema";
import { sessionShort } from "#app/lib/class-time";
import { useTokenSource } from "../kit/api/token";
import { useLoad } from "../kit/hooks/use-load";
import { listLectures } from "../kit/api/lectures";
import { listSessions, type StaffSession } from "../kit/api/live";

export interface LinkChoices {
  /** Still loading. */
  loading: boolean;
  /** In number order; null: not loaded (yet, or it failed). */
  lectures: StaffLecture[] | null;
  /** By start; null: not loaded (yet, or it failed). */
  sessions: StaffSession[] | null;
}

export const NO_CHOICES: LinkChoices = { loading: false, lectures: [], sessions: [] };

/** The batch's lectures and live classes, to link an assignment to. */
export function useLinkChoices(batchId: string): LinkChoices {
  const source = useTokenSource();
  const load = useCallback(
    () =>
      Promise.all([
        listLectures(source, batchId)
          .then((ls) => [...ls].sort((a, b) => a.lectureNumber - b.lectureNumber))
          .catch(() => null),
        listSessions(source, batchId)
          .then((ss) => [...ss].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt)))
          .catch(() => null),
      ]),
    [source, batchId],
  );
  const { state } = useLoad(load);
  if (state.status !== "ready") return { loading: state.status === "loading", lectures: null, sessions: null };
  const [lectures, sessions] = state.data;
  return { loading: false, lectures, sessions };
}

/** "Lecture 3: Pandas" (or "Lecture 3" when it is not in the list). */
export function lectureText(lectureNumber: number, lectures: StaffLecture[] | null): string {
  const lecture = lectures?.find((l) => l.lectureNumber === lectureNumber);
  return lecture ? `Lecture ${lectureNumber}: ${lecture.title}` : `Lecture ${lectureNumber}`;
}

/** "Sat, 5 Dec 2026, 7:00 PM – 9:00 PM" in `zone` (or a word when the session is not in the list). */
export function sessionText(sessionId: string, sessions: StaffSession[] | null, zone: string): string {
  const session = sessions?.find((s) => s.id === sessionId);
  if (!session) return "a live class not listed";
  return `${sessionShort(session, zone)}${session.status === "cancelled" ? " (cancelled)" : ""}`;
}

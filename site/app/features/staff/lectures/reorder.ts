// Moving a lecture up or down the list. The API moves a lecture only to a free number, so two neighbours swap through
// a number past the last (three moves); the first move takes the free number just beside when there is one.
import type { StaffLecture } from "#app/lib/api-schema";

export const MAX_LECTURE_NUMBER = 99_999;

/** The number a new lecture is offered: one past the highest. */
export const nextFreeNumber = (lectures: readonly Pick<StaffLecture, "lectureNumber">[]) =>
  Math.min(MAX_LECTURE_NUMBER, lectures.reduce((max, l) => Math.max(max, l.lectureNumber), 0) + 1);

/** One PATCH of `lectureNumber`: the lecture now at `from` goes to `to`. */
export interface Move {
  from: number;
  to: number;
}

/**
 * The moves that put the lecture at `index` (of `lectures`, in number order) one place up (-1) or down (+1); empty
 * when it is already first or last.
 */
export function movesFor(lectures: readonly Pick<StaffLecture, "lectureNumber">[], index: number, direction: -1 | 1): Move[] {
  const lecture = lectures[index];
  const neighbour = lectures[index + direction];
  if (!lecture || !neighbour) return [];
  const [n, m] = [lecture.lectureNumber, neighbour.lectureNumber];
  // A free number between the neighbour and the one past it: a single move does it.
  const beyond = lectures[index + 2 * direction]?.lectureNumber ?? (direction < 0 ? 0 : MAX_LECTURE_NUMBER + 1);
  const gap = direction < 0 ? m - 1 : m + 1;
  if (direction < 0 ? gap > beyond : gap < beyond) return [{ from: n, to: gap }];
  const spare = nextFreeNumber(lectures);
  if (spare === n || spare === m || lectures.some((l) => l.lectureNumber === spare)) return [];
  return [
    { from: n, to: spare },
    { from: m, to: n },
    { from: spare, to: m },
  ];
}

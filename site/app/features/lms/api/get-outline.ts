// GET /api/outline/{courseId} (and the course it belongs to, for its title and duration).
import { ApiError, apiGet } from "#app/lib/api-client";
import type { Outline } from "#app/lib/api-schema";
import { getCourses } from "./get-courses";

export type OutlinePageData =
  | { state: "found"; outline: Outline; course: { title: string; duration: string } | null }
  | { state: "not-found" }
  | { state: "error"; message: string };

export async function getOutlinePage(courseId: string): Promise<OutlinePageData> {
  try {
    const [outline, courses] = await Promise.all([apiGet("/api/outline/{courseId}", { params: { courseId } }), getCourses().catch(() => [])]);
    const course = courses.find((c) => c._id === courseId);
    return { state: "found", outline, course: course ? { title: course.title, duration: course.duration } : null };
  } catch (e) {
    // A malformed id (400) or an unknown course (404) is a course that is not there.
    if (e instanceof ApiError && (e.status === 404 || e.status === 400)) return { state: "not-found" };
    return { state: "error", message: e instanceof ApiError && e.status !== 0 ? (e.serverMessage ?? e.statusText) : "Failed to fetch course outline." };
  }
}

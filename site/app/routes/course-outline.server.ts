// Build-time data of /course-outline/:courseId: the outlines of the catalog's courses (other ids load in the browser).
import { brand } from "../content/brand";
import { catalogCourses, catalogOutline } from "../content/catalog";
import { courseOutlinePath } from "../config/paths";
import { pageMeta } from "../lib/seo";
import type { OutlinePageData } from "../features/lms/api/get-outline";

/** Course ids whose outline pages are pre-rendered. */
export const outlineCourseIds = () => catalogCourses.map((c) => c._id);

export function outlineData(courseId: string): { page: OutlinePageData; meta: ReturnType<typeof pageMeta> } {
  const course = catalogCourses.find((c) => c._id === courseId);
  if (!course) return { page: { state: "not-found" }, meta: [{ title: `Course Not Found | ${brand.name}` }] };
  const { courseId: _, topics: __, ...outline } = catalogOutline(courseId);
  return {
    page: { state: "found", outline: { courseId, ...outline }, course: { title: course.title, duration: course.duration } },
    meta: pageMeta({
      title: `${course.title} Course Outline`,
      description: `Week-by-week outline of the ${course.title} course: ${outline.durationWeeks} weeks of theory, practice and labs.`,
      path: courseOutlinePath(courseId),
    }),
  };
}

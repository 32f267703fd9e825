// Build-time data of the LMS pages: the /lms page's fixed content and the outlines of the catalog's courses.
import { coreValues, mission, story, vision } from "../../content/about";
import { brand } from "../../content/brand";
import { catalogCourses, catalogOutline } from "../../content/catalog";
import { headlineStats } from "../../content/stats";
import { courseOutlinePath, paths } from "../../config/paths";
import { pageMeta } from "../../lib/seo";
import type { OutlinePageData } from "./api/get-outline";

export function lmsData() {
  return {
    brandName: brand.name,
    foundedYear: brand.foundedYear,
    stats: headlineStats,
    story,
    mission,
    vision,
    values: coreValues,
    meta: [
      ...pageMeta({ title: "Learning Portal", description: "Your courses, outlines, batches and recorded lectures.", path: paths.lms }),
      { name: "robots", content: "noindex, follow" },
    ],
  };
}

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

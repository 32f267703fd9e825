// The paths the build pre-renders (react-router.config.ts) and the CDN routes to their index.html.
import { prerenderPaths, shellAreas } from "../app/config/pages";
import { courseOutlinePath, paths } from "../app/config/paths";
import { outlineCourseIds } from "../app/routes/course-outline.server";

/** The site's pages plus the LMS page's fixed content, the staff console's shell, the shells of the areas that render
 * in the browser from their own page (certificate verification) and the outline of every catalog course; other
 * outline ids, batches and lectures load in the browser (clientLoader). */
export const prerenderedPages = (): string[] => [
  ...prerenderPaths,
  paths.lms,
  paths.staff,
  ...shellAreas,
  ...outlineCourseIds().map(courseOutlinePath),
];

// The redirect table (`academy serve` reads build/client/redirects.json, the CDN its copy in infra/cdn/viewer-request.js):
// a flat map of path → target (301). It holds the product's metadata URLs (/courses/{slug}, /services/{slug}, /course-outline/{slug},
// /batches/{slug}) and the lowercase spelling of every mixed-case route (/freedemo → /FreeDemo): the client router
// matches case-insensitively, so a wrongly cased path must redirect rather than hydrate over the 404 document.
// Build-time only (reads the catalog).
import { courses, courseSlugAliases } from "../content/courses";
import { services } from "../content/services";
import { prerenderPaths } from "../config/pages";
import { batchesPath, courseOutlinePath, paths } from "../config/paths";

export type RedirectTable = Record<string, string>;

export function redirectTable(): RedirectTable {
  const table: RedirectTable = {};
  const courseSlugs: [string, (typeof courses)[number]][] = courses.map((c) => [c.slug, c]);
  for (const [alias, target] of Object.entries(courseSlugAliases)) {
    const course = courses.find((c) => c.slug === target);
    if (course) courseSlugs.push([alias, course]);
  }
  for (const [slug, course] of courseSlugs) {
    table[`${paths.courses}/${slug}`] = course.path;
    table[courseOutlinePath(slug)] = course.outlinePath;
    table[batchesPath(slug)] = batchesPath(course.id);
  }
  for (const service of services) {
    // Services without a landing page land on their card in the services listing.
    table[`${paths.services}/${service.slug}`] =
      service.url === paths.contact ? `${paths.services}#${service.slug}` : service.url;
  }
  for (const path of prerenderPaths) {
    const lower = path.toLowerCase();
    if (lower !== path) table[lower] = path;
  }
  return table;
}

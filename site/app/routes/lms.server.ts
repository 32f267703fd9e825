// Build-time data of /lms: the page's fixed content (the courses load in the browser).
import { coreValues, mission, story, vision } from "../content/about";
import { brand } from "../content/brand";
import { headlineStats } from "../content/stats";
import { paths } from "../config/paths";
import { pageMeta } from "../lib/seo";

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

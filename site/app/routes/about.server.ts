// Build-time data of /about.
import { coreValues, mission, story, vision } from "../content/about";
import { brand } from "../content/brand";
import { headlineStats, whyChooseStats } from "../content/stats";
import { team } from "../content/team";
import { paths } from "../config/paths";
import { pageMeta } from "../lib/seo";
import { homeCrumbs } from "../lib/structured-data";

export function aboutData() {
  return {
    meta: pageMeta({
      title: "About Us",
      description: `Founded in ${brand.foundedYear}, ${brand.name} trains job-ready developers, analysts and security professionals and delivers software for clients worldwide.`,
      path: paths.about,
      jsonLd: [homeCrumbs("About", paths.about)],
    }),
    brandName: brand.name,
    foundedYear: brand.foundedYear,
    stats: headlineStats,
    whyChooseStats,
    story,
    mission,
    vision,
    values: coreValues,
    team,
  };
}

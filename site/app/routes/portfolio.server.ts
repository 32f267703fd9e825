// Build-time data of /portfolio.
import { portfolioProjects } from "../content/portfolio";
import { paths } from "../config/paths";
import { pageMeta } from "../lib/seo";
import { homeCrumbs } from "../lib/structured-data";

export function portfolioData() {
  return {
    meta: pageMeta({
      title: "Portfolio",
      description: "Selected web, mobile, UI/UX and digital marketing projects delivered by the Skyline Tech Academy team.",
      path: paths.portfolio,
      jsonLd: [homeCrumbs("Portfolio", paths.portfolio)],
    }),
    projects: portfolioProjects,
  };
}

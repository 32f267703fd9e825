// Build-time data of /services.
import { portfolioProjects } from "../content/portfolio";
import { services } from "../content/services";
import { paths } from "../config/paths";
import { pageMeta } from "../lib/seo";
import { homeCrumbs } from "../lib/structured-data";

export function servicesData() {
  return {
    meta: pageMeta({
      title: "Our Services",
      description:
        "Web development, WordPress, UI/UX design, AI chatbots, data analysis, cyber security, mobile apps, digital marketing and cloud services for businesses worldwide.",
      path: paths.services,
      jsonLd: [homeCrumbs("Services", paths.services)],
    }),
    services,
    projects: portfolioProjects,
  };
}

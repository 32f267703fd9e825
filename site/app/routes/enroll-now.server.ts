// Build-time data of /enrollnow.
import { contactSummary } from "../components/ContactDetails.server";
import { brand } from "../content/brand";
import { courses } from "../content/courses";
import { highlightedPlanLabel, planMonths, plans } from "../content/plans";
import { paths } from "../config/paths";
import { pageMeta } from "../lib/seo";

export function enrollData() {
  return {
    meta: pageMeta({
      title: "Enroll Now",
      description: `Enrol in a ${brand.name} course: MERN stack, data analysis, AI & machine learning or cyber security. Talk to an advisor on WhatsApp or schedule a call.`,
      path: paths.enroll,
    }),
    courses: courses.map((c) => ({ id: c.id, title: c.title, slug: c.slug, duration: c.duration, path: c.path, planMonths: planMonths(c.title) })),
    plans,
    highlightedPlanLabel,
    /** The simple form's country (docs/product.md#records: Pakistan, not asked). */
    simpleFormCountry: "Pakistan",
    contact: contactSummary(),
  };
}

// Build-time data of "/" (its loader's answer, <head> tags included).
import { courseCard } from "../components/CourseCard.server";
import { contactSummary } from "../components/ContactDetails.server";
import { brand } from "../content/brand";
import { courses } from "../content/courses";
import { homeFaqs } from "../content/faqs";
import { highlightedPlanLabel, plans } from "../content/plans";
import { homeServiceSlugs, services } from "../content/services";
import { headlineStats } from "../content/stats";
import { homeTestimonials } from "../content/testimonials";
import type { IconName } from "../config/icons";
import { coursePagePaths, paths, type CourseSlug } from "../config/paths";
import { pageMeta } from "../lib/seo";
import { faqLd, organizationLd, websiteLd } from "../lib/structured-data";

export function homeData() {
  const byPath = (slug: CourseSlug) => coursePagePaths[slug];
  const fields: { icon: IconName; title: string; description: string; path: string }[] = [
    { icon: "bar-chart-3", title: "Data Analysis", description: "Excel, SQL, Python and Power BI", path: byPath("data-analyst") },
    { icon: "brain", title: "Artificial Intelligence", description: "Generative AI, NLP and intelligent apps", path: byPath("ai-machine-learning") },
    { icon: "cpu", title: "Machine Learning", description: "Models that learn from data", path: byPath("ai-machine-learning") },
    { icon: "code", title: "Web Development", description: "Full stack apps with MERN", path: byPath("mern-full-stack-development") },
    { icon: "shield", title: "Cyber Security", description: "Ethical hacking and defence", path: byPath("cyber-security") },
  ];
  return {
    meta: pageMeta({
      description: `${brand.name} teaches MERN stack, data analysis, AI & machine learning and cyber security in live online classes, and builds software for businesses in Pakistan, the UK and worldwide.`,
      path: paths.home,
      jsonLd: [organizationLd(), websiteLd(), faqLd(homeFaqs)],
    }),
    brandName: brand.name,
    stats: headlineStats,
    services: homeServiceSlugs.flatMap((slug) => services.filter((s) => s.slug === slug)).map((s) => ({
      icon: s.icon,
      title: s.title,
      description: s.description,
      path: s.url,
    })),
    courses: courses.map(courseCard),
    fields,
    benefits: [
      { icon: "lightbulb", title: "Discover New Skills", description: "Learn the tools employers use today, in live classes with weekly hands-on labs." },
      { icon: "award", title: "Earn Certifications", description: "Complete a course and its final project to earn a verifiable certificate." },
      { icon: "graduation-cap", title: "Learn from Experts", description: "Instructors who build software, analyse data and secure systems every day." },
    ] satisfies { icon: IconName; title: string; description: string }[],
    testimonials: homeTestimonials,
    faqs: homeFaqs,
    plans,
    highlightedPlanLabel,
    contact: contactSummary(),
  };
}

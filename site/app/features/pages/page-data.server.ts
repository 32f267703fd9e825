// Build-time data of every pre-rendered page: what its loader returns, <head> tags included. Loaders run
// only while pre-rendering, so the content modules (and the catalog JSON) never reach the page scripts.
import type { CourseCardData } from "../../components/CourseCard";
import type { CoursePageData } from "../../components/CoursePage";
import type { ContactSummary } from "../../components/ContactDetails";
import { coreValues, mission, story, vision } from "../../content/about";
import { brand } from "../../content/brand";
import { courseBySlug, courses, type Course } from "../../content/courses";
import { faculty } from "../../content/faculty";
import { freeDemoFaqs, homeFaqs } from "../../content/faqs";
import { privacyPolicy, refundPolicy, termsOfService, type LegalDocument } from "../../content/legal";
import { highlightedPlanLabel, planMonths, plans } from "../../content/plans";
import { portfolioProjects } from "../../content/portfolio";
import { homeServiceSlugs, servicePage, services } from "../../content/services";
import { headlineStats, whyChooseStats } from "../../content/stats";
import { team } from "../../content/team";
import { freeDemoTestimonials, homeTestimonials } from "../../content/testimonials";
import { coursePagePaths, paths, servicePagePaths, type CourseSlug, type ServicePageSlug } from "../../config/paths";
import type { IconName } from "../../config/icons";
import { absoluteUrl } from "../../config/site";
import { pageMeta } from "../../lib/seo";
import { breadcrumbLd, courseLd, faqLd, organizationLd, websiteLd } from "../../lib/structured-data";
import { demoMinutes } from "../../content/demo";

const courseCard = (c: Course): CourseCardData => ({
  id: c.id,
  title: c.title,
  description: c.description,
  duration: c.duration,
  rating: c.rating,
  studentsText: c.studentsText,
  level: c.level,
  image: c.image,
  path: c.path,
  outlinePath: c.outlinePath,
  enrollPath: c.enrollPath,
  monthlyPriceUsd: c.monthlyPriceUsd,
});

const contactSummary = (): ContactSummary => ({
  phones: brand.phones.map((p) => ({ ...p })),
  email: brand.email,
  whatsappUrl: brand.whatsapp.url,
  whatsappDisplay: brand.whatsapp.display,
  scheduleCallUrl: brand.scheduleCallUrl,
  address: `${brand.address.street}, ${brand.address.locality} ${brand.address.postalCode}, ${brand.address.country}`,
  hours: brand.hours.map((h) => ({ days: h.days, hours: h.hours })),
  replyPromise: brand.replyPromise,
});

const crumbs = (name: string, path: string) => breadcrumbLd([{ name: "Home", path: paths.home }, { name, path }]);

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

export function aboutData() {
  return {
    meta: pageMeta({
      title: "About Us",
      description: `Founded in ${brand.foundedYear}, ${brand.name} trains job-ready developers, analysts and security professionals and delivers software for clients worldwide.`,
      path: paths.about,
      jsonLd: [crumbs("About", paths.about)],
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

export function coursesData() {
  return {
    meta: pageMeta({
      title: "Online Courses",
      description:
        "Live online courses in MERN stack development, data analysis, AI & machine learning and cyber security, with real projects, expert faculty and certificates.",
      path: paths.courses,
      jsonLd: [crumbs("Courses", paths.courses), ...courses.map(courseLd)],
    }),
    courses: courses.map((c) => ({ ...courseCard(c), modules: c.modules, projects: c.projects })),
    faculty,
    stats: headlineStats,
  };
}

export function coursePageData(slug: CourseSlug) {
  const course = courseBySlug(slug);
  const { description: _d, slug: _s, studentCount: _n, ...pageCourse } = course;
  const data: CoursePageData = pageCourse;
  return {
    meta: pageMeta({
      title: `${course.title} Course`,
      description: course.description,
      path: course.path,
      image: course.image,
      imageAlt: `${course.title} course`,
      jsonLd: [courseLd(course), breadcrumbLd([{ name: "Home", path: paths.home }, { name: "Courses", path: paths.courses }, { name: course.title, path: course.path }])],
    }),
    course: data,
  };
}

export function servicesData() {
  return {
    meta: pageMeta({
      title: "Our Services",
      description:
        "Web development, WordPress, UI/UX design, AI chatbots, data analysis, cyber security, mobile apps, digital marketing and cloud services for businesses worldwide.",
      path: paths.services,
      jsonLd: [crumbs("Services", paths.services)],
    }),
    services,
    projects: portfolioProjects,
  };
}

export function servicePageData(slug: ServicePageSlug) {
  const page = servicePage(slug);
  return {
    meta: pageMeta({
      title: page.metaTitle,
      description: page.metaDescription,
      path: servicePagePaths[slug],
      jsonLd: [
        {
          "@context": "https://schema.org",
          "@type": "Service",
          name: page.title,
          description: page.metaDescription,
          provider: { "@type": "Organization", name: brand.name },
          areaServed: ["PK", "GB", "Worldwide"],
          url: absoluteUrl(page.path),
        },
        breadcrumbLd([{ name: "Home", path: paths.home }, { name: "Services", path: paths.services }, { name: page.navTitle, path: page.path }]),
      ],
    }),
    page,
  };
}

export function portfolioData() {
  return {
    meta: pageMeta({
      title: "Portfolio",
      description: "Selected web, mobile, UI/UX and digital marketing projects delivered by the Skyline Tech Academy team.",
      path: paths.portfolio,
      jsonLd: [crumbs("Portfolio", paths.portfolio)],
    }),
    projects: portfolioProjects,
  };
}

export function freeDemoData() {
  return {
    meta: pageMeta({
      title: "Book a Free Demo Class",
      description:
        `Book a free ${demoMinutes} minute live demo class in MERN stack, data analysis, AI & machine learning or cyber security, or watch a recorded demo.`,
      path: paths.freeDemo,
      image: "/images/hero/free-demo.webp",
      jsonLd: [faqLd(freeDemoFaqs), crumbs("Free Demo", paths.freeDemo)],
    }),
    courses: courses.map(courseCard),
    testimonials: freeDemoTestimonials,
    faqs: freeDemoFaqs,
    contact: contactSummary(),
  };
}

export function contactData() {
  return {
    meta: pageMeta({
      title: "Contact Us",
      description: `Contact ${brand.name} about courses, free demo classes or software projects. Call, WhatsApp or send a message: ${brand.replyPromise}`,
      path: paths.contact,
      jsonLd: [organizationLd(), crumbs("Contact", paths.contact)],
    }),
    contact: contactSummary(),
  };
}

export function enrollData() {
  return {
    meta: pageMeta({
      title: "Enroll Now",
      description: `Enrol in a ${brand.name} course: MERN stack, data analysis, AI & machine learning or cyber security. Talk to an advisor on WhatsApp or schedule a call.`,
      path: paths.enroll,
    }),
    courses: courses.map((c) => ({ title: c.title, slug: c.slug, duration: c.duration, path: c.path, planMonths: planMonths(c.title) })),
    plans,
    highlightedPlanLabel,
    /** The simple form's country (SPEC §3: default Pakistan, no input shown). */
    simpleFormCountry: "Pakistan",
    contact: contactSummary(),
  };
}

export function legalData(doc: LegalDocument, path: string) {
  return {
    meta: pageMeta({ title: doc.title, description: doc.description, path, type: "article" }),
    doc,
  };
}

export const privacyData = () => legalData(privacyPolicy, paths.privacy);
export const termsData = () => legalData(termsOfService, paths.terms);
export const refundPolicyData = () => legalData(refundPolicy, paths.refundPolicy);

export function utilityPageData(title: string, description: string, path: string) {
  return { meta: pageMeta({ title, description, path, noindex: true }) };
}

/** /search: a shell; the results come from the Pagefind index written at build (scripts/search-index.ts). */
export function searchData() {
  return utilityPageData("Search", `Search the ${brand.name} website for courses, services and answers.`, paths.search);
}

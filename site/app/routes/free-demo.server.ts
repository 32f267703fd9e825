// Build-time data of /FreeDemo.
import { courseCard } from "../components/CourseCard.server";
import { contactSummary } from "../components/ContactDetails.server";
import { courses } from "../content/courses";
import { demoMinutes } from "../content/demo";
import { freeDemoFaqs } from "../content/faqs";
import { freeDemoTestimonials } from "../content/testimonials";
import { paths } from "../config/paths";
import { pageMeta } from "../lib/seo";
import { faqLd, homeCrumbs } from "../lib/structured-data";

export function freeDemoData() {
  return {
    meta: pageMeta({
      title: "Book a Free Demo Class",
      description:
        `Book a free ${demoMinutes} minute live demo class in MERN stack, data analysis, AI & machine learning or cyber security, or watch a recorded demo.`,
      path: paths.freeDemo,
      image: "/images/hero/free-demo.webp",
      jsonLd: [faqLd(freeDemoFaqs), homeCrumbs("Free Demo", paths.freeDemo)],
    }),
    courses: courses.map(courseCard),
    testimonials: freeDemoTestimonials,
    faqs: freeDemoFaqs,
    contact: contactSummary(),
  };
}

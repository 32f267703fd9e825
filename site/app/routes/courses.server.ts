// Build-time data of /courses.
import { courseCard } from "../components/CourseCard.server";
import { courses } from "../content/courses";
import { faculty } from "../content/faculty";
import { headlineStats } from "../content/stats";
import { paths } from "../config/paths";
import { pageMeta } from "../lib/seo";
import { courseLd, homeCrumbs } from "../lib/structured-data";

export function coursesData() {
  return {
    meta: pageMeta({
      title: "Online Courses",
      description:
        "Live online courses in MERN stack development, data analysis, AI & machine learning and cyber security, with real projects, expert faculty and certificates.",
      path: paths.courses,
      jsonLd: [homeCrumbs("Courses", paths.courses), ...courses.map(courseLd)],
    }),
    courses: courses.map((c) => ({ ...courseCard(c), modules: c.modules, projects: c.projects })),
    faculty,
    stats: headlineStats,
  };
}

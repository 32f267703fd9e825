// Build-time data of the four course pages (the routes that draw CoursePage).
import { courseBySlug } from "../content/courses";
import { paths, type CourseSlug } from "../config/paths";
import { pageMeta } from "../lib/seo";
import { breadcrumbLd, courseLd } from "../lib/structured-data";
import type { CoursePageData } from "./CoursePage";

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

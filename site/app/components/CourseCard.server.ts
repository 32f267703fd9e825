// The course card's data, built at build time from the course content.
import { type Course } from "../content/courses";
import type { CourseCardData } from "./CourseCard";

export const courseCard = (c: Course): CourseCardData => ({
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

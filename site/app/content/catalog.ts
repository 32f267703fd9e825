// The course catalog, read at build time from the seed data the backend also loads (infra/seed/catalog.json):
// course ids, titles and outline topics are never copied by hand. Import only from build-time code (loaders,
// build scripts): route components receive what they need through loader data, so the JSON stays out of the JS.
import catalogJson from "../../../infra/seed/catalog.json";

export interface CatalogCourse {
  _id: string;
  title: string;
  description: string;
  duration: string;
  thumbnail: string;
  slug: string;
  rating: number;
  students: string;
  skills: string[];
  level: string;
}

export interface CatalogOutlineWeek {
  week: number;
  title: string;
  theory: string[];
  lab: string;
}

export interface CatalogOutline {
  courseId: string;
  roadmap: string;
  durationWeeks: number;
  topics: string[];
  months: { month: number; title: string; weeks: CatalogOutlineWeek[] }[];
  weeklySchedule: { theory: string; practice: string; lab: string };
}

interface Catalog {
  courses: CatalogCourse[];
  outlines: CatalogOutline[];
}

const catalog = catalogJson as unknown as Catalog;

export const catalogCourses: CatalogCourse[] = catalog.courses;

export function catalogCourse(slug: string): CatalogCourse {
  const course = catalog.courses.find((c) => c.slug === slug);
  if (!course) throw new Error(`infra/seed/catalog.json has no course with slug "${slug}"`);
  return course;
}

export function catalogOutline(courseId: string): CatalogOutline {
  const outline = catalog.outlines.find((o) => o.courseId === courseId);
  if (!outline) throw new Error(`infra/seed/catalog.json has no outline for course ${courseId}`);
  return outline;
}

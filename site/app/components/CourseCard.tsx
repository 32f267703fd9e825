// A course card: picture, facts, and the Enrol Now and Course Outline actions.
import { Link } from "react-router";
import type { Course } from "../content/courses";
import { Img } from "./Img";
import { Price } from "./Price";
import { Stars } from "./Stars";

export type CourseCardData = Pick<
  Course,
  "id" | "title" | "description" | "duration" | "rating" | "studentsText" | "level" | "image" | "path" | "outlinePath" | "enrollPath" | "monthlyPriceUsd"
> &
  Partial<Pick<Course, "modules" | "projects">>;

export function CourseCard({ course, newTab = false }: { course: CourseCardData; newTab?: boolean }) {
  const target = newTab ? { target: "_blank", rel: "noopener noreferrer" } : {};
  const newTabNote = newTab ? <span className="sr-only"> (opens in a new tab)</span> : null;
  return (
    <article className="card flex flex-col overflow-hidden">
      <Img src={course.image} alt="" title={course.title} width={640} height={400} className="h-auto w-full" />
      <div className="flex flex-1 flex-col p-6">
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="rounded-full bg-brand-50 px-3 py-1 font-medium text-brand-800">{course.level}</span>
          <span className="text-slate-600">{course.duration}</span>
        </p>
        <h3 className="mt-3 text-xl font-semibold">
          <Link to={course.path} className="hover:text-brand-700">
            {course.title}
          </Link>
        </h3>
        <p className="mt-2 line-clamp-3 flex-1 leading-7 text-slate-600">{course.description}</p>
        <div className="mt-4 flex items-center justify-between text-sm text-slate-600">
          <Stars rating={Math.round(course.rating)} />
          <span>
            {course.rating} · {course.studentsText} students
          </span>
        </div>
        {course.modules !== undefined && (
          <p className="mt-2 text-sm text-slate-600">
            {course.modules} modules · {course.projects} projects
          </p>
        )}
        <Price monthlyUsd={course.monthlyPriceUsd} className="mt-2 text-sm font-semibold text-slate-800" />
        <div className="mt-6 grid grid-cols-2 gap-3">
          <Link to={course.enrollPath} {...target} className="btn-primary px-3 text-sm">
            Enrol Now{newTabNote}
          </Link>
          <Link to={course.outlinePath} {...target} className="btn-secondary px-3 text-sm">
            Course Outline{newTabNote}
          </Link>
        </div>
      </div>
    </article>
  );
}

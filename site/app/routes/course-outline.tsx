// /course-outline/:courseId: client-only shell; the outline issue loads GET /api/outline/{courseId} here.
import { Link } from "react-router";
import { Shell } from "../components/Shell";
import { batchesPath, paths } from "../config/paths";
import { shellMeta } from "../lib/route-meta";
import type { Route } from "./+types/course-outline";

export const meta: Route.MetaFunction = shellMeta("Course Outline", "Week-by-week course outline.");

export default function CourseOutline({ params }: Route.ComponentProps) {
  return (
    <Shell title="Course Outline">
      <p>The week-by-week outline of this course is loading soon.</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to={batchesPath(params.courseId)} className="btn-secondary">
          View Batches
        </Link>
        <Link to={paths.enroll} className="btn-primary">
          Enroll Now
        </Link>
        <Link to={paths.contact} className="btn-secondary">
          Contact Advisor
        </Link>
      </div>
    </Shell>
  );
}

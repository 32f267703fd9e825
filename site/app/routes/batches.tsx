// /batches/:courseId: client-only shell; the batches issue loads GET /api/batches/course/{courseId} here.
import { Link } from "react-router";
import { Shell } from "../components/Shell";
import { courseOutlinePath, paths } from "../config/paths";
import { shellMeta } from "../lib/route-meta";
import type { Route } from "./+types/batches";

export const meta: Route.MetaFunction = shellMeta("Available Batches", "Upcoming batches, timings and seats.");

export default function Batches({ params }: Route.ComponentProps) {
  return (
    <Shell title="Available Batches">
      <p>Batches of this course are listed here soon.</p>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to={courseOutlinePath(params.courseId)} className="btn-secondary">
          View Course Outline
        </Link>
        <Link to={paths.contact} className="btn-primary">
          Contact Advisor
        </Link>
      </div>
    </Shell>
  );
}

// /lms: client-only shell (served through __spa-fallback.html); the LMS issue builds the page.
import { Link } from "react-router";
import { Shell } from "../components/Shell";
import { paths } from "../config/paths";
import { shellMeta } from "../lib/route-meta";
import type { Route } from "./+types/lms";

export const meta: Route.MetaFunction = shellMeta("Learning Portal", "Your courses, outlines, batches and recorded lectures.");

export default function Lms() {
  return (
    <Shell title="Learning Portal">
      <p>Your courses, outlines, batches and recorded lectures will appear here.</p>
      <Link to={paths.courses} className="btn-primary mt-6">
        Browse All Courses
      </Link>
    </Shell>
  );
}

// /recorded-lectures/:batchId: client-only shell; the lectures issue adds the Secret ID gate and list.
import { Link } from "react-router";
import { Shell } from "../components/Shell";
import { paths } from "../config/paths";
import { shellMeta } from "../lib/route-meta";
import type { Route } from "./+types/recorded-lectures";

export const meta: Route.MetaFunction = shellMeta("Recorded Lectures", "Recorded lectures of your batch.");

export default function RecordedLectures() {
  return (
    <Shell title="Recorded Lectures">
      <p>Enrolled students will watch their batch's recorded lectures here with their Secret ID.</p>
      <Link to={paths.contact} className="btn-primary mt-6">
        Contact Advisor
      </Link>
    </Shell>
  );
}

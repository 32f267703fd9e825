// /batches/:courseId: the course's batches from GET /api/batches/course/{courseId}, loaded in the browser
// (clientLoader); a failure and an empty list are the same 'No Batches Found' screen (docs/product.md#messages).
import { useState, type ReactNode } from "react";
import { Link, useNavigate, useParams } from "react-router";
import { Icon } from "../components/Icon";
import { courseOutlinePath, paths } from "../config/paths";
import { currentAccount } from "../features/auth/session";
import { getCourseBatches } from "../features/lms/api/get-batches";
import { BatchCard } from "../features/lms/components/BatchCard";
import { VideoOverlay } from "../features/lms/components/VideoOverlay";
import type { PlayingLecture } from "../features/lms/player";
import type { Batch } from "../lib/api-schema";
import { shellMeta } from "../lib/route-meta";
import type { Route } from "./+types/batches";

export const meta: Route.MetaFunction = shellMeta("Available Batches", "Upcoming batches, timings and seats.");

export async function clientLoader({ params }: Route.ClientLoaderArgs): Promise<{ batches: Batch[] }> {
  return { batches: await getCourseBatches(params.courseId).catch(() => []) };
}

export function HydrateFallback() {
  const { courseId = "" } = useParams();
  return (
    <BatchesLayout courseId={courseId}>
      <p role="status" className="mt-10 text-lg text-slate-600">
        Loading batches...
      </p>
    </BatchesLayout>
  );
}

export default function Batches({ params, loaderData: { batches } }: Route.ComponentProps) {
  const [playing, setPlaying] = useState<PlayingLecture | null>(null);

  if (batches.length === 0) {
    return (
      <section className="container-page py-20 text-center">
        <h1 className="text-4xl font-extrabold">No Batches Found</h1>
        <p className="mt-4 text-lg text-slate-700">Could not load batches for this course.</p>
        <p className="mt-2 text-slate-600">Please check back later or contact support.</p>
        <Link to={paths.home} className="btn-primary mt-8">
          Go Back Home
        </Link>
      </section>
    );
  }

  return (
    <BatchesLayout courseId={params.courseId}>
      <ul className="mt-10 grid gap-6 lg:grid-cols-2">
        {batches.map((b) => (
          <BatchCard key={b._id} batch={b} onPlay={setPlaying} owner={currentAccount} />
        ))}
      </ul>
      <VideoOverlay lecture={playing} onClose={() => setPlaying(null)} />
    </BatchesLayout>
  );
}

function BatchesLayout({ courseId, children }: { courseId: string; children: ReactNode }) {
  const navigate = useNavigate();
  return (
    <section className="container-page py-12 sm:py-16">
      <button type="button" onClick={() => navigate(-1)} className="inline-flex items-center gap-2 font-medium text-brand-700 hover:underline">
        <Icon name="arrow-left" className="size-4" />
        Back
      </button>
      <h1 className="mt-6 text-4xl font-extrabold">Available Batches</h1>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to={courseOutlinePath(courseId)} className="btn-secondary">
          View Course Outline
        </Link>
        <Link to={paths.contact} className="btn-secondary">
          Contact Advisor
        </Link>
      </div>
      {children}
    </section>
  );
}

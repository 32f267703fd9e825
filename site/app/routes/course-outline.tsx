// /course-outline/:courseId: pre-rendered with the outline for the catalog's courses (build-time loader);
// any other id is loaded in the browser from GET /api/outline/{courseId} (clientLoader).
import { Link, useNavigate } from "react-router";
import { Icon } from "../components/Icon";
import { batchesPath, paths } from "../config/paths";
import { getOutlinePage, type OutlinePageData } from "../features/lms/api/get-outline";
import { outlineData } from "./course-outline.server";
import type { Outline } from "../lib/api-schema";
import type { Route } from "./+types/course-outline";

export const loader = ({ params }: Route.LoaderArgs) => outlineData(params.courseId);

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const page: OutlinePageData = await getOutlinePage(params.courseId);
  return { page, meta: [] as { title?: string }[] };
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const brand = (matches.find((m) => m?.id === "root")?.loaderData as { brand?: { name: string } } | undefined)?.brand?.name;
  if (data?.meta?.length) return data.meta;
  const page = data?.page;
  const title = page?.state === "found" ? `${page.course?.title ?? page.outline.roadmap} Course Outline` : "Course Outline";
  return [{ title: brand ? `${title} | ${brand}` : title }];
};

export function HydrateFallback() {
  return (
    <section className="container-page py-20">
      <h1 className="text-4xl font-extrabold">Course Outline</h1>
      <p role="status" className="mt-6 text-lg text-slate-600">
        Loading course outline...
      </p>
    </section>
  );
}

export default function CourseOutline({ loaderData, params }: Route.ComponentProps) {
  const navigate = useNavigate();
  const page = loaderData.page;

  if (page.state === "not-found") {
    return (
      <section className="container-page py-20 text-center">
        <h1 className="text-4xl font-extrabold">Course Not Found</h1>
        <p className="mt-4 text-lg text-slate-600">We couldn't find a course outline at this address.</p>
        <Link to={paths.home} className="btn-primary mt-8">
          Go Back Home
        </Link>
      </section>
    );
  }
  if (page.state === "error") {
    return (
      <section className="container-page py-20 text-center">
        <h1 className="text-4xl font-extrabold">Course Outline</h1>
        <div role="alert" className="mx-auto mt-6 max-w-xl rounded-xl border border-red-200 bg-red-50 p-6 text-red-900">
          <p className="font-semibold">Error: {page.message}</p>
          <p className="mt-2">Could not load course outline. Please try again later.</p>
        </div>
        <button type="button" className="btn-secondary mt-8" onClick={() => navigate(-1)}>
          Go Back
        </button>
      </section>
    );
  }
  return <OutlineView outline={page.outline} course={page.course} courseId={params.courseId} onBack={() => navigate(-1)} />;
}

function OutlineView({
  outline,
  course,
  courseId,
  onBack,
}: {
  outline: Outline;
  course: { title: string; duration: string } | null;
  courseId: string;
  onBack: () => void;
}) {
  const weeks = outline.months.flatMap((m) => m.weeks);
  const schedule = outline.weeklySchedule;
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="container-page py-12 sm:py-16">
          <button type="button" onClick={onBack} className="inline-flex items-center gap-2 font-medium text-brand-700 hover:underline">
            <Icon name="arrow-left" className="size-4" />
            Back
          </button>
          <p className="eyebrow mt-6">{outline.roadmap}</p>
          <h1 className="mt-2 text-4xl font-extrabold tracking-tight sm:text-5xl">{course?.title ?? outline.roadmap}</h1>
          <dl className="mt-8 grid max-w-2xl grid-cols-2 gap-6">
            <div className="flex flex-col-reverse">
              <dt className="text-sm text-slate-600">Duration</dt>
              <dd className="text-2xl font-bold text-brand-800">{course?.duration ?? `${outline.durationWeeks} weeks`}</dd>
            </div>
            <div className="flex flex-col-reverse">
              <dt className="text-sm text-slate-600">Weeks</dt>
              <dd className="text-2xl font-bold text-brand-800">{outline.durationWeeks} Weeks</dd>
            </div>
          </dl>
          <div className="mt-8 flex flex-wrap gap-3">
            <Link to={batchesPath(courseId)} className="btn-secondary">
              View Batches
            </Link>
            <Link to={paths.enroll} className="btn-primary">
              Enroll Now
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="schedule" className="container-page py-12">
        <h2 id="schedule" className="text-2xl font-bold">
          Weekly Schedule
        </h2>
        <dl className="mt-6 grid gap-4 sm:grid-cols-3">
          {(
            [
              ["Theory", schedule.theory],
              ["Practice", schedule.practice],
              ["Lab", schedule.lab],
            ] as const
          ).map(([label, value]) => (
            <div key={label} className="card p-5">
              <dt className="font-semibold text-slate-900">{label}</dt>
              <dd className="mt-1 text-slate-600">{value}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="weeks" className="container-page pb-12">
        <h2 id="weeks" className="text-2xl font-bold">
          Week by Week
        </h2>
        {outline.months.map((month) => (
          <div key={month.month} className="mt-8">
            <h3 className="text-xl font-semibold text-brand-800">
              Month {month.month}: {month.title}
            </h3>
            <ol className="mt-4 grid gap-4 md:grid-cols-2">
              {month.weeks.map((w) => (
                <li key={w.week} className="card p-5">
                  <p className="text-sm font-semibold text-brand-700">Week {w.week}</p>
                  <h4 className="mt-1 text-lg font-semibold">{w.title}</h4>
                  <p className="mt-1 text-sm text-slate-600">
                    {w.theory.length} {w.theory.length === 1 ? "topic" : "topics"}
                  </p>
                  <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-700">
                    {w.theory.map((t) => (
                      <li key={t}>{t}</li>
                    ))}
                  </ul>
                  {w.lab && (
                    <p className="mt-3 text-sm text-slate-700">
                      <span className="font-semibold">Lab:</span> {w.lab}
                    </p>
                  )}
                </li>
              ))}
            </ol>
          </div>
        ))}
        <p className="sr-only">{weeks.length} weeks in total.</p>
      </section>

      <section aria-labelledby="next-step" className="bg-brand-800 py-14">
        <div className="container-page text-center">
          <h2 id="next-step" className="text-3xl font-bold text-white">
            Ready to start?
          </h2>
          <div className="mt-6 flex flex-wrap justify-center gap-3">
            <Link to={batchesPath(courseId)} className="btn-primary bg-white text-brand-800 hover:bg-brand-50">
              Choose Your Batch
            </Link>
            <Link to={paths.contact} className="btn-secondary border-white text-white hover:bg-brand-700">
              Contact Advisor
            </Link>
          </div>
        </div>
      </section>
    </>
  );
}

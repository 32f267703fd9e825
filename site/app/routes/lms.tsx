// /lms: signed-in users only. Hero, "My batches" (the student's linked batches with their progress, a complete
// batch's certificate or "Get your certificate", Billing for a student with a plan, and the form that links a Secret ID), the courses from GET /api/courses (each opens a choice dialog), story, stats, mission,
// vision and the six values. The fixed content is build-time data; the clientLoader sends a signed-out visitor to
// sign-in and starts the lists, which show their own loading, error and empty states.
import { lazy, Suspense, use, useState } from "react";
import { Link, redirect, useRevalidator } from "react-router";
import { FeatureGrid } from "../components/FeatureGrid";
import { Img } from "../components/Img";
import { PageHero } from "../components/PageHero";
import { Section, SectionHeading } from "../components/Section";
import { FoundingStory, MissionVision } from "../components/AboutSections";
import { StatsStrip } from "../components/Stats";
import { paths } from "../config/paths";
import { accessToken } from "../features/auth/access-token";
import { getAllBatches } from "../features/lms/api/get-batches";
import { getCourses } from "../features/lms/api/get-courses";
import { getMyBatches, linkBatch } from "../features/lms/api/student";
import { getCalendar, getMySessions, resetCalendar, setReminders } from "../features/live/api/sessions";
import { ClassCalendar, type CalendarActions } from "../features/live/components/ClassCalendar";
import { NextClass, nextClassTexts, type MySessionList } from "../features/live/components/NextClass";
import { knownZone, visitorZone } from "../lib/demo-time";
import { getMyCertificates } from "../features/certificates/api/get-my-certificates";
import { getBilling } from "../features/payments/api/payments";
import type { BillingList } from "../features/payments/components/Billing";
import type { CertificateActions } from "../features/certificates/components/BatchCertificate";
import { LinkBatchForm, MyBatchesList, myBatchesTexts, type MyBatchList } from "../features/lms/components/MyBatches";
import { signInRedirectFor, useSignedInGate } from "../features/auth/hooks/use-signed-in-gate";
import { lmsData } from "./lms.server";
import type { Batch, CertificateView, Course, MyBatch } from "../lib/api-schema";
import { ApiError } from "../lib/api-client";
import { metaFromLoader } from "../lib/route-meta";
import type { Route } from "./+types/lms";

export const loader = () => lmsData();
export const meta: Route.MetaFunction = metaFromLoader;

// A batch's certificate (and its claim dialog) loads when a batch is complete; the student's other certificates
// after the page has shown.
const certificates = () => import("../features/certificates/components/BatchCertificate");
const BatchCertificate = lazy(() => certificates().then((m) => ({ default: m.BatchCertificate })));
const OtherCertificates = lazy(() => certificates().then((m) => ({ default: m.OtherCertificates })));

// The student's assignments ("Due this week", features/assignments) load in the browser with their own states.
const DueThisWeek = lazy(() => import("../features/assignments/components/DueThisWeek").then((m) => ({ default: m.DueThisWeek })));

// The student's plans and payments ("Billing", features/payments) load in the browser with their own states.
const Billing = lazy(() => import("../features/payments/components/Billing").then((m) => ({ default: m.Billing })));

// The choice dialog (Radix) loads when a course is first chosen.
const CourseChoiceDialog = lazy(() =>
  import("../features/lms/components/CourseChoiceDialog").then((m) => ({ default: m.CourseChoiceDialog })),
);

export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const signIn = signInRedirectFor(request);
  if (signIn) throw redirect(signIn);
  // Not awaited: the page shows at once, with 'Loading courses...' until the list settles.
  const courses: Promise<CourseList> = getCourses().then(
    (list) => ({ kind: "list", courses: list }),
    (e: unknown) => ({ kind: "error", message: e instanceof ApiError ? e.statusText : "Network error" }),
  );
  const myBatches: Promise<MyBatchList> = getMyBatches(accessToken).then(
    (batches) => ({ kind: "list", batches }),
    () => ({ kind: "error" }),
  );
  // The live classes of the student's batches, over their terms: read once the batches have been (reading them links
  // the batches of a newly enrolled student's e-mail to the account, which the sessions are looked up by).
  const mySessions: Promise<MySessionList> = myBatches.then(() => getMySessions(accessToken)).then(
    (sessions) => ({ kind: "list", sessions }),
    () => ({ kind: "error" }),
  );
  const allBatches: Promise<Batch[]> = getAllBatches().catch(() => []);
  // The certificates show inside their batches' cards; a failure leaves the cards without them.
  const certificates: Promise<CertificateView[] | null> = getMyCertificates(accessToken).catch(() => null);
  // Certificates of batches no longer listed (their access ended) show below the list.
  const otherCertificates: Promise<CertificateView[]> = Promise.all([certificates, myBatches]).then(([list, mine]) =>
    (list ?? []).filter((c) => mine.kind === "list" && !mine.batches.some((b) => b.batch._id === c.batchId)),
  );
  // The student's plans, read once the batches have been (which links an enrolled e-mail's batches to the account).
  const billing: Promise<BillingList> = myBatches.then(() => getBilling(accessToken)).then(
    (answer) => ({ kind: "ready", billing: answer }),
    () => ({ kind: "error" }),
  );
  return { ...(await serverLoader()), courses, myBatches, mySessions, allBatches, certificates, otherCertificates, billing };
}
clientLoader.hydrate = true as const;

const calendarActions: CalendarActions = {
  get: () => getCalendar(accessToken),
  reset: () => resetCalendar(accessToken),
  setReminders: (on) => setReminders(accessToken, on),
};

/** What the pre-rendered page shows until the session has been read. */
export function HydrateFallback() {
  return (
    <section className="container-page py-20">
      <h1 className="text-4xl font-extrabold">Learning Portal</h1>
      <p role="status" className="mt-6 text-lg text-slate-600">
        Checking your sign-in…
      </p>
    </section>
  );
}

const certificateActions: CertificateActions = {
  claim: async (batchId, name) => (await import("../features/certificates/api/claim-certificate")).claimCertificate(accessToken, { batchId, name }),
  download: async (id) => (await import("../features/certificates/api/download-certificate")).downloadCertificate(accessToken, id),
};

/** A batch earns its certificate part once it is complete (or has its certificate). */
const hasCertificatePart = (mine: MyBatch) => mine.complete || Boolean(mine.certificateId);

/** The list, or 'Error: {status text}' (docs/product.md#messages). */
type CourseList = { kind: "list"; courses: Course[] } | { kind: "error"; message: string };

export default function Lms({ loaderData: d }: Route.ComponentProps) {
  const session = useSignedInGate();
  const signedIn = session.status === "signed-in";
  const [chosen, setChosen] = useState<Course | null>(null);
  const { revalidate } = useRevalidator();
  const [zone] = useState(() => knownZone(visitorZone()));

  if (!signedIn) return <HydrateFallback />;

  return (
    <div>
      <PageHero
        eyebrow={`Welcome, ${session.user.name}`}
        title="Your Learning Portal"
        intro="Open a course to read its week-by-week outline or to find your batch and its recorded lectures."
      >
        <Link to={paths.courses} className="btn-primary mt-8">
          Browse All Courses
        </Link>
      </PageHero>

      <Section headingId="lms-mine" className="bg-slate-50">
        <SectionHeading id="lms-mine" eyebrow="Your learning" title="My batches" />
        <Suspense fallback={<p role="status">{myBatchesTexts.loading}</p>}>
          <MyBatchesList
            list={d.myBatches}
            onRetry={() => void revalidate()}
            extra={(mine) => (
              <>
                <Suspense fallback={<p role="status" className="text-sm text-slate-600">{nextClassTexts.loading}</p>}>
                  <NextClass batchId={mine.batch._id} batchName={mine.batch.name} list={d.mySessions} zone={zone} onRetry={() => void revalidate()} />
                </Suspense>
                {hasCertificatePart(mine) && (
                  <Suspense fallback={null}>
                    <BatchCertificate mine={mine} certificates={d.certificates} defaultName={session.user.name} email={session.user.email} actions={certificateActions} />
                  </Suspense>
                )}
              </>
            )}
          />
        </Suspense>
        <Suspense fallback={null}>
          <CalendarOf list={d.myBatches} />
        </Suspense>
        <Suspense fallback={null}>
          <OtherCertificatesOf list={d.otherCertificates} />
        </Suspense>
        <Suspense fallback={<p role="status" className="mt-10 text-slate-600">Loading your billing...</p>}>
          <Billing list={d.billing} source={accessToken} onRetry={() => void revalidate()} />
        </Suspense>
        <Suspense fallback={null}>
          <LinkBatchForm
            batches={d.allBatches}
            link={(batchId, secretId) => linkBatch(accessToken, batchId, secretId)}
            onLinked={() => void revalidate()}
          />
        </Suspense>
      </Section>

      <div className="container-page py-12">
        <Suspense fallback={<p role="status">Loading your assignments…</p>}>
          <DueThisWeek source={accessToken} />
        </Suspense>
      </div>

      <Section headingId="lms-courses">
        <SectionHeading id="lms-courses" eyebrow="Courses" title="Our Courses" />
        <Suspense fallback={<p role="status">Loading courses...</p>}>
          <Courses list={d.courses} onChoose={setChosen} />
        </Suspense>
      </Section>

      <FoundingStory story={d.story} foundedYear={d.foundedYear} headingId="lms-story" className="bg-slate-50">
        <StatsStrip stats={d.stats} className="mt-10" />
      </FoundingStory>

      <MissionVision mission={d.mission} vision={d.vision} headingId="lms-mission" />

      <Section headingId="lms-values" className="bg-slate-50">
        <SectionHeading id="lms-values" eyebrow="What drives us" title="Our Core Values" />
        <FeatureGrid items={d.values} />
      </Section>

      {chosen && (
        <Suspense fallback={null}>
          <CourseChoiceDialog course={chosen} onClose={() => setChosen(null)} />
        </Suspense>
      )}
    </div>
  );
}

/** The class calendar, for a student with at least one batch. */
function CalendarOf({ list }: { list: Promise<MyBatchList> }) {
  const mine = use(list);
  if (mine.kind !== "list" || mine.batches.length === 0) return null;
  return (
    <section aria-labelledby="lms-calendar" className="mt-10">
      <h3 id="lms-calendar" className="mb-3 text-xl font-semibold text-ink">
        Your class calendar
      </h3>
      <ClassCalendar actions={calendarActions} />
    </section>
  );
}

/** The student's other certificates, when there are any (their code loads only then). */
function OtherCertificatesOf({ list }: { list: Promise<CertificateView[]> }) {
  const certificates = use(list);
  return certificates.length > 0 && <OtherCertificates certificates={certificates} download={certificateActions.download} />;
}

function Courses({ list, onChoose }: { list: Promise<CourseList>; onChoose: (course: Course) => void }) {
  const answer = use(list);
  if (answer.kind === "error") {
    return (
      <p role="alert" className="font-medium text-red-700">
        Error: {answer.message}
      </p>
    );
  }
  const { courses } = answer;
  if (courses.length === 0) return <p>No courses available.</p>;
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
      {courses.map((c) => (
        <li key={c._id} className="card flex flex-col overflow-hidden">
          <button type="button" onClick={() => onChoose(c)} className="flex h-full flex-col text-left hover:bg-slate-50">
            <Img src={c.thumbnail} alt="" title={c.title} width={480} height={270} className="aspect-video w-full object-cover" />
            <span className="flex flex-1 flex-col p-5">
              <span className="text-lg font-semibold text-ink">{c.title}</span>
              <span className="mt-2 line-clamp-3 text-sm leading-6 text-slate-600">{c.description}</span>
              <span className="mt-4 text-sm text-slate-700">Duration: {c.duration}</span>
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}

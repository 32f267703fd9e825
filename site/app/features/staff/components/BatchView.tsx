// One batch: its students (revoke, resend welcome), Enrol one, Bulk enrol, its live classes (../live: timetable,
// sessions, attendance), its lectures (../lectures), its certificates
// (../certificates) and the report.
// An enrolment here reloads the students, the certificates, the report and the batches' counts; a revoke or a resend
// the same but the students' list (which changed itself); a change to the lectures (by staff, or one that finished
// processing) reloads the certificates and the report, which count them; a change to a certificate, the report.
import { lazy, Suspense, useId, useState } from "react";
import { Link } from "react-router";
import type { Enrolled, StaffBatch } from "#app/lib/api-schema";
import { BatchReportView } from "./BatchReportView";
import { BulkEnrol } from "./BulkEnrol";
import { EnrolForm } from "../kit/components/EnrolForm";
import { EnrolmentsTable } from "./EnrolmentsTable";
import { SecretIdReveal } from "../kit/components/SecretIdReveal";
import { Empty, Loading } from "../kit/components/States";

// The lectures and their uploader load when a batch is opened, not with the console.
const LecturesPanel = lazy(() => import("../lectures/components/LecturesPanel").then((m) => ({ default: m.LecturesPanel })));
const LivePanel = lazy(() => import("../live/components/LivePanel").then((m) => ({ default: m.LivePanel })));
const AssignmentsPanel = lazy(() => import("../assignments/components/AssignmentsPanel").then((m) => ({ default: m.AssignmentsPanel })));
const CertificatesPanel = lazy(() => import("../certificates/components/CertificatesPanel").then((m) => ({ default: m.CertificatesPanel })));

interface BatchViewProps {
  batchId: string;
  batches: readonly StaffBatch[];
  backLink: string;
  onBatchesChanged: () => void;
}

export function BatchView({ batchId, batches, backLink, onBatchesChanged }: BatchViewProps) {
  const id = useId();
  const staffBatch = batches.find((b) => b.batch._id === batchId);
  // New keys remount the students' list (after an enrolment here), the certificates (after a change to the students)
  // and the report (after any change).
  const [rosterVersion, setRosterVersion] = useState(0);
  const [certificatesVersion, setCertificatesVersion] = useState(0);
  const [reportVersion, setReportVersion] = useState(0);
  const [enrolled, setEnrolled] = useState<Enrolled | null>(null);
  const [enrolFormKey, setEnrolFormKey] = useState(0);

  if (!staffBatch) {
    return (
      <section aria-labelledby={`${id}-missing`}>
        <h2 id={`${id}-missing`} className="text-2xl font-bold">
          Batch not found
        </h2>
        <Empty>No batch has this id.</Empty>
        <Link to={backLink} className="btn-secondary mt-4">
          Back to batches
        </Link>
      </section>
    );
  }
  const { batch, courseTitle, enrolled: count, active } = staffBatch;
  const changed = (roster: boolean) => {
    if (roster) setRosterVersion((n) => n + 1);
    setCertificatesVersion((n) => n + 1);
    setReportVersion((n) => n + 1);
    onBatchesChanged();
  };

  return (
    <section aria-labelledby={`${id}-title`} className="grid grid-cols-1 gap-10">
      <div>
        <Link to={backLink} className="text-sm font-semibold text-brand-700 underline">
          Back to batches
        </Link>
        <h2 id={`${id}-title`} className="mt-2 text-2xl font-bold">
          {batch.name}
        </h2>
        <p className="mt-1 text-slate-700">
          {courseTitle} · {batch.startDate} to {batch.endDate} · {batch.instructor} · {count} enrolled, {active} active
        </p>
      </div>

      <section aria-labelledby={`${id}-students`}>
        <h3 id={`${id}-students`} className="mb-3 text-xl font-semibold">
          Students
        </h3>
        <EnrolmentsTable key={rosterVersion} batchId={batch._id} batchName={batch.name} onChanged={() => changed(false)} />
      </section>

      <section aria-labelledby={`${id}-one`}>
        <h3 id={`${id}-one`} className="mb-3 text-xl font-semibold">
          Enrol one student
        </h3>
        {enrolled && (
          <div className="mb-4">
            <SecretIdReveal enrolled={enrolled} batchName={batch.name} onDone={() => setEnrolled(null)} />
          </div>
        )}
        <EnrolForm
          key={enrolFormKey}
          batches={batches}
          batchId={batch._id}
          onEnrolled={(done) => {
            setEnrolled(done);
            setEnrolFormKey((n) => n + 1);
            changed(true);
          }}
        />
      </section>

      <section aria-labelledby={`${id}-bulk`}>
        <h3 id={`${id}-bulk`} className="mb-3 text-xl font-semibold">
          Bulk enrol
        </h3>
        <BulkEnrol batchId={batch._id} onEnrolled={() => changed(true)} />
      </section>

      <section aria-labelledby={`${id}-live`}>
        <h3 id={`${id}-live`} className="mb-3 text-xl font-semibold">
          Live classes
        </h3>
        <Suspense fallback={<Loading text="Loading the timetable…" />}>
          <LivePanel batch={batch} onChanged={() => setReportVersion((n) => n + 1)} />
        </Suspense>
      </section>

      <section id="batch-lectures" aria-labelledby={`${id}-lectures`}>
        <h3 id={`${id}-lectures`} className="mb-3 text-xl font-semibold">
          Lectures
        </h3>
        <Suspense fallback={<Loading text="Loading the lectures…" />}>
          <LecturesPanel
            batchId={batch._id}
            batchName={batch.name}
            onLecturesChanged={() => {
              setCertificatesVersion((n) => n + 1);
              setReportVersion((n) => n + 1);
            }}
          />
        </Suspense>
      </section>

      <section aria-labelledby={`${id}-assignments`}>
        <h3 id={`${id}-assignments`} className="mb-3 text-xl font-semibold">
          Assignments
        </h3>
        <Suspense fallback={<Loading text="Loading the assignments…" />}>
          <AssignmentsPanel batchId={batch._id} batchName={batch.name} />
        </Suspense>
      </section>

      <section aria-labelledby={`${id}-certificates`}>
        <h3 id={`${id}-certificates`} className="mb-3 text-xl font-semibold">
          Certificates
        </h3>
        <Suspense fallback={<Loading text="Loading the certificates…" />}>
          <CertificatesPanel key={certificatesVersion} batchId={batch._id} batchName={batch.name} onChanged={() => setReportVersion((n) => n + 1)} />
        </Suspense>
      </section>

      <section aria-labelledby={`${id}-report`}>
        <h3 id={`${id}-report`} className="mb-3 text-xl font-semibold">
          Report
        </h3>
        <BatchReportView key={reportVersion} batchId={batch._id} />
      </section>
    </section>
  );
}

// One assignment for its student (/lms/assignments/:id): title, due time in their zone, state, the instructions
// (Markdown shown safely) with staff's attachments, the review once returned (result and feedback, kept for good),
// the submission form, and the versions handed in before. Another student's assignment is "not found", as the API says.
import { useCallback, useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { SafeHtml } from "#app/components/SafeHtml";
import { paths, recordedLecturesPath } from "#app/config/paths";
import { ApiError } from "#app/lib/api-client";
import { megabytesText } from "#app/lib/assignment-files";
import { knownZone, visitorZone, whenInZone } from "#app/lib/demo-time";
import type { TokenSource } from "#app/lib/access-token";
import { getMyAssignment, getMySubmission } from "../api/my-assignments";
import type { FileView, MyAssignmentDetail, MySubmission, VersionView } from "../api/types";
import { resultText } from "../rules";
import { StateBadge } from "./StateBadge";
import { SubmissionForm } from "./SubmissionForm";

type Loaded =
  | { status: "loading" }
  | { status: "missing" }
  | { status: "error"; message: string }
  | { status: "ready"; assignment: MyAssignmentDetail; submission: MySubmission };

function Files({ files }: { files: readonly FileView[] }) {
  return (
    <ul className="grid gap-1">
      {files.map((f) => (
        <li key={f.id}>
          <a href={f.url} rel="noopener nofollow" download={f.fileName} className="text-brand-700 underline [overflow-wrap:anywhere]">
            {f.fileName}
          </a>{" "}
          <span className="text-sm text-slate-600">({megabytesText(f.size)})</span>
        </li>
      ))}
    </ul>
  );
}

function Version({ v, zone }: { v: VersionView; zone: string }) {
  return (
    <li className="grid gap-2 rounded-lg border border-slate-200 p-3">
      <p className="font-semibold">
        Version {v.number} · {v.late ? "late, " : ""}submitted {whenInZone(v.submittedAt, zone)}
      </p>
      {v.text && <p className="whitespace-pre-wrap [overflow-wrap:anywhere] text-slate-800">{v.text}</p>}
      {v.links.length > 0 && (
        <ul className="grid gap-1 text-sm">
          {v.links.map((l) => (
            <li key={l}>
              <a href={l} rel="noopener nofollow" target="_blank" className="text-brand-700 underline [overflow-wrap:anywhere]">
                {l}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {v.files.length > 0 && <Files files={v.files} />}
    </li>
  );
}

export function AssignmentView({ source, assignmentId }: { source: TokenSource; assignmentId: string }) {
  const id = useId();
  const [state, setState] = useState<Loaded>({ status: "loading" });
  const [zone, setZone] = useState("UTC");

  const load = useCallback((quietly = false) => {
    if (!quietly) setState({ status: "loading" });
    Promise.all([getMyAssignment(source, assignmentId), getMySubmission(source, assignmentId)]).then(
      ([assignment, submission]) => setState({ status: "ready", assignment, submission }),
      (e: unknown) => {
        if (quietly) return;
        if (e instanceof ApiError && (e.status === 404 || e.status === 400)) setState({ status: "missing" });
        else setState({ status: "error", message: e instanceof ApiError && e.status === 0 ? "The server could not be reached." : "Could not load this assignment." });
      },
    );
  }, [source, assignmentId]);
  useEffect(() => {
    setZone(knownZone(visitorZone()));
    load();
  }, [load]);
  const retry = () => load();

  const back = (
    <Link to={paths.lms} className="font-medium text-brand-700 underline">
      Back to your Learning Portal
    </Link>
  );

  if (state.status === "loading") {
    return (
      <div className="grid gap-4">
        {back}
        <h1 className="text-3xl font-extrabold">Assignment</h1>
        <p role="status">Loading the assignment…</p>
      </div>
    );
  }
  if (state.status === "missing") {
    return (
      <div className="grid gap-4">
        {back}
        <h1 className="text-3xl font-extrabold">Assignment not found</h1>
        <p className="text-slate-700">There is no assignment here for you. It may belong to a batch you are not in.</p>
      </div>
    );
  }
  if (state.status === "error") {
    return (
      <div className="grid gap-4">
        {back}
        <h1 className="text-3xl font-extrabold">Assignment</h1>
        <div className="flex flex-wrap items-center gap-4">
          <p role="alert" className="font-medium text-red-700">
            {state.message}
          </p>
          <button type="button" className="btn-secondary min-h-11 text-sm" onClick={retry}>
            Try again
          </button>
        </div>
      </div>
    );
  }

  const { assignment: a, submission: s } = state;
  const facts = { ...a, state: s.state, submittedAt: s.versions[0]?.submittedAt ?? a.submittedAt, result: s.feedback?.result ?? a.result };
  const review = s.state === "reviewed" ? s.feedback : null;
  const lockedReason = s.open
    ? null
    : review && review.result !== "needs-work"
      ? "Your work was reviewed and returned: there is nothing more to hand in."
      : a.closed
        ? "The due time has passed and staff have closed this assignment: it takes no more submissions."
        : "This assignment takes no more submissions.";
  const earlier = [...s.versions].sort((x, y) => y.number - x.number);
  const others = s.reviews.filter((r) => r !== s.feedback && !(review && r.version === review.version && r.reviewedAt === review.reviewedAt));

  return (
    <article aria-labelledby={`${id}-title`} className="grid gap-8">
      <header className="grid gap-3">
        {back}
        <h1 id={`${id}-title`} className="text-3xl font-extrabold [overflow-wrap:anywhere] sm:text-4xl">
          {a.title}
        </h1>
        <p className="text-slate-700">
          {a.batchName} · Due <strong>{whenInZone(a.dueAt, zone)}</strong>
          {a.marking === "points" && a.points ? ` · out of ${a.points} points` : " · marked pass or needs work"}
        </p>
        <div>
          <StateBadge facts={facts} zone={zone} />
        </div>
        {a.lectureNumber != null && (
          <p>
            <Link to={`${recordedLecturesPath(a.batchId)}?lecture=${a.lectureNumber}`} className="font-medium text-brand-700 underline">
              Goes with lecture {a.lectureNumber}: watch it
            </Link>
          </p>
        )}
      </header>

      {review && (
        <section aria-labelledby={`${id}-feedback`} className="grid gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-5">
          <h2 id={`${id}-feedback`} className="text-xl font-bold">
            Feedback
          </h2>
          <p className="font-semibold">
            Result: {resultText(review.result, a.points)}
            {review.result === "needs-work" && s.open && " · improve it and submit again"}
          </p>
          <p className="text-sm text-slate-700">
            On version {review.version}, returned {whenInZone(review.reviewedAt, zone)}
          </p>
          {review.html.trim() ? <SafeHtml html={review.html} headingLevel={3} /> : null}
          {others.length > 0 && (
            <details className="rounded-lg bg-white p-3">
              <summary className="min-h-11 cursor-pointer content-center font-semibold">Earlier reviews ({others.length})</summary>
              <ul className="mt-2 grid gap-3">
                {others.map((r) => (
                  <li key={`${r.version}-${r.reviewedAt}`} className="grid gap-2 border-t border-slate-200 pt-2">
                    <p className="text-sm font-semibold">
                      Version {r.version}: {resultText(r.result, a.points)} · {whenInZone(r.reviewedAt, zone)}
                    </p>
                    <SafeHtml html={r.html} headingLevel={4} />
                  </li>
                ))}
              </ul>
            </details>
          )}
        </section>
      )}

      <section aria-labelledby={`${id}-instructions`} className="grid gap-3">
        <h2 id={`${id}-instructions`} className="text-xl font-bold">
          Instructions
        </h2>
        {a.instructionsHtml.trim() ? <SafeHtml html={a.instructionsHtml} headingLevel={3} /> : <p className="text-slate-700">No instructions were written.</p>}
        {a.attachments.length > 0 && (
          <div className="grid gap-2">
            <h3 className="font-semibold">Attachments</h3>
            <Files files={a.attachments} />
          </div>
        )}
      </section>

      <section className="card p-5">
        <SubmissionForm assignmentId={a.id} source={source} submission={s} lockedReason={lockedReason} onSaved={() => load(true)} />
      </section>

      {earlier.length > 0 && (
        <section aria-labelledby={`${id}-versions`} className="grid gap-3">
          <h2 id={`${id}-versions`} className="text-xl font-bold">
            Versions handed in
          </h2>
          <ul className="grid gap-3">
            {earlier.map((v) => (
              <Version key={v.number} v={v} zone={zone} />
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}

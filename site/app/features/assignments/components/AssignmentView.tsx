// One assignment for its student (/lms/assignments/:id): title, due time in their zone, state, the instructions
// (Markdown shown safely) with staff's attachments, the review once returned (result and feedback, kept for good),
// the submission form, and the versions handed in before. Another student's assignment is "not found", as the API says.
import { useCallback, useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { Markdown } from "../../../components/Markdown";
import { paths } from "../../../config/paths";
import { ApiError } from "../../../lib/api-client";
import { megabytesText } from "../../../lib/assignment-files";
import { knownZone, visitorZone, whenInZone } from "../../../lib/demo-time";
import { getMyAssignment, getMySubmission, type TokenSource } from "../api/my-assignments";
import type { MyAssignmentDetail, MySubmission, SubmissionVersion } from "../api/types";
import { resultText } from "../rules";
import { StateBadge } from "./StateBadge";
import { SubmissionForm } from "./SubmissionForm";

type Loaded =
  | { status: "loading" }
  | { status: "missing" }
  | { status: "error"; message: string }
  | { status: "ready"; assignment: MyAssignmentDetail; submission: MySubmission | null };

function Version({ v, zone }: { v: SubmissionVersion; zone: string }) {
  return (
    <li className="grid gap-2 rounded-lg border border-slate-200 p-3">
      <p className="font-semibold">
        Version {v.version} · {v.late ? "late, " : ""}submitted {whenInZone(v.submittedAt, zone)}
      </p>
      {v.text && <p className="whitespace-pre-wrap text-slate-800">{v.text}</p>}
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
      {v.files.length > 0 && <p className="text-sm text-slate-700">Files: {v.files.map((f) => f.fileName).join(", ")}</p>}
    </li>
  );
}

export function AssignmentView({ source, assignmentId }: { source: TokenSource; assignmentId: string }) {
  const id = useId();
  const [state, setState] = useState<Loaded>({ status: "loading" });
  const [zone, setZone] = useState("UTC");

  const load = useCallback(() => {
    setState({ status: "loading" });
    Promise.all([getMyAssignment(source, assignmentId), getMySubmission(source, assignmentId)]).then(
      ([assignment, submission]) => setState({ status: "ready", assignment, submission }),
      (e: unknown) => {
        if (e instanceof ApiError && (e.status === 404 || e.status === 400)) setState({ status: "missing" });
        else setState({ status: "error", message: e instanceof ApiError && e.status === 0 ? "The server could not be reached." : "Could not load this assignment." });
      },
    );
  }, [source, assignmentId]);
  useEffect(() => {
    setZone(knownZone(visitorZone()));
    load();
  }, [load]);

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
          <button type="button" className="btn-secondary min-h-11 text-sm" onClick={load}>
            Try again
          </button>
        </div>
      </div>
    );
  }

  const { assignment: a, submission: s } = state;
  const facts = { ...a, state: s?.state ?? a.state, submittedAt: s?.submittedAt ?? a.submittedAt, result: s?.result ?? a.result };
  const reviewed = facts.state === "reviewed" && (s?.feedback || s?.result != null);
  const passed = reviewed && s?.result !== "needs-work";
  const locked = Boolean(a.closed) || Boolean(passed) || s?.canSubmit === false;
  const lockedReason = passed
    ? "Your work was reviewed and returned: there is nothing more to hand in."
    : a.closed
      ? "Staff have closed this assignment: it takes no more submissions."
      : undefined;
  const earlier = [...(s?.versions ?? [])].sort((x, y) => y.version - x.version);

  return (
    <article aria-labelledby={`${id}-title`} className="grid gap-8">
      <header className="grid gap-3">
        {back}
        <h1 id={`${id}-title`} className="text-3xl font-extrabold [overflow-wrap:anywhere] sm:text-4xl">
          {a.title}
        </h1>
        <p className="text-slate-700">
          {a.batchName ? `${a.batchName} · ` : ""}Due <strong>{whenInZone(a.dueAt, zone)}</strong>
          {a.timeZone && knownZone(a.timeZone) !== zone ? ` (${whenInZone(a.dueAt, knownZone(a.timeZone))})` : ""}
        </p>
        <div>
          <StateBadge facts={facts} zone={zone} />
        </div>
      </header>

      {reviewed && s && (
        <section aria-labelledby={`${id}-feedback`} className="grid gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-5">
          <h2 id={`${id}-feedback`} className="text-xl font-bold">
            Feedback
          </h2>
          {s.result != null && (
            <p className="font-semibold">
              Result: {resultText(s.result, a.points)}
              {s.result === "needs-work" && " · improve it and submit again"}
            </p>
          )}
          {s.reviewedAt && <p className="text-sm text-slate-700">Returned {whenInZone(s.reviewedAt, zone)}</p>}
          {s.feedback ? <Markdown source={s.feedback} headingLevel={3} /> : null}
        </section>
      )}

      <section aria-labelledby={`${id}-instructions`} className="grid gap-3">
        <h2 id={`${id}-instructions`} className="text-xl font-bold">
          Instructions
        </h2>
        {a.instructions.trim() ? <Markdown source={a.instructions} headingLevel={3} /> : <p className="text-slate-700">No instructions were written.</p>}
        {(a.attachments ?? []).length > 0 && (
          <div className="grid gap-2">
            <h3 className="font-semibold">Attachments</h3>
            <ul className="grid gap-1">
              {a.attachments!.map((f) => (
                <li key={f.fileId}>
                  {f.url ? (
                    <a href={f.url} rel="noopener nofollow" download={f.fileName} className="text-brand-700 underline [overflow-wrap:anywhere]">
                      {f.fileName}
                    </a>
                  ) : (
                    f.fileName
                  )}{" "}
                  <span className="text-sm text-slate-600">({megabytesText(f.size)})</span>
                </li>
              ))}
            </ul>
          </div>
        )}
      </section>

      <section className="card p-5">
        <SubmissionForm
          key={s?.submittedAt ?? "new"}
          assignmentId={a.id}
          source={source}
          submission={s}
          locked={locked}
          lockedReason={lockedReason}
          onSaved={(saved) => setState({ status: "ready", assignment: a, submission: { ...s, ...saved, versions: saved.versions ?? s?.versions } })}
        />
      </section>

      {earlier.length > 0 && (
        <section aria-labelledby={`${id}-versions`} className="grid gap-3">
          <h2 id={`${id}-versions`} className="text-xl font-bold">
            Handed in before
          </h2>
          <ul className="grid gap-3">
            {earlier.map((v) => (
              <Version key={v.version} v={v} zone={zone} />
            ))}
          </ul>
        </section>
      )}
    </article>
  );
}

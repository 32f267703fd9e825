// One student's hand-in, for review: the latest version's text, links and files (signed download links), the earlier
// versions, the reviews given so far, and the review form: feedback (Markdown, with a preview) and the result
// (passed / needs work, or points), then Return. The student is mailed and reads it on /lms; the reviews returned show
// as the student reads them (the API's rendering, through the allow list).
import { useCallback, useId, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { SafeHtml } from "#app/components/SafeHtml";
import { showToast } from "#app/components/Toasts";
import { megabytesText } from "#app/lib/assignment-files";
import { visitorZone, whenInZone } from "#app/lib/demo-time";
import { failureText } from "../../kit/format";
import { useTokenSource } from "../../kit/api/token";
import { fieldErrors } from "../../kit/components/Field";
import { Badge, Failure, Loading } from "../../kit/components/States";
import { useLoad } from "../../kit/hooks/use-load";
import { getSubmission, reviewSubmission } from "../api/assignments";
import type { Grade, StaffReview, StaffSubmission, StaffVersion } from "../api/types";
import { MarkdownField } from "./MarkdownField";

const MAX_FEEDBACK = 20_000;

export const gradeText = (g: Grade, points?: number | null) =>
  g === "passed" ? "Passed" : g === "needs-work" ? "Needs work" : points ? `${g} / ${points} points` : `${g} points`;

function VersionBody({ v, zone }: { v: StaffVersion; zone: string }) {
  return (
    <div className="grid gap-3">
      <p className="text-sm text-slate-700">
        Version {v.number}, handed in {whenInZone(v.submittedAt, zone)} {v.late && <Badge tone="amber">Late</Badge>}
      </p>
      {v.text ? <p className="whitespace-pre-wrap rounded-lg bg-slate-50 p-3 [overflow-wrap:anywhere]">{v.text}</p> : <p className="text-slate-600">No text.</p>}
      {v.links.length > 0 && (
        <ul className="grid gap-1">
          {v.links.map((l) => (
            <li key={l}>
              <a href={l} rel="noopener nofollow" target="_blank" className="font-medium text-brand-700 underline [overflow-wrap:anywhere]">
                {l}
                <span className="sr-only"> (opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {v.files.length > 0 && (
        <ul className="grid gap-1">
          {v.files.map((f) => (
            <li key={f.id}>
              <a href={f.url} download={f.fileName} rel="noopener nofollow" className="font-medium text-brand-700 underline [overflow-wrap:anywhere]">
                {f.fileName}
              </a>{" "}
              <span className="text-sm text-slate-600">
                ({megabytesText(f.size)}, {f.contentType.split(";")[0]})
              </span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ReviewForm({ submission, onReturned }: { submission: StaffSubmission; onReturned: () => void }) {
  const id = useId();
  const source = useTokenSource();
  const byPoints = submission.marking === "points";
  const [feedback, setFeedback] = useState("");
  const [verdict, setVerdict] = useState<"passed" | "needs-work" | "">("");
  const [points, setPoints] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const { invalid, fieldError, otherFailure } = fieldErrors(id, error, { feedback: "Feedback", result: "Result" });

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const n = Number(points);
    const max = submission.points ?? 1000;
    let result: Grade;
    if (byPoints) {
      if (points.trim() === "" || !Number.isInteger(n) || n < 0 || n > max) return setProblem(`Give the points: a whole number from 0 to ${max}.`);
      result = n;
    } else {
      if (!verdict) return setProblem("Choose passed or needs work.");
      result = verdict;
    }
    if (!feedback.trim()) return setProblem("Write the feedback.");
    setProblem(null);
    setBusy(true);
    setError(null);
    try {
      await reviewSubmission(source, submission.id, { feedback, result });
      showToast((t) => t.success(`Returned to ${submission.student}`, { description: "They are mailed and see the feedback on their Learning Portal." }));
      onReturned();
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form aria-labelledby={`${id}-title`} noValidate onSubmit={(e) => void submit(e)} className="grid gap-4 rounded-xl border border-slate-300 p-4">
      <h3 id={`${id}-title`} className="text-lg font-bold">
        Review
      </h3>
      <MarkdownField label="Feedback" value={feedback} onChange={setFeedback} maxLength={MAX_FEEDBACK} invalid={invalid("feedback")} />
      {fieldError("feedback")}
      {byPoints ? (
        <div>
          <label htmlFor={`${id}-points`} className="font-semibold">
            Points (out of {submission.points ?? "?"})
          </label>
          <input id={`${id}-points`} type="number" min={0} max={submission.points ?? 1000} step={1} value={points} onChange={(e) => setPoints(e.target.value)} className="mt-1 block min-h-11 w-32 rounded-lg border border-slate-400 px-3 py-2" {...invalid("result")} />
        </div>
      ) : (
        <fieldset>
          <legend className="font-semibold">Result</legend>
          <div className="mt-1 flex flex-wrap gap-4">
            <label className="inline-flex min-h-11 items-center gap-2">
              <input type="radio" name={`${id}-verdict`} checked={verdict === "passed"} onChange={() => setVerdict("passed")} />
              Passed
            </label>
            <label className="inline-flex min-h-11 items-center gap-2">
              <input type="radio" name={`${id}-verdict`} checked={verdict === "needs-work"} onChange={() => setVerdict("needs-work")} />
              Needs work (they may hand in again)
            </label>
          </div>
        </fieldset>
      )}
      {fieldError("result")}
      {problem && (
        <p role="alert" className="font-medium text-red-700">
          {problem}
        </p>
      )}
      {otherFailure && (
        <p role="alert" className="font-medium text-red-700">
          Could not return the review. {failureText(error)}
        </p>
      )}
      <button type="submit" className="btn-primary min-h-11 justify-self-start px-5" disabled={busy}>
        {busy ? "Returning…" : "Return"}
      </button>
    </form>
  );
}

function ReviewItem({ r, points, zone }: { r: StaffReview; points?: number | null; zone: string }) {
  return (
    <li className="grid gap-2 rounded-lg border border-slate-200 p-3">
      <p className="text-sm font-semibold">
        Version {r.version}: {gradeText(r.result, points)} · {whenInZone(r.reviewedAt, zone)}
        {r.reviewedBy ? ` · by ${r.reviewedBy}` : ""}
      </p>
      <SafeHtml html={r.feedbackHtml} headingLevel={4} />
    </li>
  );
}

export function SubmissionReview({ submissionId, backLink, batchNames }: { submissionId: string; backLink: string; batchNames?: ReadonlyMap<string, string> }) {
  const id = useId();
  const source = useTokenSource();
  const load = useCallback(() => getSubmission(source, submissionId), [source, submissionId]);
  const { state, retry, refresh } = useLoad(load);
  const zone = visitorZone();
  const back = (
    <Link to={backLink} className="text-sm font-semibold text-brand-700 underline">
      Back to the hand-ins to review
    </Link>
  );
  if (state.status === "loading") return <div className="grid gap-3">{back}<Loading text="Loading the hand-in…" /></div>;
  if (state.status === "error") return <div className="grid gap-3">{back}<Failure what="Could not load this hand-in." error={state.error} onRetry={retry} /></div>;
  const s = state.data;
  const versions = [...s.versions].sort((a, b) => b.number - a.number);
  const [latest, ...earlier] = versions;
  const reviews = [...s.reviews].sort((a, b) => Date.parse(b.reviewedAt) - Date.parse(a.reviewedAt));
  const latestReviewed = latest && reviews.some((r) => r.version === latest.number);
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-6">
      {back}
      <div>
        <h2 id={`${id}-title`} className="text-2xl font-bold [overflow-wrap:anywhere]">
          {s.assignmentTitle}: {s.student}
        </h2>
        <p className="mt-1 text-slate-700">
          {batchNames?.get(s.batchId) ?? s.batchId} · due {whenInZone(s.dueAt, zone)} · {s.marking === "points" ? `out of ${s.points ?? "?"} points` : "pass / needs work"}
        </p>
      </div>
      {latest ? (
        <section aria-labelledby={`${id}-latest`} className="grid gap-3">
          <h3 id={`${id}-latest`} className="text-lg font-bold">
            Latest version
          </h3>
          <VersionBody v={latest} zone={zone} />
        </section>
      ) : (
        <p className="text-slate-700">Nothing has been handed in yet.</p>
      )}
      {latest && !latestReviewed && <ReviewForm submission={s} onReturned={refresh} />}
      {reviews.length > 0 && (
        <section aria-labelledby={`${id}-reviews`} className="grid gap-3">
          <h3 id={`${id}-reviews`} className="text-lg font-bold">
            Reviews returned
          </h3>
          <ul className="grid gap-3">
            {reviews.map((r) => (
              <ReviewItem key={`${r.version}-${r.reviewedAt}`} r={r} points={s.points} zone={zone} />
            ))}
          </ul>
        </section>
      )}
      {earlier.length > 0 && (
        <section aria-labelledby={`${id}-earlier`} className="grid gap-3">
          <h3 id={`${id}-earlier`} className="text-lg font-bold">
            Earlier versions
          </h3>
          <ul className="grid gap-3">
            {earlier.map((v) => (
              <li key={v.number} className="rounded-lg border border-slate-200 p-3">
                <VersionBody v={v} zone={zone} />
              </li>
            ))}
          </ul>
        </section>
      )}
    </section>
  );
}

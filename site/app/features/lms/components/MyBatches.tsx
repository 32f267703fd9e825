// /lms "My batches": the batches a signed-in student linked, each with how much they have watched and a "Continue"
// to the next lecture not yet watched, and the form that links a Secret ID (docs/product.md#my-batches). Loading,
// error and empty states; the list comes from the route's clientLoader and is read again after a link. What a card
// shows under its progress (the batch's certificate) is the route's to give: features never import one another.
import { use, useId, useState, type FormEvent, type ReactNode } from "react";
import { Link } from "react-router";
import { recordedLecturesPath } from "#app/config/paths";
import { ApiError } from "#app/lib/api-client";
import type { Batch, MyBatch } from "#app/lib/api-schema";
import { retryMessage, validateSecretId } from "../api/get-videos";
import { ProgressBar } from "./ProgressBar";

export type MyBatchList = { kind: "list"; batches: MyBatch[] } | { kind: "error" };

export const myBatchesTexts = {
  loading: "Loading your batches...",
  empty: "Link a Secret ID to see your batches here",
  error: "Could not load your batches.",
  linked: "Batch linked.",
  linkFailed: "Could not link this batch. Please try again.",
};

/** What a batch's card shows under its progress, if anything. */
export type BatchExtra = (mine: MyBatch) => ReactNode;

function BatchProgressCard({ mine, extra }: { mine: MyBatch; extra?: BatchExtra }) {
  const { batch, lecturesWatched, lecturesTotal, nextLecture } = mine;
  const base = recordedLecturesPath(batch._id);
  return (
    <li className="card flex flex-col gap-4 p-5">
      <div>
        <h3 className="text-lg font-semibold text-ink">{batch.name}</h3>
        <p className="text-sm text-slate-600">Instructor: {batch.instructor}</p>
      </div>
      <ProgressBar watched={lecturesWatched} total={lecturesTotal} label={`${batch.name}: lectures watched`} />
      {mine.assignmentsTotal > 0 && (
        <p className="text-sm text-slate-700">
          {mine.assignmentsDone} of {mine.assignmentsTotal} assignments handed in, {mine.assignmentsPassed} passed
          {mine.assignmentsRequired && " (the certificate needs every one passed)"}
        </p>
      )}
      {nextLecture != null ? (
        <Link to={`${base}?lecture=${nextLecture}`} className="btn-primary min-h-11 self-start text-sm">
          Continue: Lecture {nextLecture}
        </Link>
      ) : (
        <Link to={base} className="btn-secondary min-h-11 self-start text-sm">
          {lecturesTotal > 0 ? "All watched: review lectures" : "Open batch"}
        </Link>
      )}
      {extra?.(mine)}
    </li>
  );
}

export function MyBatchesList({ list, onRetry, extra }: { list: Promise<MyBatchList>; onRetry: () => void; extra?: BatchExtra }) {
  const answer = use(list);
  if (answer.kind === "error") {
    return (
      <div className="flex flex-wrap items-center gap-4">
        <p role="alert" className="font-medium text-red-700">
          {myBatchesTexts.error}
        </p>
        <button type="button" className="btn-secondary min-h-11 text-sm" onClick={onRetry}>
          Try again
        </button>
      </div>
    );
  }
  if (answer.batches.length === 0) return <p className="text-slate-700">{myBatchesTexts.empty}</p>;
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {answer.batches.map((mine) => (
        <BatchProgressCard key={mine.batch._id} mine={mine} extra={extra} />
      ))}
    </ul>
  );
}

/** The form that links a Secret ID to a batch of the account. */
export function LinkBatchForm({
  batches,
  link,
  onLinked,
}: {
  batches: Promise<Batch[]>;
  link: (batchId: string, secretId: string) => Promise<MyBatch>;
  onLinked: () => void;
}) {
  const options = use(batches);
  const [batchId, setBatchId] = useState("");
  const [secretId, setSecretId] = useState("");
  const [busy, setBusy] = useState(false);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const ids = { batch: useId(), secret: useId(), outcome: useId() };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const problem = !batchId ? "Choose your batch." : validateSecretId(secretId);
    if (problem) return setOutcome({ ok: false, message: problem });
    setBusy(true);
    try {
      await link(batchId, secretId.trim());
      setSecretId("");
      setOutcome({ ok: true, message: myBatchesTexts.linked });
      onLinked();
    } catch (error) {
      const refused = error instanceof ApiError && (error.status === 403 || error.status === 404) && error.messageField;
      const limited = error instanceof ApiError && error.status === 429 && retryMessage(error.retryAfterSeconds);
      setOutcome({ ok: false, message: refused || limited || myBatchesTexts.linkFailed });
    } finally {
      setBusy(false);
    }
  };

  const field = "min-h-11 w-full rounded-lg border border-slate-400 px-3 py-2";
  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="card mt-8 grid max-w-3xl gap-4 p-5 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
      <div>
        <label htmlFor={ids.batch} className="block font-semibold text-slate-900">
          Batch
        </label>
        <select id={ids.batch} value={batchId} onChange={(e) => setBatchId(e.target.value)} className={`${field} mt-2 bg-white`}>
          <option value="">Choose your batch</option>
          {options.map((b) => (
            <option key={b._id} value={b._id}>
              {b.name}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={ids.secret} className="block font-semibold text-slate-900">
          Secret ID
        </label>
        <input
          id={ids.secret}
          type="password"
          autoComplete="off"
          value={secretId}
          onChange={(e) => setSecretId(e.target.value)}
          aria-describedby={outcome ? ids.outcome : undefined}
          className={`${field} mt-2`}
        />
      </div>
      <button type="submit" className="btn-primary min-h-11" disabled={busy}>
        {busy ? "Linking…" : "Link batch"}
      </button>
      {outcome && (
        <p
          id={ids.outcome}
          role={outcome.ok ? "status" : "alert"}
          className={`sm:col-span-3 font-medium ${outcome.ok ? "text-emerald-700" : "text-red-700"}`}
        >
          {outcome.message}
        </p>
      )}
    </form>
  );
}

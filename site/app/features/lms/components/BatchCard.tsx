// One batch on /batches/:courseId: its details, availability badge, links, and video access with a Secret ID: the
// one kept for this batch (by whoever is here now: `owner`), else the prompt. No other batch's ID is ever sent.
import { useState } from "react";
import { Link } from "react-router";
import { paths, recordedLecturesPath } from "#app/config/paths";
import { keptSecretId, type SecretIdOwner } from "#app/lib/secret-ids";
import { useBatchVideos } from "../hooks/use-batch-videos";
import type { Batch } from "#app/lib/api-schema";
import type { PlayingLecture } from "../player";
import { AvailabilityBadge } from "./AvailabilityBadge";
import { SecretIdForm } from "./SecretIdForm";

const texts = { unauthorized: "Unauthorized access. Please check your Secret ID.", other: "Error loading video. Please try again." };

export function BatchCard({
  batch,
  onPlay,
  owner,
}: {
  batch: Batch;
  onPlay: (lecture: PlayingLecture) => void;
  owner: () => SecretIdOwner;
}) {
  const [prompt, setPrompt] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const { request, busy } = useBatchVideos(batch._id, texts, owner);
  const headingId = `batch-${batch._id}`;

  const access = async (secretId: string) => {
    setNotice(null);
    const result = await request(secretId);
    if (!result.ok) {
      setError(result.message);
      setPrompt(true);
      return;
    }
    setError(null);
    setPrompt(false);
    const first = result.videos[0];
    if (first) onPlay({ video: first, access: { secretId } });
    else setNotice("No video found for this batch.");
  };

  const start = () => {
    const kept = keptSecretId(batch._id, owner());
    if (kept) void access(kept);
    else {
      setError(null);
      setPrompt(true);
    }
  };

  return (
    <li className="card flex flex-col p-6" aria-labelledby={headingId}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h2 id={headingId} className="text-xl font-bold text-ink">
          {batch.name}
        </h2>
        <AvailabilityBadge seats={batch.seats} enrolled={batch.enrolled} />
      </div>
      <dl className="mt-4 grid grid-cols-2 gap-x-4 gap-y-3 text-sm">
        {(
          [
            ["Start date", batch.startDate],
            ["End date", batch.endDate],
            ["Timing", batch.timing],
            ["Schedule", batch.schedule],
            ["Instructor", batch.instructor],
            ["Enrolled", `${batch.enrolled}/${batch.seats}`],
          ] as const
        ).map(([label, value]) => (
          <div key={label}>
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-medium text-slate-900">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="mt-6 flex flex-wrap gap-3">
        <Link to={paths.enroll} className="btn-primary min-h-11 text-sm">
          Enroll Now (Access Videos)
        </Link>
        <Link to={recordedLecturesPath(batch._id)} className="btn-secondary min-h-11 text-sm">
          Watch Recorded Lectures
        </Link>
        <button type="button" className="btn-secondary min-h-11 text-sm" onClick={start} disabled={busy} aria-expanded={prompt}>
          {busy ? "Loading…" : "Play Latest Lecture"}
        </button>
      </div>
      {notice && (
        <p role="alert" className="mt-4 font-medium text-slate-800">
          {notice}
        </p>
      )}
      {prompt && (
        <div className="mt-4 rounded-xl border border-slate-200 bg-slate-50 p-4">
          <p className="text-sm text-slate-700">Enter the Secret ID your instructor gave you to watch this batch's lectures.</p>
          <SecretIdForm onSubmit={(id) => void access(id)} error={error} busy={busy} initialValue={keptSecretId(batch._id, owner())} />
        </div>
      )}
    </li>
  );
}

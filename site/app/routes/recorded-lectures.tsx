// /recorded-lectures/:batchId: the batch heading, the 'Access Restricted' card (Secret ID), then the lecture
// table; Watch opens the full-screen overlay. Everything loads in the browser.
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { Icon } from "../components/Icon";
import { paths } from "../config/paths";
import { getBatch } from "../features/lms/api/get-batch";
import { storedSecretId } from "../features/lms/api/get-videos";
import { SecretIdForm } from "../features/lms/components/SecretIdForm";
import { VideoOverlay } from "../features/lms/components/VideoOverlay";
import { useBatchVideos } from "../features/lms/hooks/use-batch-videos";
import type { PlayingLecture } from "../features/lms/player";
import type { Batch, Video } from "../lib/api-schema";
import { shellMeta } from "../lib/route-meta";
import type { Route } from "./+types/recorded-lectures";

export const meta: Route.MetaFunction = shellMeta("Recorded Lectures", "Recorded lectures of your batch.");

const texts = {
  unauthorized: "Unauthorized access. Please enter a valid Secret ID.",
  other: "Failed to load lectures.",
  useServerMessage: true,
};

type Lectures = { kind: "locked"; error: string | null } | { kind: "loading" } | { kind: "list"; videos: Video[]; secretId: string };

export default function RecordedLectures({ params }: Route.ComponentProps) {
  const [batch, setBatch] = useState<Batch | null>(null);
  const [lectures, setLectures] = useState<Lectures>({ kind: "locked", error: null });
  const [playing, setPlaying] = useState<PlayingLecture | null>(null);
  const { request } = useBatchVideos(params.batchId, texts);

  useEffect(() => {
    let live = true;
    getBatch(params.batchId)
      .then((b) => live && setBatch(b))
      .catch(() => live && setBatch(null));
    return () => {
      live = false;
    };
  }, [params.batchId]);

  const load = useCallback(
    async (secretId: string) => {
      setLectures({ kind: "loading" });
      const result = await request(secretId);
      setLectures(result.ok ? { kind: "list", videos: result.videos, secretId } : { kind: "locked", error: result.message });
    },
    [request],
  );

  // A Secret ID kept from an earlier visit opens the list straight away.
  useEffect(() => {
    const stored = storedSecretId().trim();
    if (stored) void load(stored);
  }, [load]);

  return (
    <section className="container-page py-12 sm:py-16">
      <p className="eyebrow">Recorded Lectures</p>
      <h1 className="mt-2 text-4xl font-extrabold">{batch ? batch.name : "Recorded Lectures"}</h1>
      {batch && <p className="mt-3 text-lg text-slate-700">Instructor: {batch.instructor}</p>}

      {lectures.kind === "locked" && (
        <div className="card mt-10 max-w-2xl p-6">
          <h2 className="flex items-center gap-2 text-2xl font-bold">
            <Icon name="lock" className="size-6 text-brand-700" />
            Access Restricted
          </h2>
          <p className="mt-2 text-slate-700">Enter the Secret ID you received on enrolment to watch this batch's recorded lectures.</p>
          <SecretIdForm onSubmit={(id) => void load(id)} error={lectures.error} busy={false} />
          <p className="mt-4 text-sm text-slate-600">
            No Secret ID yet?{" "}
            <Link to={paths.enroll} className="font-semibold text-brand-700 underline">
              Enroll now
            </Link>{" "}
            or{" "}
            <Link to={paths.contact} className="font-semibold text-brand-700 underline">
              contact an advisor
            </Link>
            .
          </p>
        </div>
      )}

      {lectures.kind === "loading" && (
        <p role="status" className="mt-10 text-lg text-slate-600">
          Loading lectures...
        </p>
      )}

      {lectures.kind === "list" && lectures.videos.length === 0 && <p className="mt-10 text-lg">No recorded lectures found for this batch.</p>}

      {lectures.kind === "list" && lectures.videos.length > 0 && (
        <div className="mt-10 overflow-x-auto rounded-xl border border-slate-200">
          <table className="w-full min-w-[36rem] text-left">
            <caption className="sr-only">Recorded lectures of {batch?.name ?? "this batch"}</caption>
            <thead className="bg-slate-50 text-sm text-slate-700">
              <tr>
                <th scope="col" className="px-4 py-3">
                  Batch
                </th>
                <th scope="col" className="px-4 py-3">
                  Lecture No.
                </th>
                <th scope="col" className="px-4 py-3">
                  Title
                </th>
                <th scope="col" className="px-4 py-3">
                  Action
                </th>
              </tr>
            </thead>
            <tbody>
              {lectures.videos.map((v) => (
                <tr key={v._id} className="border-t border-slate-200">
                  <td className="px-4 py-3">{v.batchNumber}</td>
                  <td className="px-4 py-3">{v.lectureNumber}</td>
                  <td className="px-4 py-3">{v.title}</td>
                  <td className="px-4 py-3">
                    <button
                      type="button"
                      className="btn-primary min-h-10 px-4 py-2 text-sm"
                      onClick={() => setPlaying({ video: v, secretId: lectures.secretId })}
                      aria-label={`Watch lecture ${v.lectureNumber}: ${v.title}`}
                    >
                      <Icon name="play" className="size-4" />
                      Watch
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <VideoOverlay lecture={playing} onClose={() => setPlaying(null)} />
    </section>
  );
}

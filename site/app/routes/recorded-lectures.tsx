// /recorded-lectures/:batchId: the batch heading, the 'Access Restricted' card (Secret ID), then the lecture
// table; Watch opens the full-screen overlay. The batch (and the lectures, when a Secret ID is kept from an earlier
// visit) load in the browser before the page shows (clientLoader); a Secret ID typed here loads them on submit.
import { useState } from "react";
import { Link } from "react-router";
import { Icon } from "../components/Icon";
import { paths } from "../config/paths";
import { getBatch } from "../features/lms/api/get-batch";
import { storedSecretId } from "../features/lms/api/get-videos";
import { SecretIdForm } from "../features/lms/components/SecretIdForm";
import { VideoOverlay } from "../features/lms/components/VideoOverlay";
import { requestVideos, type VideosResult } from "../features/lms/hooks/use-batch-videos";
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

const lecturesOf = (result: VideosResult, secretId: string): Lectures =>
  result.ok ? { kind: "list", videos: result.videos, secretId } : { kind: "locked", error: result.message };

export async function clientLoader({ params }: Route.ClientLoaderArgs): Promise<{ batch: Batch | null; lectures: Lectures }> {
  // A Secret ID kept from an earlier visit opens the list straight away.
  const stored = storedSecretId().trim();
  const [batch, lectures] = await Promise.all([
    getBatch(params.batchId).catch(() => null),
    stored ? requestVideos(params.batchId, stored, texts).then((r) => lecturesOf(r, stored)) : ({ kind: "locked", error: null } as const),
  ]);
  return { batch, lectures };
}

export function HydrateFallback() {
  return (
    <section className="container-page py-12 sm:py-16">
      <p className="eyebrow">Recorded Lectures</p>
      <h1 className="mt-2 text-4xl font-extrabold">Recorded Lectures</h1>
      <p role="status" className="mt-10 text-lg text-slate-600">
        Loading lectures...
      </p>
    </section>
  );
}

export default function RecordedLectures({ params, loaderData }: Route.ComponentProps) {
  const { batch } = loaderData;
  const [lectures, setLectures] = useState<Lectures>(loaderData.lectures);
  // Another batch (a client-side navigation) starts from its own loaded state.
  const [loadedFrom, setLoadedFrom] = useState(loaderData);
  if (loadedFrom !== loaderData) {
    setLoadedFrom(loaderData);
    setLectures(loaderData.lectures);
  }
  const [playing, setPlaying] = useState<PlayingLecture | null>(null);

  const load = async (secretId: string) => {
    setLectures({ kind: "loading" });
    setLectures(lecturesOf(await requestVideos(params.batchId, secretId, texts), secretId));
  };

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

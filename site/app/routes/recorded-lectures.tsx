// /recorded-lectures/:batchId: the batch heading, the 'Access Restricted' card (Secret ID), then the lecture
// table; Watch opens the full-screen overlay. The batch and the lectures load in the browser before the page shows
// (clientLoader): a signed-in student who linked the batch gets them with their token, with where they stand in
// each lecture; otherwise the Secret ID kept for this very batch (by whoever is here now) opens them, or one typed
// here. Only a Secret ID typed here by a signed-in student is linked to the account (so progress is kept from then
// on); a kept one never is (docs/product.md#secret-ids-in-the-browser). `?lecture=N` opens lecture N at once (the
// "Continue" of /lms); closing the player takes it out of the address.
import { lazy, Suspense, useState } from "react";
import { Link, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import { Icon } from "../components/Icon";
import { paths } from "../config/paths";
import { accessToken } from "../features/auth/access-token";
import { currentAccount, currentSession } from "../features/auth/session";
import { getBatch } from "../features/lms/api/get-batch";
import type { VideoAccess } from "../features/lms/api/get-videos";
import { getProgress, linkBatch, saveProgress } from "../features/lms/api/student";
import { LectureTable } from "../features/lms/components/LectureTable";
import { SecretIdForm } from "../features/lms/components/SecretIdForm";
import { VideoOverlay } from "../features/lms/components/VideoOverlay";
import { requestVideos } from "../features/lms/hooks/use-batch-videos";
import type { PlayingLecture } from "../features/lms/player";
import { byLecture, type ProgressByLecture, type ProgressSink } from "../features/lms/progress";
import type { Batch, Video } from "../lib/api-schema";
import { keptSecretId } from "../lib/secret-ids";
import { shellMeta } from "../lib/route-meta";
import type { Route } from "./+types/recorded-lectures";

export const meta: Route.MetaFunction = shellMeta("Recorded Lectures", "Recorded lectures of your batch.");

// A linked batch's assignments ("Due this week", features/assignments), for its signed-in student.
const DueThisWeek = lazy(() => import("../features/assignments/components/DueThisWeek").then((m) => ({ default: m.DueThisWeek })));

const texts = {
  unauthorized: "Unauthorized access. Please enter a valid Secret ID.",
  other: "Failed to load lectures.",
  useServerMessage: true,
};

/** `progress` is null when it is not kept (a Secret ID without sign-in). */
type Lectures =
  | { kind: "locked"; error: string | null }
  | { kind: "loading" }
  | { kind: "list"; videos: Video[]; access: VideoAccess; progress: ProgressByLecture | null };

const signedIn = () => currentSession().status === "signed-in";

/** The signed-in student's linked batch, with their progress; null when it is not linked (or cannot be read). */
async function openLinked(batchId: string): Promise<Lectures | null> {
  const access = { token: accessToken };
  const listed = await requestVideos(batchId, access, texts, currentAccount());
  if (!listed.ok) return null;
  const progress = await getProgress(accessToken, batchId).catch(() => []);
  return { kind: "list", videos: listed.videos, access, progress: byLecture(progress) };
}

/** Opens the list with a Secret ID for this batch (kept for it once it opens the list); never links it. */
async function openWithSecret(batchId: string, secretId: string): Promise<Lectures> {
  const listed = await requestVideos(batchId, { secretId }, texts, currentAccount());
  return listed.ok ? { kind: "list", videos: listed.videos, access: { secretId }, progress: null } : { kind: "locked", error: listed.message };
}

/** A Secret ID typed on this page: a signed-in student's own session submitted it, so it is linked to the account. */
async function openWithTyped(batchId: string, secretId: string): Promise<Lectures> {
  if (signedIn()) {
    const linked = await linkBatch(accessToken, batchId, secretId).then(
      () => openLinked(batchId),
      () => null,
    );
    if (linked) return linked;
  }
  return openWithSecret(batchId, secretId);
}

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const kept = keptSecretId(params.batchId, currentAccount());
  const open = async (): Promise<Lectures> =>
    (signedIn() ? await openLinked(params.batchId) : null) ??
    (kept ? await openWithSecret(params.batchId, kept) : { kind: "locked", error: null });
  const [batch, lectures] = await Promise.all([getBatch(params.batchId).catch((): Batch | null => null), open()]);
  const play = Number(new URL(request.url).searchParams.get("lecture")) || null;
  return { batch, lectures, play };
}

/** Closing the player only takes `?lecture=` out of the address: the page keeps what it has loaded. */
export function shouldRevalidate({ currentUrl, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  const rest = (u: URL) => {
    const search = new URLSearchParams(u.search);
    search.delete("lecture");
    return `${u.pathname}?${search}`;
  };
  const closed = currentUrl.searchParams.has("lecture") && !nextUrl.searchParams.has("lecture") && rest(currentUrl) === rest(nextUrl);
  return closed ? false : defaultShouldRevalidate;
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
  const [searchParams, setSearchParams] = useSearchParams();
  const [lectures, setLectures] = useState<Lectures>(loaderData.lectures);
  const [playing, setPlaying] = useState<PlayingLecture | null>(null);
  // Another batch (a client-side navigation) starts from its own loaded state, and opens `?lecture=N` once.
  const [loadedFrom, setLoadedFrom] = useState<typeof loaderData | null>(null);
  if (loadedFrom !== loaderData) {
    setLoadedFrom(loaderData);
    setLectures(loaderData.lectures);
    const first = loaderData.lectures;
    const video = first.kind === "list" ? first.videos.find((v) => v.lectureNumber === loaderData.play) : undefined;
    setPlaying(video && first.kind === "list" ? lectureToPlay(video, first) : null);
  }

  function lectureToPlay(video: Video, list: Extract<Lectures, { kind: "list" }>): PlayingLecture {
    const saved = list.progress?.[video.lectureNumber];
    return { video, access: list.access, startAt: saved?.positionSeconds ?? 0, progress: list.progress ? sinkFor(video) : undefined };
  }

  /** Saves one lecture's position for the signed-in student; the table's marks follow what the API stored. */
  function sinkFor(video: Video): ProgressSink {
    return (update, { keepalive }) => {
      saveProgress(accessToken, params.batchId, video.lectureNumber, update, { keepalive }).then(
        (saved) =>
          setLectures((l) => (l.kind === "list" && l.progress ? { ...l, progress: { ...l.progress, [saved.lectureNumber]: saved } } : l)),
        () => undefined, // a lost save is taken over by the next one
      );
    };
  }

  const load = async (secretId: string) => {
    setLectures({ kind: "loading" });
    setLectures(await openWithTyped(params.batchId, secretId));
  };

  /** Closes the player; a reload then shows the list, not the lecture again (replace: Back does not reopen it). */
  const close = () => {
    setPlaying(null);
    if (!searchParams.has("lecture")) return;
    setSearchParams(
      (search) => {
        search.delete("lecture");
        return search;
      },
      { replace: true, preventScrollReset: true },
    );
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
          <SecretIdForm
            onSubmit={(id) => void load(id)}
            error={lectures.error}
            busy={false}
            initialValue={keptSecretId(params.batchId, currentAccount())}
          />
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
        <LectureTable
          videos={lectures.videos}
          caption={`Recorded lectures of ${batch?.name ?? "this batch"}`}
          progress={lectures.progress}
          onWatch={(v) => setPlaying(lectureToPlay(v, lectures))}
        />
      )}
      {lectures.kind === "list" && lectures.progress && (
        <div className="mt-12">
          <Suspense fallback={null}>
            <DueThisWeek source={accessToken} batchId={params.batchId} />
          </Suspense>
        </div>
      )}
      <VideoOverlay lecture={playing} onClose={close} />
    </section>
  );
}

// A batch's recorded lectures with a Watch button each; for a signed-in student who linked the batch, also where
// they stand in each lecture (watched, or the second they stopped at) and the batch's completion.
import { Icon } from "#app/components/Icon";
import type { Video } from "#app/lib/api-schema";
import { useEffect } from "react";
import { preloadHls } from "../hls-module";
import { watchedCount, type ProgressByLecture } from "../progress";
import { ProgressBar } from "./ProgressBar";

/** m:ss (or h:mm:ss) of a position in seconds. */
export function clock(seconds: number): string {
  const s = Math.floor(seconds);
  const [h, m, r] = [Math.floor(s / 3600), Math.floor((s % 3600) / 60), s % 60];
  const pad = (n: number) => String(n).padStart(2, "0");
  return h > 0 ? `${h}:${pad(m)}:${pad(r)}` : `${m}:${pad(r)}`;
}

function Status({ progress }: { progress: ProgressByLecture[number] | undefined }) {
  if (progress?.completed) {
    return (
      <span className="inline-flex items-center gap-1.5 font-semibold text-emerald-700">
        <Icon name="circle-check" className="size-4" />
        Watched
      </span>
    );
  }
  if (progress && progress.positionSeconds > 0) return <span className="text-slate-700">Stopped at {clock(progress.positionSeconds)}</span>;
  return <span className="text-slate-500">Not started</span>;
}

export function LectureTable({
  videos,
  caption,
  progress,
  onWatch,
}: {
  videos: Video[];
  caption: string;
  /** null: progress is not kept (a Secret ID without sign-in). */
  progress: ProgressByLecture | null;
  onWatch: (video: Video) => void;
}) {
  // On a phone the table fits the screen, Watch included: no batch column (the page's title says it), and the
  // lecture's number goes before its title.
  const cell = "px-3 py-3 sm:px-4";
  // hls.js on its way while the student reads the list, not after Watch (docs/benchmarks/video.md#the-products-path).
  const kinds = videos.map((v) => v.kind).join(",");
  useEffect(() => preloadHls(kinds.split(",")), [kinds]);
  const wideOnly = "hidden sm:table-cell";
  return (
    <>
      {progress && (
        <div className="mt-10 max-w-md">
          <ProgressBar watched={watchedCount(progress, videos.map((v) => v.lectureNumber))} total={videos.length} label="Batch completion" />
        </div>
      )}
      <div className="relative mt-10 overflow-x-auto rounded-xl border border-slate-200">
        <table className="w-full text-left sm:min-w-[36rem]">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-slate-50 text-sm text-slate-700">
            <tr>
              <th scope="col" className={`${cell} ${wideOnly}`}>
                Batch
              </th>
              <th scope="col" className={`${cell} ${wideOnly}`}>
                Lecture No.
              </th>
              <th scope="col" className={cell}>
                Title
              </th>
              {progress && (
                <th scope="col" className={cell}>
                  Progress
                </th>
              )}
              <th scope="col" className={cell}>
                Action
              </th>
            </tr>
          </thead>
          <tbody>
            {videos.map((v) => (
              <tr key={v._id} className="border-t border-slate-200">
                <td className={`${cell} ${wideOnly}`}>{v.batchNumber}</td>
                <td className={`${cell} ${wideOnly}`}>{v.lectureNumber}</td>
                <td className={cell}>
                  <span className="sm:hidden">{v.lectureNumber}. </span>
                  {v.title}
                </td>
                {progress && (
                  <td className={cell}>
                    <Status progress={progress[v.lectureNumber]} />
                  </td>
                )}
                <td className={cell}>
                  <button
                    type="button"
                    className="btn-primary min-h-10 px-3 py-2 text-sm sm:px-4"
                    onClick={() => onWatch(v)}
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
    </>
  );
}

// A lecture file in <video controls>. An expired or refused signed link is refreshed once (useFreshLectureSource);
// when that cannot help, a message takes the player's place.
// For a signed-in student the lecture starts at the saved second and its position is saved as it plays.
import { useFreshLectureSource } from "../hooks/use-fresh-lecture-source";
import { useLectureProgress } from "../hooks/use-lecture-progress";
import type { PlayingLecture } from "../player";

export function LectureFile({ lecture }: { lecture: PlayingLecture }) {
  const { source, failure, busy, media, retry } = useFreshLectureSource(lecture);
  const progress = useLectureProgress(lecture.progress);
  if (failure) {
    return (
      <div className="flex aspect-video w-full flex-col items-center justify-center gap-5 rounded-xl bg-slate-900 p-6 text-center">
        <p role="alert" className="max-w-xl text-lg font-medium text-white">
          {failure.message}
        </p>
        {failure.canRetry && (
          <button type="button" className="btn-light min-h-11" onClick={retry} disabled={busy}>
            {busy ? "Loading…" : "Try again"}
          </button>
        )}
      </div>
    );
  }
  return (
    // Lectures have no caption files yet; the title is announced by the dialog. A fresh link gets a new element
    // (`key`), so the same URL also loads again and autoPlay says whether it resumes.
    <video
      key={source.attempt}
      src={source.src}
      autoPlay={source.autoPlay}
      controls
      playsInline
      controlsList="nodownload"
      className="aspect-video w-full rounded-xl bg-black"
      aria-label={lecture.video.title}
      {...media}
      onTimeUpdate={progress.onTimeUpdate}
      onEnded={progress.onEnded}
      onPause={(e) => {
        media.onPause();
        progress.onPause?.(e);
      }}
    />
  );
}

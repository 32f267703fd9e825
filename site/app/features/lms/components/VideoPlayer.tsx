// One lecture: an embed in an iframe (YouTube, Vimeo, Google Drive) or a file in <video controls> (LectureFile).
// An embed reports no position to the site: while a signed-in student has it open and the tab is visible, the page
// reports itself, and the server counts the lecture watched after EMBED_WATCHED_AFTER_MIN minutes on it.
import { useEffect } from "react";
import { playerSource, type PlayingLecture } from "../player";
import { EMBED_SAVE_EVERY_MS, EMBED_WATCHED_AFTER_MIN, type ProgressSink } from "../progress";
import { LectureFile } from "./LectureFile";

function TimeOnPage({ progress }: { progress: ProgressSink }) {
  useEffect(() => {
    const report = () => {
      if (document.visibilityState === "visible") progress({ positionSeconds: 0 }, { keepalive: false });
    };
    report();
    const timer = window.setInterval(report, EMBED_SAVE_EVERY_MS);
    return () => window.clearInterval(timer);
  }, [progress]);
  return <p className="text-sm text-white">Counts as watched after {EMBED_WATCHED_AFTER_MIN} minutes on this page.</p>;
}

export function VideoPlayer({ lecture }: { lecture: PlayingLecture }) {
  const source = playerSource(lecture.video.url);
  if (source.kind === "embed") {
    return (
      <div className="flex flex-col items-end gap-3">
        <iframe
          src={source.src}
          title={`${lecture.video.title} (${source.provider})`}
          className="aspect-video w-full rounded-xl bg-black"
          allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
          allowFullScreen
        />
        {lecture.progress && <TimeOnPage key={lecture.video._id} progress={lecture.progress} />}
      </div>
    );
  }
  // A new lecture starts afresh: no link, position or failure carries over.
  return <LectureFile key={lecture.video._id} lecture={lecture} />;
}

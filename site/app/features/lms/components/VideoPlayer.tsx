// One lecture: an embed in an iframe (YouTube, Vimeo, Google Drive) or a file in <video controls> (LectureFile).
// An embed reports no position to the site, so a signed-in student marks it watched themselves.
import { useState } from "react";
import { playerSource, type PlayingLecture } from "../player";
import type { ProgressSink } from "../progress";
import { LectureFile } from "./LectureFile";

function MarkWatched({ progress }: { progress: ProgressSink }) {
  const [marked, setMarked] = useState(false);
  if (marked) {
    return (
      <p role="status" className="font-medium text-white">
        Marked as watched.
      </p>
    );
  }
  return (
    <button
      type="button"
      className="btn-light min-h-11"
      onClick={() => {
        progress({ positionSeconds: 0, completed: true }, { keepalive: false });
        setMarked(true);
      }}
    >
      Mark as watched
    </button>
  );
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
        {lecture.progress && <MarkWatched key={lecture.video._id} progress={lecture.progress} />}
      </div>
    );
  }
  // A new lecture starts afresh: no link, position or failure carries over.
  return <LectureFile key={lecture.video._id} lecture={lecture} />;
}

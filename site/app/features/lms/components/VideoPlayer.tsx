// One lecture: an embed in an iframe (YouTube, Vimeo, Google Drive) or a file in <video controls> (LectureFile).
import { playerSource, type PlayingLecture } from "../player";
import { LectureFile } from "./LectureFile";

export function VideoPlayer({ lecture }: { lecture: PlayingLecture }) {
  const source = playerSource(lecture.video.url);
  if (source.kind === "embed") {
    return (
      <iframe
        src={source.src}
        title={`${lecture.video.title} (${source.provider})`}
        className="aspect-video w-full rounded-xl bg-black"
        allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
        allowFullScreen
      />
    );
  }
  // A new lecture starts afresh: no link, position or failure carries over.
  return <LectureFile key={lecture.video._id} lecture={lecture} />;
}

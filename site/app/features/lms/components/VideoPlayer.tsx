// One lecture: an embed in an iframe (YouTube, Vimeo, Google Drive) or a file in <video controls>.
import { playerSource } from "../player";

export function VideoPlayer({ url, title }: { url: string; title: string }) {
  const source = playerSource(url);
  if (source.kind === "embed") {
    return (
      <iframe
        src={source.src}
        title={`${title} (${source.provider})`}
        className="aspect-video w-full rounded-xl bg-black"
        allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
        allowFullScreen
      />
    );
  }
  return (
    // Lectures have no caption files yet; the title is announced by the dialog.
    // eslint-disable-next-line jsx-a11y/media-has-caption
    <video src={source.src} controls autoPlay playsInline controlsList="nodownload" className="aspect-video w-full rounded-xl bg-black" aria-label={title} />
  );
}

// Which player a lecture URL needs: an embed (YouTube, Vimeo, Google Drive) in an iframe, or a file in <video>.
import type { Video } from "../../lib/api-schema";
import type { VideoAccess } from "./api/get-videos";
import type { ProgressSink } from "./progress";

/**
 * A lecture chosen to watch, with how its list was opened (a file's signed link is refreshed the same way); for a
 * signed-in student, the second to resume at and where the position is saved.
 */
export type PlayingLecture = { video: Video; access: VideoAccess; startAt?: number; progress?: ProgressSink };

export type PlayerSource = { kind: "embed"; src: string; provider: "YouTube" | "Vimeo" | "Google Drive" } | { kind: "file"; src: string };

export function playerSource(url: string): PlayerSource {
  let u: URL;
  try {
    u = new URL(url, "http://local.invalid");
  } catch {
    return { kind: "file", src: url };
  }
  const host = u.hostname.replace(/^www\.|^m\./, "");
  if (host === "youtu.be" || host === "youtube.com" || host === "youtube-nocookie.com") {
    const id =
      host === "youtu.be"
        ? u.pathname.slice(1)
        : (u.searchParams.get("v") ?? u.pathname.match(/^\/(?:embed|shorts|live)\/([\w-]+)/)?.[1] ?? "");
    if (/^[\w-]{6,}$/.test(id)) return { kind: "embed", provider: "YouTube", src: `https://www.youtube-nocookie.com/embed/${id}` };
  }
  if (host === "vimeo.com" || host === "player.vimeo.com") {
    const id = u.pathname.match(/(\d{5,})/)?.[1];
    if (id) return { kind: "embed", provider: "Vimeo", src: `https://player.vimeo.com/video/${id}` };
  }
  if (host === "drive.google.com") {
    const id = u.pathname.match(/\/file\/d\/([\w-]+)/)?.[1] ?? u.searchParams.get("id");
    if (id) return { kind: "embed", provider: "Google Drive", src: `https://drive.google.com/file/d/${id}/preview` };
  }
  return { kind: "file", src: url };
}

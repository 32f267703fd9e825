// How the panel names a lecture's state: No file yet (nothing sent), Uploading (a file's parts on their way),
// Processing n %, Ready, Failed; and Unpublished beside any of them.
import { Badge } from "../../kit/components/States";
import type { StaffLecture } from "#app/lib/api-schema";

type Shown = Pick<StaffLecture, "state" | "percent" | "published" | "kind" | "upload">;

export function LectureStateBadge({ lecture }: { lecture: Shown }) {
  const { state, percent, published, kind, upload } = lecture;
  return (
    <span className="inline-flex flex-wrap gap-1">
      {state === "uploading" && <Badge tone="amber">{kind === "recording" && upload ? "Uploading" : "No file yet"}</Badge>}
      {state === "processing" && <Badge tone="amber">Processing {percent ?? 0} %</Badge>}
      {state === "ready" && <Badge tone="green">Ready</Badge>}
      {state === "failed" && <Badge tone="red">Failed</Badge>}
      {!published && <Badge tone="slate">Unpublished</Badge>}
    </span>
  );
}

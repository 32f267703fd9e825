// How the panel names a lecture's state: Uploading, Processing n %, Ready, Failed; and Unpublished beside any of them.
import { Badge } from "../../components/States";
import type { StaffLecture } from "../../../../lib/api-schema";

export function LectureStateBadge({ lecture }: { lecture: Pick<StaffLecture, "state" | "percent" | "published" | "kind"> }) {
  const { state, percent, published, kind } = lecture;
  return (
    <span className="inline-flex flex-wrap gap-1">
      {state === "uploading" && <Badge tone="amber">{kind === "recording" ? "Uploading" : "Awaiting upload"}</Badge>}
      {state === "processing" && <Badge tone="amber">Processing {percent ?? 0} %</Badge>}
      {state === "ready" && <Badge tone="green">Ready</Badge>}
      {state === "failed" && <Badge tone="red">Failed</Badge>}
      {!published && <Badge tone="slate">Unpublished</Badge>}
    </span>
  );
}

// Hand-ins waiting for a review, oldest first: one batch's (in its view) or every batch's (the Reviews section). Each
// opens the submission in the Reviews section (`?section=reviews&submission=`).
import { useCallback } from "react";
import { Link } from "react-router";
import { visitorZone, whenInZone } from "#app/lib/demo-time";
import { useTokenSource } from "../../kit/api/token";
import { useLoad } from "../../kit/hooks/use-load";
import { Badge, Failure, Loading } from "../../kit/components/States";
import { actionTd, ConsoleTable, td } from "../../kit/components/Table";
import { reviewQueue } from "../api/assignments";

export const submissionLink = (submissionId: string) => `?section=reviews&submission=${encodeURIComponent(submissionId)}`;

/** `batchNames`: the console's batches by id (the queue of every batch names each row's). */
export function ReviewQueue({ batchId, caption, batchNames }: { batchId?: string; caption: string; batchNames?: ReadonlyMap<string, string> }) {
  const source = useTokenSource();
  const load = useCallback(() => reviewQueue(source, batchId), [source, batchId]);
  const { state, retry } = useLoad(load);
  const zone = visitorZone();
  if (state.status === "loading") return <Loading text="Loading the hand-ins to review…" />;
  if (state.status === "error") return <Failure what="Could not load the hand-ins to review." error={state.error} onRetry={retry} />;
  return (
    <ConsoleTable
      caption={caption}
      columns={["Student", "Assignment", !batchId && "Batch", "Handed in", { actions: <span className="sr-only">Actions</span> }]}
      rows={state.data}
      rowKey={(item) => item.id}
      empty="Nothing to review: every hand-in has been returned."
    >
      {(item) => (
        <>
          <th scope="row" className={`${td} font-semibold`}>
            <span className="[overflow-wrap:anywhere]">{item.student}</span>
          </th>
          <td className={td}>{item.assignmentTitle}</td>
          {!batchId && <td className={td}>{batchNames?.get(item.batchId) ?? item.batchId}</td>}
          <td className={td}>
            {whenInZone(item.submittedAt, zone)}
            {item.version > 1 && <span className="block text-xs text-slate-600">version {item.version}</span>}
            {item.late && (
              <span className="mt-1 block">
                <Badge tone="amber">Late</Badge>
              </span>
            )}
          </td>
          <td className={actionTd}>
            <Link to={submissionLink(item.id)} className="btn-secondary min-h-10 px-3 py-1 text-sm" aria-label={`Review ${item.assignmentTitle} by ${item.student}`}>
              Review
            </Link>
          </td>
        </>
      )}
    </ConsoleTable>
  );
}

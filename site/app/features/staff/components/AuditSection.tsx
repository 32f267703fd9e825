// The audit trail: every staff write (who, what, to which record, when, how it ended), newest first, a page at a time.
import { useCallback } from "react";
import { listAudit } from "../api/audit";
import { useTokenSource } from "../api/token";
import { formatTime } from "../format";
import { useCursorList } from "../hooks/use-cursor-list";
import { OutcomeBadge } from "./labels";
import { Email } from "./Email";
import { codeTd, Empty, Failure, Loading, LoadMore, ScrollTable, td, th } from "./States";

export function AuditSection() {
  const token = useTokenSource();
  const loadPage = useCallback((cursor?: string | null) => listAudit(token, cursor), [token]);
  const list = useCursorList(loadPage);
  return (
    <section aria-labelledby="staff-audit">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="staff-audit" className="text-2xl font-bold">
          Audit trail
        </h2>
        <button type="button" className="btn-secondary min-h-10 px-4 py-2 text-sm" onClick={list.reload}>
          Refresh
        </button>
      </div>
      <p className="mt-2 text-slate-700">Every change made here, newest first. Nobody can edit or delete it.</p>
      <div className="mt-4">
        {list.state === "loading" && <Loading text="Loading the audit trail…" />}
        {list.state === "error" && <Failure what="Could not load the audit trail." error={list.error} onRetry={list.reload} />}
        {list.state === "ready" && list.items.length === 0 && <Empty>Nothing has been changed yet.</Empty>}
        {list.state === "ready" && list.items.length > 0 && (
          <ScrollTable caption="Audit trail, newest first" captionHidden>
            <thead>
              <tr>
                <th scope="col" className={th}>When</th>
                <th scope="col" className={th}>Who</th>
                <th scope="col" className={th}>Action</th>
                <th scope="col" className={th}>Target</th>
                <th scope="col" className={th}>Outcome</th>
                <th scope="col" className={th}>Detail</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((a) => (
                <tr key={a.id}>
                  <td className={`${td} whitespace-nowrap`}>{formatTime(a.at)}</td>
                  <td className={a.actorEmail ? td : codeTd}>{a.actorEmail ? <Email address={a.actorEmail} /> : a.actorSub}</td>
                  <td className={`${td} font-mono text-xs`}>{a.action}</td>
                  <td className={codeTd}>{a.target}</td>
                  <td className={td}>
                    <OutcomeBadge outcome={a.outcome} />
                  </td>
                  <td className={td}>{a.detail ?? "—"}</td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
        <LoadMore hasMore={list.state === "ready" && list.hasMore} loading={list.loadingMore} error={list.moreError} onLoadMore={() => void list.loadMore()} />
      </div>
    </section>
  );
}

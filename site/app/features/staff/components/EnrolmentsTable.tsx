// A batch's students, a page at a time: name, e-mail, status, whether an account holds the batch, lectures watched of
// the batch's total, last activity; Resend welcome (a new Secret ID, the old one revoked) and Revoke, each confirmed.
import { useCallback, useState } from "react";
import { showToast } from "#app/components/Toasts";
import type { Enrolled, EnrolmentView } from "#app/lib/api-schema";
import { listBatchEnrolments, resendWelcome, revokeEnrolment } from "../kit/api/enrolments";
import { useTokenSource } from "../kit/api/token";
import { formatTime } from "../kit/format";
import { useCursorList } from "../kit/hooks/use-cursor-list";
import { ConfirmDialog } from "../kit/components/ConfirmDialog";
import { EnrolmentBadge } from "./labels";
import { SecretIdReveal } from "../kit/components/SecretIdReveal";
import { Email } from "../kit/components/Email";
import { Failure, Loading, LoadMore } from "../kit/components/States";
import { actionTd, ConsoleTable, td } from "../kit/components/Table";

type Pending = { kind: "revoke" | "resend"; enrolment: EnrolmentView } | null;

/** The batch view remounts it (a new `key`) after an enrolment elsewhere on the page; its own changes update rows. */
export function EnrolmentsTable({ batchId, batchName, onChanged }: { batchId: string; batchName: string; onChanged: () => void }) {
  const token = useTokenSource();
  const loadPage = useCallback((cursor?: string | null) => listBatchEnrolments(token, batchId, cursor), [token, batchId]);
  const list = useCursorList(loadPage);
  const [pending, setPending] = useState<Pending>(null);
  const [reissued, setReissued] = useState<Enrolled | null>(null);
  const sameId = (id: string) => (e: EnrolmentView) => e.id === id;

  const confirm = async () => {
    if (!pending) return;
    const { kind, enrolment } = pending;
    if (kind === "revoke") {
      const revoked = await revokeEnrolment(token, enrolment.id);
      list.replace(sameId(revoked.id), revoked);
      showToast((t) => t.success("Access revoked", { description: `${enrolment.name} can no longer watch ${batchName}.` }));
    } else {
      const done = await resendWelcome(token, enrolment.id);
      list.replace(sameId(done.enrolment.id), done.enrolment);
      setReissued(done);
      showToast((t) => t.success("New Secret ID issued", { description: `Mailed to ${enrolment.email}.` }));
    }
    onChanged();
  };

  return (
    <div>
      {reissued && (
        <div className="mb-4">
          <SecretIdReveal enrolled={reissued} batchName={batchName} onDone={() => setReissued(null)} />
        </div>
      )}
      {list.state === "loading" && <Loading text="Loading students…" />}
      {list.state === "error" && <Failure what="Could not load the students." error={list.error} onRetry={list.reload} />}
      {list.state === "ready" && (
        <ConsoleTable
          caption={`Students of ${batchName}`}
          captionHidden
          columns={["Name", "E-mail", "Status", "Account", "Watched", "Last activity", { actions: "Actions" }]}
          rows={list.items}
          rowKey={(e) => e.id}
          empty="Nobody is enrolled in this batch yet."
        >
          {(e) => (
            <>
              <th scope="row" className={`${td} font-semibold text-ink`}>{e.name}</th>
              <td className={td}>
                <Email address={e.email} />
              </td>
              <td className={td}>
                <EnrolmentBadge status={e.status} />
                {e.accessUntil && <span className="mt-1 block text-xs text-slate-600">until {e.accessUntil}</span>}
              </td>
              <td className={td}>{e.accountLinked ? "Linked" : "Not linked"}</td>
              <td className={`${td} whitespace-nowrap`}>
                {e.lecturesWatched} of {e.lecturesTotal}
              </td>
              <td className={`${td} whitespace-nowrap`}>{formatTime(e.lastActivity)}</td>
              <td className={actionTd}>
                {e.status === "revoked" ? (
                  <span className="text-slate-600">Revoked {formatTime(e.revokedAt)}</span>
                ) : (
                  <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
                    <button type="button" className="btn-secondary min-h-10 px-3 py-1.5 text-sm" onClick={() => setPending({ kind: "resend", enrolment: e })} aria-label={`Resend welcome to ${e.name}`}>
                      Resend welcome
                    </button>
                    <button type="button" className="btn min-h-10 border border-red-700 bg-white px-3 py-1.5 text-sm text-red-800 hover:bg-red-50" onClick={() => setPending({ kind: "revoke", enrolment: e })} aria-label={`Revoke ${e.name}`}>
                      Revoke
                    </button>
                  </div>
                )}
              </td>
            </>
          )}
        </ConsoleTable>
      )}
      <LoadMore hasMore={list.state === "ready" && list.hasMore} loading={list.loadingMore} error={list.moreError} onLoadMore={() => void list.loadMore()} />
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(open) => !open && setPending(null)}
        title={pending?.kind === "resend" ? `Send ${pending.enrolment.name} a new Secret ID?` : `Revoke ${pending?.enrolment.name ?? ""}'s access?`}
        description={
          pending?.kind === "resend"
            ? "Their current Secret ID stops working at once; the new one is mailed to them and shown here once."
            : `Their Secret ID stops working at once and ${batchName} leaves their account. To give access back, enrol them again.`
        }
        confirmLabel={pending?.kind === "resend" ? "Send new Secret ID" : "Revoke access"}
        onConfirm={confirm}
      />
    </div>
  );
}

// The audit trail: every staff write (who, what, to which record, when, how it ended), newest first, a page at a time,
// each in words with a link to what it names (../audit-words.ts).
import { useCallback, useEffect, useMemo, useState } from "react";
import { Link } from "react-router";
import type { StaffBatch } from "#app/lib/api-schema";
import { listAudit } from "../api/audit";
import { useTokenSource } from "../kit/api/token";
import { auditWords, type AuditWords } from "../audit-words";
import { listSlots } from "../demo/api/demo";
import { formatTime } from "../kit/format";
import { useCursorList } from "../kit/hooks/use-cursor-list";
import { OutcomeBadge } from "./labels";
import { Email } from "../kit/components/Email";
import { Failure, Loading, LoadMore } from "../kit/components/States";
import { codeTd, ConsoleTable, td } from "../kit/components/Table";

const DAY_MS = 86_400_000;

/** The demo slots' start times by id (from a week ago, as far ahead as one list goes); none when they cannot be read. */
function useSlotStarts(): ReadonlyMap<string, string> {
  const token = useTokenSource();
  const [starts, setStarts] = useState<ReadonlyMap<string, string>>(new Map());
  useEffect(() => {
    let live = true;
    const now = Date.now();
    const range = { from: new Date(now - 7 * DAY_MS).toISOString(), to: new Date(now + 85 * DAY_MS).toISOString() };
    listSlots(token, range).then(
      (slots) => live && setStarts(new Map(slots.map((s) => [s.id, s.startsAt]))),
      () => undefined, // the trail still reads without the times
    );
    return () => {
      live = false;
    };
  }, [token]);
  return starts;
}

export function AuditSection({ batches }: { batches: readonly StaffBatch[] }) {
  const token = useTokenSource();
  const loadPage = useCallback((cursor?: string | null) => listAudit(token, cursor), [token]);
  const list = useCursorList(loadPage);
  const slotStarts = useSlotStarts();
  const context = useMemo(() => ({ batchNames: new Map(batches.map((b) => [b.batch._id, b.batch.name])), slotStarts }), [batches, slotStarts]);
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
        {list.state === "ready" && (
          <ConsoleTable
            caption="Audit trail, newest first"
            captionHidden
            columns={["When", "Who", "What", "Outcome", "Detail"]}
            rows={list.items}
            rowKey={(a) => a.id}
            empty="Nothing has been changed yet."
          >
            {(a) => {
              const words = auditWords(a, context);
              return (
                <>
                  <td className={`${td} whitespace-nowrap`}>{formatTime(a.at)}</td>
                  <td className={a.actorEmail ? td : codeTd}>{a.actorEmail ? <Email address={a.actorEmail} /> : a.actorSub}</td>
                  <td className={td}>
                    <Sentence words={words} />
                  </td>
                  <td className={td}>
                    <OutcomeBadge outcome={a.outcome} />
                  </td>
                  <td className={td}>{a.detail ?? "—"}</td>
                </>
              );
            }}
          </ConsoleTable>
        )}
        <LoadMore hasMore={list.state === "ready" && list.hasMore} loading={list.loadingMore} error={list.moreError} onLoadMore={() => void list.loadMore()} />
      </div>
    </section>
  );
}

/** The entry's sentence, the thing it names linked where the sentence says it (else after it). */
function Sentence({ words }: { words: AuditWords }) {
  const { text, link } = words;
  if (!link) return text;
  const at = text.lastIndexOf(link.label);
  const linked = (
    <Link to={link.to} className="font-semibold break-words text-brand-700 underline">
      {link.label}
    </Link>
  );
  return at < 0 ? (
    <>
      {text}: {linked}
    </>
  ) : (
    <>
      {text.slice(0, at)}
      {linked}
      {text.slice(at + link.label.length)}
    </>
  );
}

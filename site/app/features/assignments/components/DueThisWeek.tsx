// "Due this week" on /lms and on a batch's page: each assignment with its due time in the student's own zone and its
// state, opening its page; the rest (later ones, handed in, reviewed) under "All assignments". Loading, error (with
// Try again) and empty states. `batchId` keeps the list to one batch.
import { useCallback, useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { assignmentPath } from "#app/config/paths";
import { visitorZone, whenInZone } from "#app/lib/demo-time";
import type { TokenSource } from "#app/lib/access-token";
import { getMyAssignments } from "../api/my-assignments";
import type { MyAssignment } from "../api/types";
import { dueThisWeek } from "../rules";
import { StateBadge } from "./StateBadge";

type Loaded = { status: "loading" } | { status: "error" } | { status: "ready"; list: MyAssignment[] };

function AssignmentItem({ a, zone, showBatch }: { a: MyAssignment; zone: string; showBatch: boolean }) {
  return (
    <li className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-4 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <Link to={assignmentPath(a.id)} className="font-semibold text-brand-700 underline [overflow-wrap:anywhere]">
          {a.title}
        </Link>
        <p className="text-sm text-slate-700">
          {showBatch && a.batchName ? `${a.batchName} · ` : ""}Due {whenInZone(a.dueAt, zone)}
        </p>
      </div>
      <StateBadge facts={a} zone={zone} />
    </li>
  );
}

export function DueThisWeek({ source, batchId, headingLevel = 2 }: { source: TokenSource; batchId?: string; headingLevel?: 2 | 3 }) {
  const id = useId();
  const [state, setState] = useState<Loaded>({ status: "loading" });
  const [zone, setZone] = useState("UTC");
  const load = useCallback(() => {
    setState({ status: "loading" });
    getMyAssignments(source).then(
      (list) => setState({ status: "ready", list: batchId ? list.filter((a) => a.batchId === batchId) : list }),
      () => setState({ status: "error" }),
    );
  }, [source, batchId]);
  useEffect(() => {
    setZone(visitorZone());
    load();
  }, [load]);

  const Heading = `h${headingLevel}` as "h2";
  const due = state.status === "ready" ? dueThisWeek(state.list) : [];
  return (
    <section aria-labelledby={`${id}-due`} className="grid gap-4">
      <Heading id={`${id}-due`} className="text-2xl font-bold text-ink">
        Due this week
      </Heading>
      {state.status === "loading" && <p role="status">Loading your assignments…</p>}
      {state.status === "error" && (
        <div className="flex flex-wrap items-center gap-4">
          <p role="alert" className="font-medium text-red-700">
            Could not load your assignments.
          </p>
          <button type="button" className="btn-secondary min-h-11 text-sm" onClick={load}>
            Try again
          </button>
        </div>
      )}
      {state.status === "ready" && (
        <>
          {due.length === 0 ? (
            <p className="text-slate-700">{state.list.length === 0 ? "No assignments yet." : "Nothing is due this week."}</p>
          ) : (
            <ul className="grid gap-3">
              {due.map((a) => (
                <AssignmentItem key={a.id} a={a} zone={zone} showBatch={!batchId} />
              ))}
            </ul>
          )}
          <p className="text-xs text-slate-600">Times are in your time zone ({zone}).</p>
          {state.list.length > due.length && (
            <details className="rounded-xl border border-slate-200 bg-white p-4">
              <summary className="min-h-11 cursor-pointer content-center font-semibold">All assignments ({state.list.length})</summary>
              <ul className="mt-3 grid gap-3">
                {[...state.list]
                  .sort((a, b) => Date.parse(b.dueAt) - Date.parse(a.dueAt))
                  .map((a) => (
                    <AssignmentItem key={a.id} a={a} zone={zone} showBatch={!batchId} />
                  ))}
              </ul>
            </details>
          )}
        </>
      )}
    </section>
  );
}

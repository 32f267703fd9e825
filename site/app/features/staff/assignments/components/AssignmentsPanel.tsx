// A batch's assignments in its console view: the list (due time in the batch's zone, the lecture or live class it goes
// with, when published, hand-ins and how many wait for a review), "New assignment", and one opened (`&assignment=` in
// the address): its details to change, its attachments and its students' hand-ins; then the batch's queue to review,
// oldest first. The batch's zone is its live-class timetable's (GET …/timetable), the institute's when it has none, as
// the server's mail of a moved due time names it; it loads with the list, and the panel waits for both (a time typed
// in a zone guessed wrong would be saved an hour or more off).
import { useCallback, useId, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { showToast } from "#app/components/Toasts";
import { DEFAULT_CLASS_ZONE } from "#app/lib/class-time";
import { knownZone, toApiTime, whenInZone, zoneName } from "#app/lib/demo-time";
import { type TokenSource } from "#app/lib/access-token";
import { useTokenSource } from "../../kit/api/token";
import { failureText } from "../../kit/format";
import { Badge, Failure, Loading } from "../../kit/components/States";
import { actionTd, ConsoleTable, td } from "../../kit/components/Table";
import { useLoad } from "../../kit/hooks/use-load";
import { getTimetable } from "../../kit/api/live";
import { changeAssignment, listAssignments, listSubmissions, postAssignment, setAssignmentRule } from "../api/assignments";
import type { StaffAssignment } from "../api/types";
import { lectureText, sessionText, useLinkChoices, type LinkChoices } from "../links";
import { AssignmentForm } from "./AssignmentForm";
import { AttachmentsField } from "./AttachmentsField";
import { ReviewQueue, submissionLink } from "./ReviewQueue";

/** The batch's time zone: its live-class timetable's, else the institute's. Due and publish times are typed and shown in it. */
async function batchZone(source: TokenSource, batchId: string): Promise<string> {
  const { timetable } = await getTimetable(source, batchId);
  return knownZone(timetable?.timeZone || DEFAULT_CLASS_ZONE);
}

const isOut = (a: StaffAssignment) => a.published;

/** "Lecture 3: Pandas · live class of Sat, 5 Dec 2026, 7:00 PM – 9:00 PM", or null when it goes with neither. */
function linkText(a: StaffAssignment, links: LinkChoices, zone: string): string | null {
  const parts = [
    ...(a.lectureNumber != null ? [lectureText(a.lectureNumber, links.lectures)] : []),
    ...(a.liveSessionId ? [`live class of ${sessionText(a.liveSessionId, links.sessions, zone)}`] : []),
  ];
  if (parts.length === 0) return null;
  const text = parts.join(" · ");
  return text.charAt(0).toUpperCase() + text.slice(1);
}

export function AssignmentsPanel({ batchId, batchName }: { batchId: string; batchName: string }) {
  const id = useId();
  const source = useTokenSource();
  const [search, setSearch] = useSearchParams();
  const openId = search.get("assignment");
  const [adding, setAdding] = useState(false);
  const [queueVersion, setQueueVersion] = useState(0);
  const load = useCallback(async () => {
    const [listed, zone] = await Promise.all([listAssignments(source, batchId), batchZone(source, batchId)]);
    return { ...listed, zone };
  }, [source, batchId]);
  const { state, retry, refresh } = useLoad(load);
  const links = useLinkChoices(batchId);

  const open = (assignmentId: string | null) =>
    setSearch(
      (s) => {
        if (assignmentId) s.set("assignment", assignmentId);
        else s.delete("assignment");
        return s;
      },
      { preventScrollReset: true },
    );

  if (state.status === "loading") return <Loading text="Loading the assignments…" />;
  if (state.status === "error") return <Failure what="Could not load the assignments." error={state.error} onRetry={retry} />;
  const list = [...state.data.assignments].sort((a, b) => Date.parse(b.dueAt) - Date.parse(a.dueAt));
  const opened = list.find((a) => a.id === openId);
  const zone = state.data.zone;

  return (
    <div className="grid gap-6">
      {!adding && (
        <button type="button" className="btn-primary min-h-11 justify-self-start px-4 py-2 text-sm" onClick={() => setAdding(true)}>
          New assignment
        </button>
      )}
      {adding && (
        <section aria-labelledby={`${id}-new`} className="grid gap-3">
          <h4 id={`${id}-new`} className="text-lg font-semibold">
            New assignment for {batchName}
          </h4>
          <AssignmentForm
            zone={zone}
            links={links}
            onCancel={() => setAdding(false)}
            onSave={async (input) => {
              const posted = await postAssignment(source, batchId, input);
              setAdding(false);
              showToast((t) => t.success(`Posted “${posted.title}”`, { description: isOut(posted) ? "Students of the batch see it now." : "Students see it once it is published." }));
              refresh();
              open(posted.id);
            }}
          />
        </section>
      )}

      <CertificateRule batchId={batchId} required={state.data.requireAllPassed} onChanged={refresh} />

      <ConsoleTable
        caption={`Assignments of ${batchName}`}
        captionHidden
        columns={["Assignment", `Due (${zoneName(zone)})`, "Published", "Handed in", "To review", { actions: <span className="sr-only">Actions</span> }]}
        rows={list}
        rowKey={(a) => a.id}
        rowProps={(a) => ({ "aria-current": a.id === openId ? "true" : undefined, className: "aria-[current=true]:bg-brand-50" })}
        empty="No assignments yet. Post the week’s assignment with “New assignment”."
      >
        {(a) => {
          const linked = linkText(a, links, zone);
          return (
            <>
              <th scope="row" className={`${td} font-semibold [overflow-wrap:anywhere]`}>
                {a.title}
                <span className="block text-xs font-normal text-slate-600">{a.result === "points" ? `Out of ${a.points ?? "?"} points` : "Pass / needs work"}</span>
                {linked && <span className="block text-xs font-normal text-slate-600">{linked}</span>}
              </th>
              <td className={td}>
                {whenInZone(a.dueAt, zone)}
                {a.closed && (
                  <span className="mt-1 block">
                    <Badge tone="slate">Closes at the due time</Badge>
                  </span>
                )}
              </td>
              <td className={td}>{isOut(a) ? <Badge tone="green">Published</Badge> : <Badge tone="amber">{`From ${whenInZone(a.publishAt, zone)}`}</Badge>}</td>
              <td className={td}>{a.submitted}</td>
              <td className={td}>{a.waiting}</td>
              <td className={actionTd}>
                <button type="button" className="btn-secondary min-h-10 px-3 py-1 text-sm" onClick={() => open(a.id === openId ? null : a.id)} aria-expanded={a.id === openId} aria-label={`${a.id === openId ? "Close" : "Open"} ${a.title}`}>
                  {a.id === openId ? "Close" : "Open"}
                </button>
              </td>
            </>
          );
        }}
      </ConsoleTable>

      {opened && (
        <AssignmentDetail
          key={opened.id}
          assignment={opened}
          zone={zone}
          links={links}
          onChanged={() => {
            refresh();
            setQueueVersion((n) => n + 1);
          }}
          onClose={() => open(null)}
        />
      )}

      <section aria-labelledby={`${id}-queue`} className="grid gap-3">
        <h4 id={`${id}-queue`} className="text-lg font-semibold">
          To review in this batch
        </h4>
        <ReviewQueue key={queueVersion} batchId={batchId} caption={`Hand-ins of ${batchName} to review, oldest first`} />
      </section>
    </div>
  );
}

/** The batch's certificate rule: also every published assignment passed (default off). */
function CertificateRule({ batchId, required, onChanged }: { batchId: string; required: boolean; onChanged: () => void }) {
  const source = useTokenSource();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const change = async (next: boolean) => {
    setBusy(true);
    setError(null);
    try {
      await setAssignmentRule(source, batchId, next);
      showToast((t) => t.success(next ? "Certificates now need every assignment passed" : "Certificates no longer need the assignments"));
      onChanged();
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="grid gap-1">
      <label className="inline-flex min-h-11 items-center gap-2">
        <input type="checkbox" checked={required} disabled={busy} onChange={(e) => void change(e.target.checked)} />
        A certificate also needs every published assignment passed
      </label>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          Could not change the rule. {failureText(error)}
        </p>
      ) : null}
    </div>
  );
}

function AssignmentDetail({ assignment: a, zone, links, onChanged, onClose }: { assignment: StaffAssignment; zone: string; links: LinkChoices; onChanged: () => void; onClose: () => void }) {
  const id = useId();
  const source = useTokenSource();
  const [editing, setEditing] = useState(false);
  const load = useCallback(() => listSubmissions(source, a.id), [source, a.id]);
  const { state, retry } = useLoad(load);
  const linked = linkText(a, links, zone);
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-4 rounded-xl border border-slate-300 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <h4 id={`${id}-title`} className="text-lg font-bold [overflow-wrap:anywhere]">
          {a.title}
        </h4>
        <div className="flex flex-wrap gap-2">
          {!editing && (
            <button type="button" className="btn-secondary min-h-10 px-3 py-1 text-sm" onClick={() => setEditing(true)}>
              Change
            </button>
          )}
          <button type="button" className="btn-secondary min-h-10 px-3 py-1 text-sm" onClick={onClose}>
            Close
          </button>
        </div>
      </div>
      {editing ? (
        <AssignmentForm
          zone={zone}
          assignment={a}
          links={links}
          onCancel={() => setEditing(false)}
          onSave={async (input) => {
            const locked = !a.editable;
            const { publishAt, ...rest } = input;
            // "Now" for one not yet out publishes it now; one already out keeps its publish time.
            const publish = publishAt ?? (a.published ? undefined : toApiTime(new Date()));
            const changes = locked ? { dueAt: input.dueAt, closed: input.closed, ...(publish ? { publishAt: publish } : {}) } : { ...rest, ...(publish ? { publishAt: publish } : {}) };
            await changeAssignment(source, a.id, changes);
            setEditing(false);
            showToast((t) => t.success(`Saved “${input.title}”`, { description: input.dueAt !== a.dueAt && locked ? "The new due time is mailed to the batch." : undefined }));
            onChanged();
          }}
        />
      ) : (
        <div className="grid gap-1 text-slate-700">
          <p>
            Due {whenInZone(a.dueAt, zone)} · {a.result === "points" ? `out of ${a.points ?? "?"} points` : "pass / needs work"}
          </p>
          <p className="[overflow-wrap:anywhere]">Goes with: {linked ?? "no lecture or live class"}</p>
        </div>
      )}
      <AttachmentsField assignment={a} onAdded={onChanged} />
      <div className="grid gap-3">
        <h5 className="font-semibold">Hand-ins</h5>
        {state.status === "loading" && <Loading text="Loading the hand-ins…" />}
        {state.status === "error" && <Failure what="Could not load the hand-ins." error={state.error} onRetry={retry} />}
        {state.status === "ready" && (
          <ConsoleTable
            caption={`Hand-ins of ${a.title}`}
            captionHidden
            columns={["Student", "Handed in", "State", { actions: <span className="sr-only">Actions</span> }]}
            rows={state.data}
            rowKey={(s) => s.id}
            empty="No student has handed in yet."
          >
            {(s) => (
              <>
                <th scope="row" className={`${td} font-semibold`}>
                  <span className="[overflow-wrap:anywhere]">{s.student}</span>
                </th>
                <td className={td}>
                  {whenInZone(s.submittedAt, zone)}
                  {s.version > 1 && <span className="block text-xs text-slate-600">version {s.version}</span>}
                </td>
                <td className={td}>
                  {s.state === "reviewed" ? (
                    <Badge tone={s.result === "needs-work" ? "amber" : "green"}>{`Reviewed: ${s.result === "needs-work" ? "needs work" : s.result === "passed" ? "passed" : `${s.result} points`}`}</Badge>
                  ) : s.late ? (
                    <Badge tone="amber">Late</Badge>
                  ) : (
                    <Badge tone="slate">To review</Badge>
                  )}
                </td>
                <td className={actionTd}>
                  <Link to={submissionLink(s.id)} className="btn-secondary min-h-10 px-3 py-1 text-sm" aria-label={`Open the hand-in of ${s.student}`}>
                    Open
                  </Link>
                </td>
              </>
            )}
          </ConsoleTable>
        )}
      </div>
    </section>
  );
}

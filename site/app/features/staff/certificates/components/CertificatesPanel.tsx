// A batch's certificates in the staff console: each linked student's lectures watched, whether they completed the
// batch (every lecture watched, or marked complete by staff for a student who finished in class), and their
// certificate; marking complete (or taking the mark away), issuing a complete student's certificate with the name to
// print, correcting that name, and revoking one with a reason, each after a confirmation. The API audits every action.
import { useCallback, useId, useRef, useState } from "react";
import { showToast } from "#app/components/Toasts";
import { verifyPath } from "#app/config/paths";
import type { StudentCompletion } from "#app/lib/api-schema";
import { certificateNameProblem, certificateNameRule, normaliseCertificateName } from "#app/lib/certificate-name";
import { useTokenSource } from "../../kit/api/token";
import { ConfirmDialog } from "../../kit/components/ConfirmDialog";
import { Email } from "../../kit/components/Email";
import { Badge, Failure, Loading } from "../../kit/components/States";
import { actionTd, ConsoleTable, td } from "../../kit/components/Table";
import { useLoad } from "../../kit/hooks/use-load";
import { getBatchCompletions, issueCertificate, renameCertificate, revokeCertificate, setCompletion } from "../api/certificates";

export const reasonLimit = 300;

type Pending = { kind: "complete" | "uncomplete" | "issue" | "rename" | "revoke"; student: StudentCompletion };

/** A `YYYY-MM-DD` day as "12 Mar 2026". */
const day = (d: string | null | undefined) =>
  d && /^\d{4}-\d{2}-\d{2}$/.test(d)
    ? new Date(`${d}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", year: "numeric", timeZone: "UTC" })
    : (d ?? "");

const smallButton = "btn-secondary min-h-10 px-3 py-1.5 text-sm";
const dangerButton = "btn min-h-10 border border-red-700 bg-white px-3 py-1.5 text-sm text-red-800 hover:bg-red-50";

/** `onChanged` is told after each action the API took (the batch's report shows completion too). */
export function CertificatesPanel({ batchId, batchName, onChanged }: { batchId: string; batchName: string; onChanged?: () => void }) {
  const token = useTokenSource();
  const load = useCallback(() => getBatchCompletions(token, batchId), [token, batchId]);
  const { state, retry, refresh } = useLoad(load);
  const [pending, setPending] = useState<Pending | null>(null);
  const ids = useId();
  const field = useRef<HTMLInputElement & HTMLTextAreaElement>(null);
  const [value, setValue] = useState("");
  const [problem, setProblem] = useState<string | null>(null);

  const open = (next: Pending) => {
    setPending(next);
    setProblem(null);
    setValue(
      next.kind === "issue" ? normaliseCertificateName(next.student.name) : next.kind === "rename" ? (next.student.certificate?.name ?? "") : "",
    );
  };

  const confirm = async (): Promise<void | false> => {
    if (!pending) return;
    const { student } = pending;
    if (pending.kind === "complete" || pending.kind === "uncomplete") {
      await setCompletion(token, batchId, student.studentId, pending.kind === "complete");
      showToast((t) => t.success(pending.kind === "complete" ? `${student.name} marked complete` : `Mark taken away from ${student.name}`));
    } else if (pending.kind === "issue" || pending.kind === "rename") {
      const wrong = certificateNameProblem(value);
      setProblem(wrong);
      if (wrong) {
        field.current?.focus();
        return false;
      }
      const name = normaliseCertificateName(value);
      const id = student.certificate?.id;
      if (pending.kind === "rename" && id) {
        const certificate = await renameCertificate(token, id, name);
        showToast((t) => t.success(`The certificate now says ${certificate.name}`, { description: certificate.id }));
      } else {
        const certificate = await issueCertificate(token, batchId, student.studentId, name);
        showToast((t) => t.success(`Certificate issued to ${certificate.name}`, { description: certificate.id }));
      }
    } else {
      const reason = value.trim();
      const wrong = !reason ? "Give the reason (it goes in the audit trail)." : reason.length > reasonLimit ? `At most ${reasonLimit} characters (${reason.length} now).` : null;
      setProblem(wrong);
      if (wrong) {
        field.current?.focus();
        return false;
      }
      const id = student.certificate?.id;
      if (!id) return;
      await revokeCertificate(token, id, reason);
      showToast((t) => t.success(`Certificate of ${student.name} revoked`, { description: id }));
    }
    refresh();
    onChanged?.();
  };

  if (state.status === "loading") return <Loading text="Loading the certificates…" />;
  if (state.status === "error") return <Failure what="Could not load the certificates." error={state.error} onRetry={retry} />;
  const { students, lecturesTotal } = state.data;
  const completed = students.filter((s) => s.complete).length;
  const issued = students.filter((s) => s.certificate).length;

  return (
    <div className="grid gap-4">
      <p className="text-slate-700">
        {completed} of {students.length} {students.length === 1 ? "student has" : "students have"} completed this batch · {issued}{" "}
        {issued === 1 ? "certificate" : "certificates"} issued. A student completes it by watching every lecture ({lecturesTotal}) or
        when you mark them complete.
      </p>
      <ConsoleTable
        caption={`Completion and certificates of ${batchName}`}
        captionHidden
        columns={["Name", "E-mail", "Watched", "Completed", "Certificate", { actions: "Actions" }]}
        rows={students}
        rowKey={(s) => s.studentId}
        empty="No student has linked this batch to an account yet."
      >
        {(s) => (
          <>
            <th scope="row" className={`${td} font-semibold text-ink`}>{s.name}</th>
            <td className={td}>{s.email ? <Email address={s.email} /> : "—"}</td>
            <td className={`${td} whitespace-nowrap`}>
              {s.lecturesWatched} of {lecturesTotal}
            </td>
            <td className={td}>
              {s.complete ? <Badge tone="green">{s.markedComplete ? "Marked complete" : "Watched all"}</Badge> : <Badge tone="slate">Not yet</Badge>}
            </td>
            <td className={td}>
              {s.certificate ? (
                <>
                  <a href={verifyPath(s.certificate.id)} target="_blank" rel="noopener" className="font-mono text-xs [overflow-wrap:anywhere] text-brand-700 underline">
                    {s.certificate.id}
                    <span className="sr-only"> (verification page, opens in a new tab)</span>
                  </a>
                  <span className="mt-1 block">
                    {s.certificate.status === "revoked" ? (
                      <Badge tone="red">Revoked {day(s.certificate.revokedOn)}</Badge>
                    ) : (
                      <Badge tone="green">Valid · issued {day(s.certificate.issuedOn)}</Badge>
                    )}
                  </span>
                  {s.certificate.status === "revoked" && s.certificate.revokedReason && (
                    <span className="mt-1 block text-xs text-slate-600">{s.certificate.revokedReason}</span>
                  )}
                </>
              ) : (
                <span className="text-slate-600">None</span>
              )}
            </td>
            <td className={actionTd}>
              <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
                {!s.complete && (
                  <button type="button" className={smallButton} onClick={() => open({ kind: "complete", student: s })} aria-label={`Mark ${s.name} complete`}>
                    Mark complete
                  </button>
                )}
                {s.markedComplete && (
                  <button type="button" className={smallButton} onClick={() => open({ kind: "uncomplete", student: s })} aria-label={`Take away ${s.name}'s complete mark`}>
                    Remove mark
                  </button>
                )}
                {s.complete && !s.certificate && (
                  <button type="button" className={smallButton} onClick={() => open({ kind: "issue", student: s })} aria-label={`Issue ${s.name}'s certificate`}>
                    Issue certificate
                  </button>
                )}
                {s.certificate?.status === "valid" && (
                  <button type="button" className={smallButton} onClick={() => open({ kind: "rename", student: s })} aria-label={`Correct the name on ${s.name}'s certificate`}>
                    Correct name
                  </button>
                )}
                {s.certificate?.status === "valid" && (
                  <button
                    type="button"
                    className={dangerButton}
                    onClick={() => open({ kind: "revoke", student: s })}
                    aria-label={`Revoke ${s.name}'s certificate`}
                  >
                    Revoke certificate
                  </button>
                )}
              </div>
            </td>
          </>
        )}
      </ConsoleTable>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(next) => !next && setPending(null)}
        tone={pending?.kind === "revoke" || pending?.kind === "uncomplete" ? "danger" : "primary"}
        initialFocus={pending?.kind === "issue" || pending?.kind === "rename" || pending?.kind === "revoke" ? field : undefined}
        {...dialogTexts(pending, batchName)}
        onConfirm={confirm}
      >
        {(pending?.kind === "issue" || pending?.kind === "rename") && (
          <>
            <label htmlFor={`${ids}-name`} className="font-semibold text-slate-900">
              Name to print
            </label>
            <input
              ref={field}
              id={`${ids}-name`}
              value={value}
              onChange={(e) => setValue(e.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={`${ids}-rule${problem ? ` ${ids}-problem` : ""}`}
              className="min-h-11 w-full rounded-lg border border-slate-400 px-3 py-2"
            />
            <p id={`${ids}-rule`} className="text-sm text-slate-600">
              {certificateNameRule}
            </p>
          </>
        )}
        {pending?.kind === "revoke" && (
          <>
            <label htmlFor={`${ids}-reason`} className="font-semibold text-slate-900">
              Reason
            </label>
            <textarea
              ref={field}
              id={`${ids}-reason`}
              value={value}
              rows={3}
              onChange={(e) => setValue(e.target.value)}
              aria-invalid={problem ? true : undefined}
              aria-describedby={`${ids}-rule${problem ? ` ${ids}-problem` : ""}`}
              className="w-full rounded-lg border border-slate-400 px-3 py-2"
            />
            <p id={`${ids}-rule`} className="text-sm text-slate-600">
              Up to {reasonLimit} characters. Kept in the audit trail and shown to the student, never on the public page.
            </p>
          </>
        )}
        {problem && (
          <p id={`${ids}-problem`} role="alert" className="text-sm font-medium text-red-700">
            {problem}
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}

function dialogTexts(pending: Pending | null, batchName: string) {
  const name = pending?.student.name ?? "";
  switch (pending?.kind) {
    case "complete":
      return {
        title: `Mark ${name} complete?`,
        description: `For a student who finished ${batchName} in class: they can then get their certificate on their Learning Portal, or you can issue it here.`,
        confirmLabel: "Mark complete",
      };
    case "uncomplete":
      return {
        title: `Take away ${name}'s complete mark?`,
        description: "They count as complete again only once they have watched every lecture. A certificate already issued stays valid: revoke it if it should not.",
        confirmLabel: "Remove mark",
      };
    case "issue":
      return {
        title: `Issue ${name}'s certificate?`,
        description: `The certificate of ${batchName}, with this name printed on it. The student finds it on their Learning Portal.`,
        confirmLabel: "Issue certificate",
      };
    case "rename":
      return {
        title: `Correct the name on ${name}'s certificate?`,
        description: `${pending.student.certificate?.id ?? "The certificate"} keeps its id and dates; its PDF is made again with this name, and its verification page shows it.`,
        confirmLabel: "Save name",
      };
    case "revoke":
      return {
        title: `Revoke ${name}'s certificate?`,
        description: `${pending.student.certificate?.id ?? "The certificate"} stops being valid at once: its verification page says revoked, with today's date.`,
        confirmLabel: "Revoke certificate",
      };
    default:
      return { title: "", description: "", confirmLabel: "" };
  }
}

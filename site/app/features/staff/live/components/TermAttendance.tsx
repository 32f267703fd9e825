// The term's attendance per student: present, absent and excused of the sessions held, and the percentage (present ÷
// (held − excused), as the server counts it), marked when below the certificate's minimum; the same as a CSV download;
// and the certificate's minimum attendance itself (off by default), set here.
import { useCallback, useId, useState, type FormEvent } from "react";
import { showToast } from "#app/components/Toasts";
import { useTokenSource } from "../../kit/api/token";
import { Badge, Failure, Loading } from "../../kit/components/States";
import { ConsoleTable, td } from "../../kit/components/Table";
import { Email } from "../../kit/components/Email";
import { fieldErrors, fieldLabel } from "../../kit/components/Field";
import { failureText } from "../../kit/format";
import { useLoad } from "../../kit/hooks/use-load";
import { exportTermAttendance, getTermAttendance, setMinimumAttendance } from "../../kit/api/live";
import { fieldBase } from "./TimetableEditor";

/** Loads once; the panel remounts it (a new `key`) after a change to attendance or the sessions. */
export function TermAttendance({ batchId, batchName }: { batchId: string; batchName: string }) {
  const token = useTokenSource();
  const load = useCallback(() => getTermAttendance(token, batchId), [token, batchId]);
  const { state, retry, refresh } = useLoad(load);
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const name = await exportTermAttendance(token, batchId);
      showToast((t) => t.success("Attendance downloaded", { description: `Saved as ${name}.` }));
    } catch (e) {
      showToast((t) => t.error("Download failed", { description: failureText(e) }));
    } finally {
      setExporting(false);
    }
  };

  if (state.status === "loading") return <Loading text="Loading the term's attendance…" />;
  if (state.status === "error") return <Failure what="Could not load the term's attendance." error={state.error} onRetry={retry} />;
  const { students, sessionsHeld } = state.data;
  const minimum = state.data.minimumPercent ?? null;
  return (
    <div className="grid grid-cols-1 gap-4">
      <MinimumForm
        key={minimum ?? "none"}
        minimum={minimum}
        onSave={async (percent) => {
          const saved = await setMinimumAttendance(token, batchId, percent);
          showToast((t) => t.success(saved == null ? "No minimum attendance" : `Certificates need ${saved} % attendance`));
          refresh();
        }}
      />
      <div className="flex flex-wrap items-center gap-4">
        <button type="button" className="btn-secondary min-h-10 px-4 py-2 text-sm" disabled={exporting} onClick={() => void exportCsv()}>
          {exporting ? "Downloading…" : "Download attendance (CSV)"}
        </button>
        <p className="text-sm text-slate-700">{sessionsHeld === 1 ? "1 session held so far." : `${sessionsHeld} sessions held so far.`}</p>
      </div>
      <ConsoleTable
        caption={`Attendance by student, ${batchName}`}
        columns={["Name", "E-mail", "Present", "Absent", "Excused", "Attendance"]}
        rows={students}
        rowKey={(s) => s.studentId}
        empty="No students with an account are in this batch yet."
      >
        {(s) => (
          <>
            <th scope="row" className={`${td} font-semibold text-ink`}>{s.name}</th>
            <td className={td}>{s.email ? <Email address={s.email} /> : "—"}</td>
            <td className={td}>{s.present}</td>
            <td className={td}>{s.absent}</td>
            <td className={td}>{s.excused}</td>
            <td className={`${td} whitespace-nowrap`}>
              {s.percent == null ? "—" : `${s.percent} %`}
              {minimum != null && s.percent != null && s.percent < minimum && (
                <span className="ml-2">
                  <Badge tone="amber">Below {minimum} %</Badge>
                </span>
              )}
            </td>
          </>
        )}
      </ConsoleTable>
    </div>
  );
}

/** The certificate's minimum attendance: a whole percent 1–100, or empty for none. */
function MinimumForm({ minimum, onSave }: { minimum: number | null; onSave: (percent: number | null) => Promise<void> }) {
  const id = useId();
  const [value, setValue] = useState(minimum == null ? "" : String(minimum));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const text = value.trim();
    if (text && !/^(100|[1-9]\d?)$/.test(text)) return setProblem("Give a whole percent from 1 to 100, or leave it empty for no minimum.");
    setProblem(null);
    setBusy(true);
    setError(null);
    try {
      await onSave(text ? Number(text) : null);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  const { invalid, fieldError, otherFailure } = fieldErrors(id, error, { percent: "The minimum" });
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Minimum attendance for the certificate" className="flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor={`${id}-percent`} className={fieldLabel}>
          Certificate needs at least (% attendance) <span className="font-normal text-slate-600">— empty: no minimum</span>
        </label>
        <input
          id={`${id}-percent`}
          type="number"
          inputMode="numeric"
          min={1}
          max={100}
          step={1}
          value={value}
          onChange={(e) => setValue(e.target.value)}
          className={`${fieldBase} w-40`}
          aria-describedby={`${id}-now`}
          {...invalid("percent")}
        />
      </div>
      <button type="submit" className="btn-secondary min-h-10 px-4 py-2 text-sm" disabled={busy}>
        {busy ? "Saving…" : "Save minimum"}
      </button>
      <p id={`${id}-now`} className="w-full text-sm text-slate-700">
        {minimum == null ? "Now: no minimum; completing the lectures earns the certificate." : `Now: at least ${minimum} % of the sessions held, besides completing the lectures.`}
      </p>
      {fieldError("percent")}
      {problem || otherFailure ? (
        <p role="alert" className="w-full text-sm font-medium text-red-700">
          {problem ?? failureText(error)}
        </p>
      ) : null}
    </form>
  );
}

// Bulk enrol: paste `name,email` lines (as a spreadsheet copies them; a header line is fine), an optional last day of
// access for all, then every line's outcome in a table.
import { useId, useState, type FormEvent } from "react";
import { showToast } from "#app/components/Toasts";
import type { BulkAnswer } from "#app/lib/api-schema";
import { bulkEnrol } from "../kit/api/enrolments";
import { useTokenSource } from "../kit/api/token";
import { bulkSummary, outcomeText } from "../bulk";
import { failureText, todayUtc } from "../kit/format";
import { ConsoleTable, td } from "../kit/components/Table";
import { Email } from "../kit/components/Email";
import { Field } from "../kit/components/Field";

export function BulkEnrol({ batchId, onEnrolled }: { batchId: string; onEnrolled: () => void }) {
  const id = useId();
  const token = useTokenSource();
  const [csv, setCsv] = useState("");
  const [accessUntil, setAccessUntil] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [answer, setAnswer] = useState<BulkAnswer | null>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const result = await bulkEnrol(token, batchId, csv, accessUntil);
      setAnswer(result);
      if (result.enrolled) onEnrolled();
      const description = bulkSummary(result);
      showToast((t) => (result.invalid ? t.warning("Bulk enrolment done", { description }) : t.success("Bulk enrolment done", { description })));
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <form onSubmit={(e) => void submit(e)} className="grid gap-4" aria-label="Enrol a list of students">
        <div>
          <label htmlFor={`${id}-csv`} className="block text-sm font-semibold text-slate-800">
            Students, one per line: name,email
          </label>
          <textarea
            id={`${id}-csv`}
            required
            rows={6}
            value={csv}
            onChange={(e) => setCsv(e.target.value)}
            placeholder={"Ayesha Khan,ayesha@example.com\nBilal Ahmed,bilal@example.com"}
            className="mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 font-mono text-sm text-ink"
          />
          <p className="mt-1 text-sm text-slate-600">Up to 1,000 lines; quote a name that holds a comma ("Khan, Ayesha"). Each student is mailed a welcome.</p>
        </div>
        <div className="flex flex-wrap items-end gap-4">
          <Field id={`${id}-until`} label={<>Access until <span className="font-normal text-slate-600">(optional)</span></>}>
            {(control) => <input {...control} type="date" min={todayUtc()} value={accessUntil} onChange={(e) => setAccessUntil(e.target.value)} className="mt-1 block rounded-lg border border-slate-400 px-3 py-2 text-base text-ink" />}
          </Field>
          <button type="submit" className="btn-primary min-h-11" disabled={busy}>
            {busy ? "Enrolling…" : "Enrol list"}
          </button>
        </div>
        {error ? (
          <p role="alert" className="font-medium text-red-700">
            Nobody was enrolled. {failureText(error)}
          </p>
        ) : null}
      </form>
      {answer && <BulkResults answer={answer} />}
    </div>
  );
}

export function BulkResults({ answer }: { answer: BulkAnswer }) {
  return (
    <div className="mt-6">
      <p role="status" className="font-semibold text-ink">
        {bulkSummary(answer)}
      </p>
      {answer.results.length > 0 && (
        <div className="mt-3">
          <ConsoleTable
            caption="Outcome of each line"
            columns={["Line", "Name", "E-mail", "Outcome"]}
            rows={answer.results}
            rowKey={(line) => line.line}
            rowProps={(line) => ({ "data-outcome": line.outcome })}
          >
            {(line) => (
              <>
                <td className={td}>{line.line}</td>
                <td className={td}>{line.name || "—"}</td>
                <td className={td}>{line.email ? <Email address={line.email} /> : "—"}</td>
                <td className={`${td} ${line.outcome === "invalid" ? "text-red-800" : line.outcome === "enrolled" ? "text-green-800" : "text-slate-700"}`}>
                  {outcomeText(line)}
                </td>
              </>
            )}
          </ConsoleTable>
        </div>
      )}
    </div>
  );
}

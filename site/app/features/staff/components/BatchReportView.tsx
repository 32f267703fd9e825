// A batch's report: per lecture (who watched it to 90 %, who started it, the average furthest point) and per student
// (lectures watched, live classes attended in percent, last activity; a revoked student keeps their row, marked revoked), and the per-student table as a
// CSV download.
import { useCallback, useState } from "react";
import { showToast } from "#app/components/Toasts";
import { exportBatchReport, getBatchReport } from "../api/report";
import { useTokenSource } from "../kit/api/token";
import { failureText, formatDuration, formatTime } from "../kit/format";
import { useLoad } from "../kit/hooks/use-load";
import { Email } from "../kit/components/Email";
import { Badge, Failure, Loading } from "../kit/components/States";
import { ConsoleTable, td } from "../kit/components/Table";

/** Loads once; the batch view remounts it (a new `key`) after a change to the batch. */
export function BatchReportView({ batchId }: { batchId: string }) {
  const token = useTokenSource();
  const load = useCallback(() => getBatchReport(token, batchId), [token, batchId]);
  const { state, retry } = useLoad(load);
  const [exporting, setExporting] = useState(false);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const name = await exportBatchReport(token, batchId);
      showToast((t) => t.success("Report downloaded", { description: `Saved as ${name}.` }));
    } catch (e) {
      showToast((t) => t.error("Download failed", { description: failureText(e) }));
    } finally {
      setExporting(false);
    }
  };

  if (state.status === "loading") return <Loading text="Loading the report…" />;
  if (state.status === "error") return <Failure what="Could not load the report." error={state.error} onRetry={retry} />;
  const report = state.data;
  return (
    <div className="grid gap-6">
      <div className="flex flex-wrap items-center gap-4">
        <button type="button" className="btn-secondary min-h-10 px-4 py-2 text-sm" disabled={exporting} onClick={() => void exportCsv()}>
          {exporting ? "Downloading…" : "Download report (CSV)"}
        </button>
        <button type="button" className="min-h-10 px-2 text-sm font-semibold text-brand-700 underline" onClick={retry}>
          Refresh report
        </button>
      </div>
      <ConsoleTable
        caption={`Report by lecture (${report.lecturesTotal})`}
        columns={["Lecture", "Title", "Watched by", "Started by", "Average furthest point"]}
        rows={report.lectures}
        rowKey={(l) => l.lectureNumber}
        empty="This batch has no recorded lectures yet."
      >
        {(l) => (
          <>
            <td className={td}>{l.lectureNumber}</td>
            <th scope="row" className={`${td} font-normal`}>{l.title}</th>
            <td className={td}>{l.watchedBy}</td>
            <td className={td}>{l.startedBy}</td>
            <td className={td}>{l.startedBy ? formatDuration(l.averageFurthestSeconds) : "—"}</td>
          </>
        )}
      </ConsoleTable>
      <ConsoleTable
        caption="Report by student"
        columns={["Name", "E-mail", "Account", "Lectures watched", "Live classes attended", report.assignments.length > 0 && "Assignments", "Last activity"]}
        rows={report.students}
        rowKey={(s, i) => s.enrolmentId ?? `${s.name}-${i}`}
        empty="No students yet."
      >
        {(s) => (
          <>
            <th scope="row" className={`${td} font-semibold text-ink`}>
              {s.name}
              {s.revokedAt != null && (
                <span className="mt-1 block text-xs font-normal text-slate-600">
                  <Badge tone="slate">Revoked</Badge> {formatTime(s.revokedAt)}
                </span>
              )}
            </th>
            <td className={td}>{s.email ? <Email address={s.email} /> : "—"}</td>
            <td className={td}>{s.accountLinked ? "Linked" : "Not linked"}</td>
            <td className={td}>
              {s.lecturesWatched} of {report.lecturesTotal}
            </td>
            <td className={td}>{s.attendancePercent == null ? "—" : `${s.attendancePercent} %`}</td>
            {report.assignments.length > 0 && (
              <td className={td}>
                {s.assignmentsDone} of {report.assignments.length} handed in, {s.assignmentsPassed} passed
              </td>
            )}
            <td className={`${td} whitespace-nowrap`}>{formatTime(s.lastActivity)}</td>
          </>
        )}
      </ConsoleTable>
    </div>
  );
}

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
import { Badge, Empty, Failure, Loading, ScrollTable, td, th } from "../kit/components/States";

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
      {report.lectures.length === 0 ? (
        <Empty>This batch has no recorded lectures yet.</Empty>
      ) : (
        <ScrollTable caption={`Report by lecture (${report.lecturesTotal})`}>
          <thead>
            <tr>
              <th scope="col" className={th}>Lecture</th>
              <th scope="col" className={th}>Title</th>
              <th scope="col" className={th}>Watched by</th>
              <th scope="col" className={th}>Started by</th>
              <th scope="col" className={th}>Average furthest point</th>
            </tr>
          </thead>
          <tbody>
            {report.lectures.map((l) => (
              <tr key={l.lectureNumber}>
                <td className={td}>{l.lectureNumber}</td>
                <th scope="row" className={`${td} font-normal`}>{l.title}</th>
                <td className={td}>{l.watchedBy}</td>
                <td className={td}>{l.startedBy}</td>
                <td className={td}>{l.startedBy ? formatDuration(l.averageFurthestSeconds) : "—"}</td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
      {report.students.length === 0 ? (
        <Empty>No students yet.</Empty>
      ) : (
        <ScrollTable caption="Report by student">
          <thead>
            <tr>
              <th scope="col" className={th}>Name</th>
              <th scope="col" className={th}>E-mail</th>
              <th scope="col" className={th}>Account</th>
              <th scope="col" className={th}>Lectures watched</th>
              <th scope="col" className={th}>Live classes attended</th>
              {report.assignments.length > 0 && <th scope="col" className={th}>Assignments</th>}
              <th scope="col" className={th}>Last activity</th>
            </tr>
          </thead>
          <tbody>
            {report.students.map((s, i) => (
              <tr key={s.enrolmentId ?? `${s.name}-${i}`}>
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
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </div>
  );
}

// The term's attendance per student: present of the sessions held (excused ones not counted against them) and the
// percentage, with the certificate's minimum beside it when the batch has one; the same as a CSV download.
import { useCallback, useState } from "react";
import { showToast } from "../../../../components/Toasts";
import { useTokenSource } from "../../api/token";
import { Badge, Empty, Failure, Loading, ScrollTable, td, th } from "../../components/States";
import { Email } from "../../components/Email";
import { failureText } from "../../format";
import { useLoad } from "../../hooks/use-load";
import { exportTermAttendance, getTermAttendance } from "../api/live";

/** Loads once; the panel remounts it (a new `key`) after a change to attendance or the sessions. */
export function TermAttendance({ batchId, batchName, minimum }: { batchId: string; batchName: string; minimum: number | null }) {
  const token = useTokenSource();
  const load = useCallback(() => getTermAttendance(token, batchId), [token, batchId]);
  const { state, retry } = useLoad(load);
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
  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-center gap-4">
        <button type="button" className="btn-secondary min-h-10 px-4 py-2 text-sm" disabled={exporting} onClick={() => void exportCsv()}>
          {exporting ? "Downloading…" : "Download attendance (CSV)"}
        </button>
        <p className="text-sm text-slate-700">
          {minimum == null ? "The certificate needs no minimum attendance." : `The certificate needs at least ${minimum} % attendance.`}
        </p>
      </div>
      {state.data.length === 0 ? (
        <Empty>No students yet.</Empty>
      ) : (
        <ScrollTable caption={`Attendance by student, ${batchName}`}>
          <thead>
            <tr>
              <th scope="col" className={th}>Name</th>
              <th scope="col" className={th}>E-mail</th>
              <th scope="col" className={th}>Present</th>
              <th scope="col" className={th}>Attendance</th>
            </tr>
          </thead>
          <tbody>
            {state.data.map((s) => (
              <tr key={s.enrolmentId}>
                <th scope="row" className={`${td} font-semibold text-ink`}>{s.name}</th>
                <td className={td}>
                  <Email address={s.email} />
                </td>
                <td className={`${td} whitespace-nowrap`}>
                  {s.present} of {s.counted}
                  {s.excused ? <span className="block text-xs text-slate-600">{s.excused} excused</span> : null}
                </td>
                <td className={`${td} whitespace-nowrap`}>
                  {s.percent == null ? "—" : `${Math.round(s.percent)} %`}
                  {minimum != null && s.percent != null && s.percent < minimum && (
                    <span className="ml-2">
                      <Badge tone="amber">Below {minimum} %</Badge>
                    </span>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </ScrollTable>
      )}
    </div>
  );
}

// Who attended one session: each student of the batch, when they pressed Join (first time, in the batch's zone),
// and their mark, which staff can correct (present, absent, excused; audited by the server). Opens under the sessions.
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { showToast } from "../../../../components/Toasts";
import { formatClock, formatShortDay, zoneName } from "../../../../lib/demo-time";
import { sessionShort } from "../../../../lib/class-time";
import { useTokenSource } from "../../api/token";
import { Email } from "../../components/Email";
import { Empty, Failure, Loading, ScrollTable, td, th } from "../../components/States";
import { failureText } from "../../format";
import { useLoad } from "../../hooks/use-load";
import { getAttendance, markAttendance, type AttendanceMark, type AttendanceRow, type StaffSession } from "../api/live";
import { fieldInput } from "./TimetableEditor";

const marks: { value: AttendanceMark; label: string }[] = [
  { value: "present", label: "Present" },
  { value: "absent", label: "Absent" },
  { value: "excused", label: "Excused" },
];

export function SessionAttendance({ session, zone, onClose, onChanged }: { session: StaffSession; zone: string; onClose: () => void; onChanged: () => void }) {
  const token = useTokenSource();
  const id = useId();
  const heading = useRef<HTMLHeadingElement>(null);
  const load = useCallback(() => getAttendance(token, session.id), [token, session.id]);
  const { state, retry } = useLoad(load);
  const [rows, setRows] = useState<Record<string, AttendanceRow>>({});
  const [saving, setSaving] = useState<string | null>(null);
  const when = sessionShort(session, zone);

  useEffect(() => heading.current?.focus(), [session.id]);

  const mark = async (row: AttendanceRow, status: AttendanceMark) => {
    setSaving(row.enrolmentId);
    try {
      const saved = await markAttendance(token, session.id, row.enrolmentId, status);
      setRows((r) => ({ ...r, [row.enrolmentId]: { ...row, ...saved, status: saved?.status ?? status } }));
      showToast((t) => t.success("Attendance saved", { description: `${row.name}: ${status}.` }));
      onChanged();
    } catch (e) {
      showToast((t) => t.error("Could not save the attendance", { description: failureText(e) }));
    } finally {
      setSaving(null);
    }
  };

  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-slate-200 p-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h4 id={`${id}-title`} ref={heading} tabIndex={-1} className="text-lg font-semibold text-ink">
          Attendance: {when}
        </h4>
        <button type="button" className="btn-secondary min-h-10 px-3 py-1.5 text-sm" onClick={onClose}>
          Close attendance
        </button>
      </div>
      {state.status === "loading" && <Loading text="Loading the attendance…" />}
      {state.status === "error" && <Failure what="Could not load the attendance." error={state.error} onRetry={retry} />}
      {state.status === "ready" && state.data.length === 0 && <Empty>No students are enrolled in this batch.</Empty>}
      {state.status === "ready" && state.data.length > 0 && (
        <div className="mt-3">
          <ScrollTable caption={`Attendance of ${when}`} captionHidden>
            <thead>
              <tr>
                <th scope="col" className={th}>Name</th>
                <th scope="col" className={th}>E-mail</th>
                <th scope="col" className={th}>Joined ({zoneName(zone)})</th>
                <th scope="col" className={th}>Mark</th>
              </tr>
            </thead>
            <tbody>
              {state.data.map((original) => {
                const row = rows[original.enrolmentId] ?? original;
                return (
                  <tr key={row.enrolmentId}>
                    <th scope="row" className={`${td} font-semibold text-ink`}>{row.name}</th>
                    <td className={td}>
                      <Email address={row.email} />
                    </td>
                    <td className={`${td} whitespace-nowrap`}>
                      {row.joinedAt ? `${formatShortDay(row.joinedAt, zone)}, ${formatClock(row.joinedAt, zone)}` : "Did not join"}
                    </td>
                    <td className={td}>
                      <select
                        aria-label={`Mark for ${row.name}`}
                        value={row.status}
                        disabled={saving === row.enrolmentId}
                        onChange={(e) => void mark(row, e.target.value as AttendanceMark)}
                        className={`${fieldInput} mt-0 min-h-10 w-auto`}
                      >
                        {marks.map((m) => (
                          <option key={m.value} value={m.value}>
                            {m.label}
                          </option>
                        ))}
                      </select>
                      {row.corrected && <span className="mt-1 block text-xs text-slate-600">Corrected by staff</span>}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </ScrollTable>
        </div>
      )}
    </section>
  );
}

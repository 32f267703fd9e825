// Who attended one session: each student of the batch, when they first pressed Join (in the batch's zone) and what
// counts (present once joined, else absent), which staff can correct (present, absent, excused) or give back to the
// joins; the server audits every correction. Opens under the sessions, its heading focused.
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { showToast } from "#app/components/Toasts";
import { formatClock, formatShortDay, zoneName } from "#app/lib/demo-time";
import { sessionShort } from "#app/lib/class-time";
import { useTokenSource } from "../../kit/api/token";
import { Email } from "../../kit/components/Email";
import { Empty, Failure, Loading } from "../../kit/components/States";
import { ConsoleTable, td } from "../../kit/components/Table";
import { failureText } from "../../kit/format";
import { useLoad } from "../../kit/hooks/use-load";
import { getAttendance, markAttendance, type AttendanceMark, type AttendanceRow, type StaffSession } from "../../kit/api/live";
import { fieldBase } from "./TimetableEditor";

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

  const mark = async (row: AttendanceRow, next: AttendanceMark | null) => {
    setSaving(row.studentId);
    try {
      const saved = await markAttendance(token, session.id, row.studentId, next);
      setRows((r) => ({ ...r, [row.studentId]: saved }));
      showToast((t) => t.success("Attendance saved", { description: `${row.name}: ${saved.attendance}${saved.mark ? "" : " (as joined)"}.` }));
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
      {state.status === "ready" && state.data.students.length === 0 && <Empty>No students with an account are in this batch yet.</Empty>}
      {state.status === "ready" && state.data.students.length > 0 && (
        <div className="mt-3">
          <ConsoleTable
            caption={`Attendance of ${when}`}
            captionHidden
            columns={["Name", "E-mail", `Joined (${zoneName(zone)})`, "Attendance"]}
            rows={state.data.students}
            rowKey={(original) => original.studentId}
          >
            {(original) => {
              const row = rows[original.studentId] ?? original;
              const busy = saving === row.studentId;
              return (
                <>
                  <th scope="row" className={`${td} font-semibold text-ink`}>{row.name}</th>
                  <td className={td}>{row.email ? <Email address={row.email} /> : "—"}</td>
                  <td className={`${td} whitespace-nowrap`}>
                    {row.joinedAt ? `${formatShortDay(row.joinedAt, zone)}, ${formatClock(row.joinedAt, zone)}` : "Did not join"}
                  </td>
                  <td className={td}>
                    <div className="flex flex-wrap items-center gap-2">
                      <select
                        aria-label={`Attendance of ${row.name}`}
                        value={row.attendance}
                        disabled={busy}
                        onChange={(e) => void mark(row, e.target.value as AttendanceMark)}
                        className={`${fieldBase} mt-0 min-h-10`}
                      >
                        {marks.map((m) => (
                          <option key={m.value} value={m.value}>
                            {m.label}
                          </option>
                        ))}
                      </select>
                      {row.mark ? (
                        <button type="button" className="min-h-10 px-2 text-sm font-semibold text-brand-700 underline" disabled={busy} onClick={() => void mark(row, null)}>
                          As joined <span className="sr-only">for {row.name}</span>
                        </button>
                      ) : null}
                    </div>
                    <span className="mt-1 block text-xs text-slate-600">
                      {row.mark ? `Corrected${row.markedBy ? ` by ${row.markedBy}` : ""}` : "As joined"}
                    </span>
                  </td>
                </>
              );
            }}
          </ConsoleTable>
        </div>
      )}
    </section>
  );
}

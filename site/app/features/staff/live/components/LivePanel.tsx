// A batch's live classes in the console: the timetable editor, the sessions (with one session's attendance under
// them when opened) and the term's attendance per student. The timetable and the sessions load together; saving the
// timetable shows the sessions the server generated (and the batch's public schedule, which the batches' list shows
// too: `onChanged` tells the page); any change to a session or a mark reloads the term's attendance.
import { useCallback, useId, useState } from "react";
import { showToast } from "#app/components/Toasts";
import type { Batch } from "#app/lib/api-schema";
import { DEFAULT_CLASS_ZONE } from "#app/lib/class-time";
import { useTokenSource } from "../../kit/api/token";
import { Failure, Loading } from "../../kit/components/States";
import { useLoad } from "../../kit/hooks/use-load";
import { listLectures } from "../../kit/api/lectures";
import { getTimetable, saveTimetable, type StaffSession, type TimetableAnswer, type TimetableRequest } from "../../kit/api/live";
import { SessionAttendance } from "./SessionAttendance";
import { SessionsTable } from "./SessionsTable";
import { TermAttendance } from "./TermAttendance";
import { TimetableEditor } from "./TimetableEditor";

export function LivePanel({ batch, onChanged }: { batch: Pick<Batch, "_id" | "name" | "startDate" | "endDate">; onChanged?: () => void }) {
  const token = useTokenSource();
  const id = useId();
  const batchId = batch._id;
  const load = useCallback(async () => {
    // The lectures are offered as recordings; without them the sessions still show.
    const [answer, lectures] = await Promise.all([getTimetable(token, batchId), listLectures(token, batchId).catch(() => null)]);
    return { answer, lectures };
  }, [token, batchId]);
  const { state, retry } = useLoad(load);
  const [saved, setSaved] = useState<TimetableAnswer | null>(null);
  const [changes, setChanges] = useState<Record<string, StaffSession>>({});
  const [attendanceOf, setAttendanceOf] = useState<StaffSession | null>(null);
  const [termVersion, setTermVersion] = useState(0);

  if (state.status === "loading") return <Loading text="Loading the timetable…" />;
  if (state.status === "error") return <Failure what="Could not load the timetable." error={state.error} onRetry={retry} />;

  const { answer } = state.data;
  const timetable = (saved ?? answer).timetable ?? null;
  const base = (saved ?? answer).sessions;
  const ids = new Set(base.map((s) => s.id));
  const sessions = [...base.map((s) => changes[s.id] ?? s), ...Object.values(changes).filter((s) => !ids.has(s.id))];
  const zone = timetable?.timeZone || DEFAULT_CLASS_ZONE;
  const changed = () => {
    setTermVersion((n) => n + 1);
    onChanged?.();
  };

  const save = async (next: TimetableRequest) => {
    const done = await saveTimetable(token, batchId, next);
    const generated = done.sessions;
    setSaved(done);
    setChanges({});
    setAttendanceOf(null);
    changed();
    showToast((t) => t.success("Timetable saved", { description: `${generated.length} sessions in the term.` }));
  };

  return (
    <div className="grid grid-cols-1 gap-8">
      <section aria-labelledby={`${id}-timetable`}>
        <h4 id={`${id}-timetable`} className="mb-3 text-lg font-semibold">
          Timetable
        </h4>
        <TimetableEditor timetable={timetable} term={batch} onSave={save} />
      </section>
      <section aria-labelledby={`${id}-sessions`}>
        <h4 id={`${id}-sessions`} className="mb-3 text-lg font-semibold">
          Sessions
        </h4>
        {saved && (
          <p role="status" className="mb-3 font-medium text-emerald-700">
            Timetable saved: {saved.sessions.length} sessions in the term.
          </p>
        )}
        <SessionsTable
          batchId={batchId}
          batchName={batch.name}
          zone={zone}
          sessions={sessions}
          lectures={state.data.lectures}
          onChanged={(s) => {
            setChanges((c) => ({ ...c, [s.id]: s }));
            changed();
          }}
          onAttendance={setAttendanceOf}
        />
        {attendanceOf && (
          <div className="mt-4">
            <SessionAttendance key={attendanceOf.id} session={attendanceOf} zone={zone} onClose={() => setAttendanceOf(null)} onChanged={changed} />
          </div>
        )}
      </section>
      <section aria-labelledby={`${id}-term`}>
        <h4 id={`${id}-term`} className="mb-3 text-lg font-semibold">
          Attendance this term
        </h4>
        <TermAttendance key={termVersion} batchId={batchId} batchName={batch.name} />
      </section>
    </div>
  );
}

// A batch's sessions: when (the batch's zone, the staff member's own beside it when it differs), length, status
// (cancelled with its reason, one-off), the recording lecture and how many attended; Attendance (who joined, and
// corrections), Move (a new start; students mailed once), Cancel with a reason (students mailed once) and Recording
// (attach a lecture of the batch, or none; or upload a video from the session itself: a lecture titled after the
// session is added, its file sent in parts by the Lectures section's uploader, then attached), each confirmed in a
// dialog. "Add a one-off session" above the list.
import { useEffect, useId, useMemo, useRef, useState, type FormEvent } from "react";
import { showToast } from "#app/components/Toasts";
import { endMs, sessionShort } from "#app/lib/class-time";
import { apiTimeToZoned, formatShortDay, knownZone, visitorZone, zonedToApiTime, zoneName } from "#app/lib/demo-time";
import { ApiError } from "#app/lib/api-client";
import type { StaffLecture } from "#app/lib/api-schema";
import { useTokenSource } from "../../kit/api/token";
import { ConfirmDialog } from "../../kit/components/ConfirmDialog";
import { FormButtons } from "../../kit/components/FormButtons";
import { Field, fieldErrors, fieldLabel } from "../../kit/components/Field";
import { Badge } from "../../kit/components/States";
import { actionTd, ConsoleTable, td } from "../../kit/components/Table";
import { failureText } from "../../kit/format";
import { addLecture, listLectures, POLL_MS } from "../../kit/api/lectures";
import { LectureUploader } from "../../kit/upload/LectureUploader";
import { addSession, changeSession, type StaffSession } from "../../kit/api/live";
import { fieldBase, fieldInput } from "./TimetableEditor";

export const REASON_LIMIT = 300;
type Pending = { kind: "cancel" | "move" | "recording"; session: StaffSession };
type Show = "upcoming" | "past" | "all";
type RecordingMode = "attach" | "upload";

/** The title of a recording uploaded from a session: "Live class — Sun, 29 Mar 2026" (the day in the batch's zone). */
export const liveClassTitle = (session: Pick<StaffSession, "startsAt">, zone: string) => `Live class — ${formatShortDay(session.startsAt, zone)}`;

/** What the dialog says of an uploaded recording once it is attached. */
function processingText(lecture: StaffLecture): string {
  if (lecture.state === "ready") return "Ready: students can watch it now.";
  if (lecture.state === "failed") return `Processing failed${lecture.failure ? `: ${lecture.failure}` : ""}. Retry it under Lectures.`;
  return `Processing ${lecture.percent ?? 0} %: students can watch it when processing ends.`;
}

interface SessionsTableProps {
  batchId: string;
  batchName: string;
  zone: string;
  sessions: StaffSession[];
  lectures: StaffLecture[] | null;
  /** A session the API answered after a change (or a new one). */
  onChanged: (session: StaffSession) => void;
  onAttendance: (session: StaffSession) => void;
}

export function SessionsTable({ batchId, batchName, zone, sessions, lectures, onChanged, onAttendance }: SessionsTableProps) {
  const token = useTokenSource();
  const id = useId();
  const [own] = useState(() => knownZone(visitorZone()));
  const [show, setShow] = useState<Show>("upcoming");
  const [adding, setAdding] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const [reason, setReason] = useState("");
  const [moveTo, setMoveTo] = useState("");
  const [lecture, setLecture] = useState("");
  const [problem, setProblem] = useState<string | null>(null);
  // Uploading from the session: the lecture added for it, whether its parts are on their way, the lecture as the
  // upload (then the processing polls) answered it, and whether the session has it as its recording.
  const [mode, setMode] = useState<RecordingMode>("attach");
  const [made, setMade] = useState<StaffLecture | null>(null);
  const [sending, setSending] = useState(false);
  const [uploaded, setUploaded] = useState<StaffLecture | null>(null);
  const [attached, setAttached] = useState(false);
  const [uploadProblem, setUploadProblem] = useState<string | null>(null);
  const [added, setAdded] = useState<StaffLecture[]>([]);
  const uploaderBox = useRef<HTMLDivElement>(null);
  const field = useRef<HTMLTextAreaElement & HTMLInputElement & HTMLSelectElement>(null);
  const [now] = useState(() => Date.now());

  const shown = useMemo(() => {
    const sorted = [...sessions].sort((a, b) => Date.parse(a.startsAt) - Date.parse(b.startsAt));
    if (show === "all") return sorted;
    return sorted.filter((s) => (show === "past" ? endMs(s) <= now : endMs(s) > now));
  }, [sessions, show, now]);
  const otherZone = own !== zone;

  const open = (next: Pending) => {
    setPending(next);
    setProblem(null);
    setReason("");
    setMoveTo(apiTimeToZoned(next.session.startsAt, zone));
    setLecture(next.session.recording ? String(next.session.recording.lectureNumber) : "");
    setMode("attach");
    setMade(null);
    setSending(false);
    setUploaded(null);
    setAttached(false);
    setUploadProblem(null);
  };

  const offered = useMemo(
    () => [...(lectures ?? []).filter((l) => !added.some((a) => a.id === l.id)), ...added].sort((a, b) => a.lectureNumber - b.lectureNumber),
    [lectures, added],
  );
  const keep = (l: StaffLecture) => setAdded((list) => [...list.filter((a) => a.id !== l.id), l]);

  // The lecture just added: its file is chosen next.
  useEffect(() => {
    if (made) uploaderBox.current?.querySelector<HTMLButtonElement>("button")?.focus();
  }, [made]);

  // The attached recording's processing, read again every few seconds while the dialog shows it.
  const processingId = pending && attached && uploaded?.state === "processing" ? uploaded.id : null;
  useEffect(() => {
    if (!processingId) return;
    let live = true;
    const timer = setTimeout(() => {
      listLectures(token, batchId).then(
        (list) => {
          const now = list.find((l) => l.id === processingId);
          if (live && now) {
            setUploaded(now);
            keep(now);
          }
        },
        () => live && setUploaded((u) => (u ? { ...u } : u)),
      );
    }, POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [processingId, uploaded, token, batchId]);

  /** Sets the uploaded lecture as the session's recording. */
  const attach = async (session: StaffSession, done: StaffLecture) => {
    setUploadProblem(null);
    onChanged(await changeSession(token, session.id, { recording: done.lectureNumber }));
    setAttached(true);
    showToast((t) => t.success(`Lecture ${done.lectureNumber} uploaded and attached`, { description: "It is watchable once processing ends." }));
  };

  const uploadedFile = (session: StaffSession, done: StaffLecture) => {
    setSending(false);
    setUploaded(done);
    keep(done);
    attach(session, done).catch((failure: unknown) => setUploadProblem(`${failureText(failure)} The file is sent; attach the lecture again.`));
  };

  const confirm = async (): Promise<void | false> => {
    if (!pending) return;
    const { session } = pending;
    const stop = (text: string) => {
      setProblem(text);
      field.current?.focus();
      return false as const;
    };
    if (pending.kind === "cancel") {
      if (!reason.trim()) return stop("Give the reason: students read it.");
      if (reason.trim().length > REASON_LIMIT) return stop(`The reason is at most ${REASON_LIMIT} characters.`);
      onChanged(await changeSession(token, session.id, { status: "cancelled", reason: reason.trim() }));
      showToast((t) => t.success("Session cancelled", { description: `${batchName}'s students are mailed once.` }));
    } else if (pending.kind === "move") {
      const startsAt = zonedToApiTime(moveTo, zone);
      if (!startsAt) return stop("Give the new date and time.");
      onChanged(await changeSession(token, session.id, { startsAt }));
      showToast((t) => t.success("Session moved", { description: `${batchName}'s students are mailed once.` }));
    } else if (mode === "upload") {
      if (!made) {
        const lecture = await addLecture(token, batchId, { title: liveClassTitle(session, zone) });
        setMade(lecture);
        keep(lecture);
        return false;
      }
      if (attached) return;
      if (sending) {
        setUploadProblem("Wait until the file is sent: the lecture is attached then.");
        return false;
      }
      if (!uploaded) {
        setUploadProblem("Choose the video file first: the lecture is attached once it is sent.");
        uploaderBox.current?.querySelector<HTMLButtonElement>("button")?.focus();
        return false;
      }
      await attach(session, uploaded);
      return false;
    } else {
      const lectureNumber = lecture ? Number(lecture) : null;
      onChanged(await changeSession(token, session.id, { recording: lectureNumber }));
      showToast((t) => t.success(lectureNumber == null ? "Recording removed from the session" : `Lecture ${lectureNumber} attached`));
    }
  };

  const recordingTitle = (s: StaffSession) => (s.recording ? `Lecture ${s.recording.lectureNumber}: ${s.recording.title}` : null);
  const small = "btn-secondary min-h-10 px-3 py-1.5 text-sm";
  const danger = "btn min-h-10 border border-red-700 bg-white px-3 py-1.5 text-sm text-red-800 hover:bg-red-50";

  return (
    <div className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-end gap-4">
        <Field id={`${id}-show`} label="Show">
          {(control) => (
            <select {...control} value={show} onChange={(e) => setShow(e.target.value as Show)} className={`${fieldBase} min-h-10`}>
              <option value="upcoming">Upcoming and under way</option>
              <option value="past">Past</option>
              <option value="all">The whole term</option>
            </select>
          )}
        </Field>
        {!adding && (
          <button type="button" className="btn-secondary min-h-10 px-4 py-2 text-sm" onClick={() => setAdding(true)}>
            Add a one-off session
          </button>
        )}
      </div>
      {adding && (
        <OneOffForm
          zone={zone}
          onCancel={() => setAdding(false)}
          onSubmit={async (body) => {
            const made = await addSession(token, batchId, body);
            onChanged(made);
            setAdding(false);
            setShow("upcoming");
            showToast((t) => t.success("Session added", { description: `${batchName}'s students are mailed once.` }));
          }}
        />
      )}
      <ConsoleTable
        caption={`Sessions of ${batchName} (${zoneName(zone)})`}
        columns={[`When (${zoneName(zone)})`, otherZone && `Your time (${zoneName(own)})`, "Status", "Recording", "Attended", { actions: "Actions" }]}
        rows={shown}
        rowKey={(s) => s.id}
        rowProps={(s) => ({ "data-session-id": s.id })}
        empty={sessions.length === 0 ? "No sessions yet: save the timetable or add a one-off session." : "No sessions to show here."}
      >
        {(s) => {
          const when = sessionShort(s, zone);
          const cancelled = s.status === "cancelled";
          const started = Date.parse(s.startsAt) <= now;
          return (
            <>
              <th scope="row" className={`${td} font-semibold whitespace-nowrap text-ink`}>
                {when}
              </th>
              {otherZone && <td className={`${td} whitespace-nowrap`}>{sessionShort(s, own)}</td>}
              <td className={td}>
                {cancelled ? <Badge tone="red">Cancelled</Badge> : <Badge tone={started ? "slate" : "green"}>{started ? "Held" : "Scheduled"}</Badge>}
                {s.extra && (
                  <span className="ml-1">
                    <Badge tone="amber">One-off</Badge>
                  </span>
                )}
                {cancelled && s.reason && <span className="mt-1 block text-xs text-slate-600">{s.reason}</span>}
              </td>
              <td className={td}>{recordingTitle(s) ?? "—"}</td>
              <td className={td}>{cancelled ? "—" : s.attended}</td>
              <td className={actionTd}>
                <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
                  <button type="button" className={small} onClick={() => onAttendance(s)} aria-label={`Attendance of ${when}`}>
                    Attendance
                  </button>
                  <button type="button" className={small} onClick={() => open({ kind: "recording", session: s })} aria-label={`Recording of ${when}`}>
                    Recording
                  </button>
                  {!cancelled && !started && (
                    <>
                      <button type="button" className={small} onClick={() => open({ kind: "move", session: s })} aria-label={`Move ${when}`}>
                        Move
                      </button>
                      <button type="button" className={danger} onClick={() => open({ kind: "cancel", session: s })} aria-label={`Cancel ${when}`}>
                        Cancel
                      </button>
                    </>
                  )}
                </div>
              </td>
            </>
          );
        }}
      </ConsoleTable>
      <ConfirmDialog
        open={pending !== null}
        onOpenChange={(o) => !o && !sending && setPending(null)}
        title={
          pending?.kind === "cancel"
            ? `Cancel the session of ${sessionShort(pending.session, zone)}?`
            : pending?.kind === "move"
              ? `Move the session of ${pending ? sessionShort(pending.session, zone) : ""}?`
              : `The recording of ${pending ? sessionShort(pending.session, zone) : ""}`
        }
        description={
          pending?.kind === "cancel"
            ? "Students are mailed once with the reason; their calendars show the session as cancelled."
            : pending?.kind === "move"
              ? `Give the new start in ${zoneName(zone)}. Students are mailed once; their calendars move the session.`
              : "Students see 'Watch the recording' on this session, through the lecture's signed link."
        }
        confirmLabel={
          pending?.kind === "cancel"
            ? "Cancel session"
            : pending?.kind === "move"
              ? "Move session"
              : mode === "attach"
                ? "Save recording"
                : !made
                  ? "Add the lecture"
                  : attached
                    ? "Close"
                    : `Attach lecture ${made.lectureNumber}`
        }
        tone={pending?.kind === "cancel" ? "danger" : "primary"}
        initialFocus={field}
        onConfirm={confirm}
      >
        {pending?.kind === "cancel" && (
          <>
            <label htmlFor={`${id}-reason`} className={fieldLabel}>
              Reason <span className="font-normal text-slate-600">(up to {REASON_LIMIT} characters)</span>
            </label>
            <textarea
              ref={field}
              id={`${id}-reason`}
              rows={3}
              maxLength={REASON_LIMIT}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              className={fieldInput}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-problem` : undefined}
            />
          </>
        )}
        {pending?.kind === "move" && (
          <>
            <label htmlFor={`${id}-move`} className={fieldLabel}>
              New start ({zoneName(zone)})
            </label>
            <input
              ref={field}
              id={`${id}-move`}
              type="datetime-local"
              step={300}
              value={moveTo}
              onChange={(e) => setMoveTo(e.target.value)}
              className={fieldInput}
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-problem` : undefined}
            />
          </>
        )}
        {pending?.kind === "recording" && (
          <>
            <fieldset>
              <legend className={fieldLabel}>The recording</legend>
              <div className="mt-1 flex flex-col gap-1">
                <label className="flex min-h-10 items-center gap-2 text-slate-800">
                  <input
                    ref={mode === "attach" ? field : undefined}
                    type="radio"
                    name={`${id}-mode`}
                    value="attach"
                    checked={mode === "attach"}
                    disabled={made !== null}
                    onChange={() => setMode("attach")}
                    className="size-4"
                  />
                  A lecture of the batch
                </label>
                <label className="flex min-h-10 items-center gap-2 text-slate-800">
                  <input type="radio" name={`${id}-mode`} value="upload" checked={mode === "upload"} onChange={() => setMode("upload")} className="size-4" />
                  Upload a video file
                </label>
              </div>
            </fieldset>
            {mode === "attach" ? (
              <>
                <label htmlFor={`${id}-lecture`} className={fieldLabel}>
                  Lecture
                </label>
                <select id={`${id}-lecture`} value={lecture} onChange={(e) => setLecture(e.target.value)} className={fieldInput}>
                  <option value="">No recording</option>
                  {offered.map((l) => (
                    <option key={l.lectureNumber} value={l.lectureNumber}>
                      Lecture {l.lectureNumber}: {l.title}
                      {l.published ? "" : " (unpublished)"}
                    </option>
                  ))}
                </select>
              </>
            ) : !made ? (
              <p className="text-sm text-slate-700">
                Adds the lecture “{liveClassTitle(pending.session, zone)}” to the batch (next number, under Lectures too), then you choose its video file;
                once the file is sent the lecture becomes this session's recording.
              </p>
            ) : (
              <div ref={uploaderBox} className="grid gap-2">
                <p role="status" className="text-sm text-slate-800">
                  {attached && uploaded ? (
                    <>
                      Lecture {made.lectureNumber} “{made.title}” is this session's recording. {processingText(uploaded)}
                    </>
                  ) : (
                    <>
                      Lecture {made.lectureNumber} “{made.title}” added. {uploaded ? "File sent; attaching it…" : "Choose its video file."}
                    </>
                  )}
                </p>
                {!attached && (
                  <LectureUploader batchId={batchId} lecture={made} onUploaded={(done) => uploadedFile(pending.session, done)} onSendingChange={setSending} />
                )}
                {sending && !attached && <p className="text-sm font-medium text-slate-800">Keep this dialog open until the file is sent.</p>}
                {uploadProblem && (
                  <p role="alert" className="text-sm font-medium text-red-700">
                    {uploadProblem}
                  </p>
                )}
              </div>
            )}
          </>
        )}
        {problem && (
          <p id={`${id}-problem`} className="text-sm font-medium text-red-700">
            {problem}
          </p>
        )}
      </ConfirmDialog>
    </div>
  );
}

/** A one-off extra session: its start in the batch's zone and its length. */
function OneOffForm({ zone, onSubmit, onCancel }: { zone: string; onSubmit: (body: { startsAt: string; minutes: number }) => Promise<void>; onCancel: () => void }) {
  const id = useId();
  const [start, setStart] = useState("");
  const [minutes, setMinutes] = useState("60");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const startsAt = zonedToApiTime(start, zone);
    if (!startsAt) return setError(new ApiError(400, "Bad Request", "Give the start's date and time.", { fields: { startsAt: "is required" } }));
    setBusy(true);
    setError(null);
    try {
      await onSubmit({ startsAt, minutes: Number(minutes) });
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  const errors = fieldErrors(id, error, { startsAt: "Start", minutes: "Length" });
  const { otherFailure } = errors;
  return (
    <form onSubmit={(e) => void submit(e)} noValidate aria-label="Add a one-off session" className="grid grid-cols-1 gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-2">
      <Field id={`${id}-start`} label={`Starts (${zoneName(zone)})`} errors={errors} name="startsAt">
        {(control) => <input type="datetime-local" step={60} required value={start} onChange={(e) => setStart(e.target.value)} className={fieldInput} {...control} />}
      </Field>
      <Field id={`${id}-minutes`} label="Length (minutes)" errors={errors} name="minutes">
        {(control) => (
          <input
            type="number"
            inputMode="numeric"
            min={15}
            max={300}
            step={5}
            required
            value={minutes}
            onChange={(e) => setMinutes(e.target.value)}
            className={fieldInput}
            {...control}
          />
        )}
      </Field>
      {otherFailure ? (
        <p role="alert" className="font-medium text-red-700 sm:col-span-2">
          {failureText(error)}
        </p>
      ) : null}
      <FormButtons label="Add session" busyLabel="Adding…" busy={busy} onCancel={onCancel} />
    </form>
  );
}

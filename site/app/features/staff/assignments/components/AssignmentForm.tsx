// Post or change an assignment: title, instructions (Markdown, with a preview), due date and time in the batch's time
// zone, pass / needs work or points, publish now or at a set time, whether it closes at the due time, and optionally
// the lecture or the live class of the batch it goes with ("None" clears a link). Once a student has handed in, only
// the due time, publishing and closing can change (a changed due time mails the batch once).
import { useId, useState, type FormEvent } from "react";
import { zoneOffsetLabel } from "#app/lib/class-time";
import { apiTimeToZoned, zonedToApiTime, zoneName, zoneTitle } from "#app/lib/demo-time";
import { failureText } from "../../kit/format";
import { Field, fieldErrors } from "../../kit/components/Field";
import { FormButtons } from "../../kit/components/FormButtons";
import type { StaffAssignment } from "../api/types";
import { lectureText, NO_CHOICES, sessionText, type LinkChoices } from "../links";
import { MarkdownField } from "./MarkdownField";

export const MAX_TITLE = 200;
export const MAX_INSTRUCTIONS = 20_000;
export const MAX_POINTS = 1000;

/** What the form gives: a new assignment's fields, or (with `closed`) a change. */
export interface AssignmentInput {
  title: string;
  instructions: string;
  dueAt: string;
  result: "pass" | "points";
  points?: number;
  publishAt?: string;
  closed?: boolean;
  /** The linked lecture's number; null (a change only): none. */
  lectureNumber?: number | null;
  /** The linked live session's id; null (a change only): none. */
  liveSessionId?: string | null;
}

interface AssignmentFormProps {
  /** The batch's time zone (its live-class timetable's): due and publish times are typed and shown in it. */
  zone: string;
  /** Changing this one; else a new assignment. */
  assignment?: StaffAssignment;
  /** The batch's lectures and live classes to link to. */
  links?: LinkChoices;
  onSave: (input: AssignmentInput) => Promise<void>;
  onCancel: () => void;
}

const names = { title: "Title", instructions: "Instructions", dueAt: "Due time", points: "Points", publishAt: "Publish time", result: "Result" };

export function AssignmentForm({ zone, assignment, links = NO_CHOICES, onSave, onCancel }: AssignmentFormProps) {
  const id = useId();
  const locked = assignment ? !assignment.editable : false;
  const [title, setTitle] = useState(assignment?.title ?? "");
  const [instructions, setInstructions] = useState(assignment?.instructions ?? "");
  const [due, setDue] = useState(assignment ? apiTimeToZoned(assignment.dueAt, zone) : "");
  const [marking, setMarking] = useState<"pass" | "points">(assignment?.result ?? "pass");
  const [points, setPoints] = useState(assignment?.points ? String(assignment.points) : "10");
  const alreadyOut = assignment ? Date.parse(assignment.publishAt) <= Date.now() : false;
  const [publishLater, setPublishLater] = useState(assignment ? !alreadyOut : false);
  const [publishAt, setPublishAt] = useState(assignment && !alreadyOut ? apiTimeToZoned(assignment.publishAt, zone) : "");
  const [closed, setClosed] = useState(assignment?.closed ?? false);
  const [lecture, setLecture] = useState(assignment?.lectureNumber != null ? String(assignment.lectureNumber) : "");
  const [session, setSession] = useState(assignment?.liveSessionId ?? "");
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [error, setError] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const { invalid: serverInvalid, fieldError, otherFailure } = fieldErrors(id, error, names);

  const invalid = (field: string) => (problems[field] ? { "aria-invalid": true, "aria-describedby": `${id}-${field}-problem` } : serverInvalid(field));
  const problem = (field: string) =>
    problems[field] ? (
      <p id={`${id}-${field}-problem`} className="mt-1 text-sm font-medium text-red-700">
        {problems[field]}
      </p>
    ) : (
      fieldError(field)
    );
  const messages = { invalid, fieldError: problem };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const found: Record<string, string> = {};
    const dueAt = zonedToApiTime(due, zone);
    const publish = publishLater ? zonedToApiTime(publishAt, zone) : null;
    if (!title.trim()) found.title = "Write a title.";
    if (!dueAt) found.dueAt = "Choose the due date and time.";
    else if (!assignment && Date.parse(dueAt) <= Date.now()) found.dueAt = "The due time must be in the future.";
    const n = Number(points);
    if (marking === "points" && !(Number.isInteger(n) && n >= 1 && n <= MAX_POINTS)) found.points = `Points: a whole number from 1 to ${MAX_POINTS}.`;
    if (publishLater && !publish) found.publishAt = "Choose when it is published.";
    else if (publish && dueAt && Date.parse(publish) >= Date.parse(dueAt)) found.publishAt = "Publish it before it is due.";
    setProblems(found);
    if (Object.keys(found).length > 0 || !dueAt) return;
    setBusy(true);
    setError(null);
    try {
      await onSave({
        title: title.trim(),
        instructions,
        dueAt,
        result: marking,
        ...(marking === "points" ? { points: n } : {}),
        ...(publish ? { publishAt: publish } : {}),
        ...(assignment ? { closed } : {}),
        // A change sends both links (null clears one); a new assignment only those chosen.
        ...(assignment || lecture ? { lectureNumber: lecture ? Number(lecture) : null } : {}),
        ...(assignment || session ? { liveSessionId: session || null } : {}),
      });
    } catch (err) {
      setError(err);
      setBusy(false);
    }
  };

  const field = "mt-1 min-h-11 w-full rounded-lg border border-slate-400 px-3 py-2";
  /** "In the batch's time zone, Europe/London (UK time): UTC+01:00 on that day" (the offset once a time is typed). */
  const zoneHint = (local: string, hintId: string) => {
    const at = zonedToApiTime(local, zone);
    return (
      <p id={hintId} className="mt-1 text-sm text-slate-600">
        In the batch’s time zone, {zoneTitle(zone)}
        {at ? `: ${zoneOffsetLabel(zone, new Date(at))} on that day` : ""}
      </p>
    );
  };
  const described = (field: string, hintId: string) => {
    const attrs = invalid(field) as { "aria-describedby"?: string };
    return { ...attrs, "aria-describedby": [hintId, attrs["aria-describedby"]].filter(Boolean).join(" ") };
  };
  return (
    <form aria-label={assignment ? `Change ${assignment.title}` : "New assignment"} noValidate onSubmit={(e) => void submit(e)} className="grid gap-5 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2">
      {locked && (
        <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900 sm:col-span-2">
          Students have handed in work: only the due time, the publish time and closing can change now. A new due time is mailed to the batch once.
        </p>
      )}
      <Field id={`${id}-title`} label="Title" errors={messages} name="title" className="sm:col-span-2" labelClassName="font-semibold text-slate-900">
        {(control) => <input value={title} maxLength={MAX_TITLE} disabled={locked} onChange={(e) => setTitle(e.target.value)} className={field} {...control} />}
      </Field>
      <div className="sm:col-span-2">
        <MarkdownField label="Instructions" value={instructions} onChange={setInstructions} maxLength={MAX_INSTRUCTIONS} disabled={locked} invalid={invalid("instructions")} />
        {problem("instructions")}
      </div>
      <Field id={`${id}-due`} label={`Due (${zoneName(zone)})`} errors={messages} name="dueAt" labelClassName="font-semibold text-slate-900">
        {(control) => (
          <>
            <input id={control.id} type="datetime-local" value={due} onChange={(e) => setDue(e.target.value)} className={field} {...described("dueAt", `${id}-due-zone`)} />
            {zoneHint(due, `${id}-due-zone`)}
          </>
        )}
      </Field>
      <fieldset disabled={locked}>
        <legend className="font-semibold text-slate-900">Result</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          <label className="inline-flex min-h-11 items-center gap-2">
            <input type="radio" name={`${id}-marking`} checked={marking === "pass"} onChange={() => setMarking("pass")} />
            Pass / needs work
          </label>
          <label className="inline-flex min-h-11 items-center gap-2">
            <input type="radio" name={`${id}-marking`} checked={marking === "points"} onChange={() => setMarking("points")} />
            Points
          </label>
        </div>
        {marking === "points" && (
          <Field id={`${id}-points`} label="Out of" errors={messages} name="points" className="mt-2" labelClassName="text-sm font-semibold">
            {(control) => <input type="number" min={1} max={MAX_POINTS} step={1} value={points} onChange={(e) => setPoints(e.target.value)} className={`${field} max-w-32`} {...control} />}
          </Field>
        )}
      </fieldset>
      <fieldset disabled={locked && alreadyOut}>
        <legend className="font-semibold text-slate-900">Publish</legend>
        <div className="mt-1 flex flex-wrap gap-4">
          <label className="inline-flex min-h-11 items-center gap-2">
            <input type="radio" name={`${id}-publish`} checked={!publishLater} onChange={() => setPublishLater(false)} />
            {alreadyOut ? "Published" : "Now"}
          </label>
          <label className="inline-flex min-h-11 items-center gap-2">
            <input type="radio" name={`${id}-publish`} checked={publishLater} onChange={() => setPublishLater(true)} />
            At a set time
          </label>
        </div>
        {publishLater && (
          <Field id={`${id}-publish-at`} label={`Publish at (${zoneName(zone)})`} errors={messages} name="publishAt" className="mt-2" labelClassName="text-sm font-semibold">
            {(control) => (
              <>
                <input id={control.id} type="datetime-local" value={publishAt} onChange={(e) => setPublishAt(e.target.value)} className={field} {...described("publishAt", `${id}-publish-zone`)} />
                {zoneHint(publishAt, `${id}-publish-zone`)}
              </>
            )}
          </Field>
        )}
      </fieldset>
      <LinkSelect
        id={`${id}-lecture`}
        label="Linked lecture"
        value={lecture}
        onChange={setLecture}
        disabled={locked}
        options={(links.lectures ?? []).map((l) => ({ value: String(l.lectureNumber), text: `${lectureText(l.lectureNumber, links.lectures)}${l.published ? "" : " (unpublished)"}` }))}
        current={assignment?.lectureNumber != null ? { value: String(assignment.lectureNumber), text: lectureText(assignment.lectureNumber, links.lectures) } : null}
        hint={links.loading ? "Loading the batch’s lectures…" : links.lectures ? (links.lectures.length === 0 ? "The batch has no lectures yet." : null) : "Could not load the batch’s lectures."}
      />
      <LinkSelect
        id={`${id}-session`}
        label={`Linked live class (${zoneName(zone)})`}
        value={session}
        onChange={setSession}
        disabled={locked}
        options={(links.sessions ?? []).filter((s) => s.status !== "cancelled").map((s) => ({ value: s.id, text: sessionText(s.id, links.sessions, zone) }))}
        current={assignment?.liveSessionId ? { value: assignment.liveSessionId, text: sessionText(assignment.liveSessionId, links.sessions, zone) } : null}
        hint={links.loading ? "Loading the batch’s live classes…" : links.sessions ? (links.sessions.length === 0 ? "The batch has no live classes yet." : null) : "Could not load the batch’s live classes."}
      />
      {assignment && (
        <label className="inline-flex min-h-11 items-center gap-2 sm:col-span-2">
          <input type="checkbox" checked={closed} onChange={(e) => setClosed(e.target.checked)} />
          Closed: no hand-ins after the due time (a “needs work” review still lets its student hand in again)
        </label>
      )}
      {otherFailure && (
        <p role="alert" className="font-medium text-red-700 sm:col-span-2">
          Could not save the assignment. {failureText(error)}
        </p>
      )}
      <FormButtons label={assignment ? "Save changes" : "Post assignment"} busyLabel="Saving…" busy={busy} onCancel={onCancel} />
    </form>
  );
}

interface Option {
  value: string;
  text: string;
}

/** An optional link: "None" or one of `options` (the current link kept as an option when the list lacks it). */
function LinkSelect(props: { id: string; label: string; value: string; onChange: (value: string) => void; disabled: boolean; options: Option[]; current: Option | null; hint: string | null }) {
  const { id, label, value, onChange, disabled, options, current, hint } = props;
  const all = current && !options.some((o) => o.value === current.value) ? [current, ...options] : options;
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="font-semibold text-slate-900">
        {label}
      </label>
      <select id={id} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)} aria-describedby={`${id}-hint`} className="mt-1 min-h-11 w-full max-w-full rounded-lg border border-slate-400 bg-white px-3 py-2">
        <option value="">None</option>
        {all.map((o) => (
          <option key={o.value} value={o.value}>
            {o.text}
          </option>
        ))}
      </select>
      <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
        {hint ?? "Optional."}
      </p>
    </div>
  );
}

// Retitle, describe or renumber a lecture (a number must be free: the API refuses one that is taken).
import { useId, useState, type FormEvent } from "react";
import { ApiError } from "#app/lib/api-client";
import { useTokenSource } from "../../kit/api/token";
import { failureText } from "../../kit/format";
import { changeLecture } from "../../kit/api/lectures";
import { MAX_LECTURE_NUMBER } from "../reorder";
import type { LectureChange, StaffLecture } from "#app/lib/api-schema";
import { Field, fieldInput } from "../../kit/components/Field";
import { FormButtons } from "../../kit/components/FormButtons";

interface EditLectureFormProps {
  batchId: string;
  lecture: StaffLecture;
  onSaved: (lecture: StaffLecture) => void;
  onCancel: () => void;
}

export function EditLectureForm({ batchId, lecture, onSaved, onCancel }: EditLectureFormProps) {
  const id = useId();
  const token = useTokenSource();
  const [title, setTitle] = useState(lecture.title);
  const [description, setDescription] = useState(lecture.description ?? "");
  const [number, setNumber] = useState(String(lecture.lectureNumber));
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const fields = error instanceof ApiError ? error.fields : {};

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const change: LectureChange = {};
    if (title.trim() !== lecture.title) change.title = title.trim();
    if (description.trim() !== (lecture.description ?? "")) change.description = description.trim() || null;
    if (Number(number) !== lecture.lectureNumber) change.lectureNumber = Number(number);
    if (Object.keys(change).length === 0) return onCancel();
    setBusy(true);
    setError(null);
    try {
      onSaved(await changeLecture(token, batchId, lecture.lectureNumber, change));
    } catch (failure) {
      setError(failure);
      setBusy(false);
    }
  };

  const reasons = Object.entries(fields).map(([field, reason]) => `${field === "lectureNumber" ? "Number" : field[0]!.toUpperCase() + field.slice(1)} ${reason}`);
  return (
    <form onSubmit={(e) => void submit(e)} aria-label={`Edit lecture ${lecture.lectureNumber}`} className="grid gap-3 sm:grid-cols-[1fr_8rem]">
      <Field id={`${id}-title`} label="Title">
        {(control) => <input {...control} required maxLength={200} value={title} onChange={(e) => setTitle(e.target.value)} className={fieldInput} />}
      </Field>
      <Field id={`${id}-number`} label="Number">
        {(control) => <input {...control} type="number" inputMode="numeric" required min={1} max={MAX_LECTURE_NUMBER} step={1} value={number} onChange={(e) => setNumber(e.target.value)} className={fieldInput} />}
      </Field>
      <Field id={`${id}-description`} label={<>Description <span className="font-normal text-slate-600">(optional)</span></>} className="sm:col-span-2">
        {(control) => <textarea {...control} rows={2} maxLength={2000} value={description} onChange={(e) => setDescription(e.target.value)} className={fieldInput} />}
      </Field>
      {error ? (
        <p role="alert" className="font-medium text-red-700 sm:col-span-2">
          {reasons.length ? reasons.join("; ") : failureText(error)}
        </p>
      ) : null}
      <FormButtons label="Save" busyLabel="Saving…" busy={busy} onCancel={onCancel} />
    </form>
  );
}

// Add a lecture: a title, the number (the next free one offered), an optional description, and either a recording
// to upload next or an embed's address (YouTube, Vimeo, Google Drive), which is ready at once.
import { useId, useState, type FormEvent } from "react";
import { useTokenSource } from "../../kit/api/token";
import { failureText } from "../../kit/format";
import { addLecture } from "../../kit/api/lectures";
import { MAX_LECTURE_NUMBER } from "../reorder";
import type { StaffLecture } from "#app/lib/api-schema";
import { FormButtons } from "../../kit/components/FormButtons";
import { Field, fieldErrors, fieldInput, fieldLabel } from "../../kit/components/Field";

const names: Record<string, string> = { title: "Title", lectureNumber: "Number", description: "Description", embedUrl: "Embed address" };

interface AddLectureFormProps {
  batchId: string;
  nextNumber: number;
  onAdded: (lecture: StaffLecture) => void;
  onCancel: () => void;
}

export function AddLectureForm({ batchId, nextNumber, onAdded, onCancel }: AddLectureFormProps) {
  const id = useId();
  const token = useTokenSource();
  const [title, setTitle] = useState("");
  const [number, setNumber] = useState(String(nextNumber));
  const [description, setDescription] = useState("");
  const [source, setSource] = useState<"recording" | "embed">("recording");
  const [embedUrl, setEmbedUrl] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const lectureNumber = Number(number);
      const added = await addLecture(token, batchId, {
        title: title.trim(),
        ...(description.trim() ? { description: description.trim() } : {}),
        ...(number.trim() && Number.isInteger(lectureNumber) ? { lectureNumber } : {}),
        ...(source === "embed" ? { embedUrl: embedUrl.trim() } : {}),
      });
      onAdded(added);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  const errors = fieldErrors(id, error, names);
  const { otherFailure } = errors;

  return (
    <form onSubmit={(e) => void submit(e)} aria-label="Add a lecture" className="grid gap-4 rounded-xl border border-slate-200 bg-slate-50 p-4 sm:grid-cols-[1fr_8rem]">
      <Field id={`${id}-title`} label="Title" errors={errors} name="title">
        {(control) => <input required maxLength={200} value={title} onChange={(e) => setTitle(e.target.value)} className={fieldInput} {...control} />}
      </Field>
      <Field id={`${id}-number`} label="Number" errors={errors} name="lectureNumber">
        {(control) => (
          <input
            type="number"
            inputMode="numeric"
            min={1}
            max={MAX_LECTURE_NUMBER}
            step={1}
            value={number}
            onChange={(e) => setNumber(e.target.value)}
            className={fieldInput}
            {...control}
          />
        )}
      </Field>
      <Field id={`${id}-description`} label={<>Description <span className="font-normal text-slate-600">(optional)</span></>} errors={errors} name="description" className="sm:col-span-2">
        {(control) => <textarea rows={2} maxLength={2000} value={description} onChange={(e) => setDescription(e.target.value)} className={fieldInput} {...control} />}
      </Field>
      <fieldset className="sm:col-span-2">
        <legend className={fieldLabel}>The video</legend>
        <div className="mt-2 flex flex-wrap gap-x-6 gap-y-2">
          <label className="flex min-h-10 items-center gap-2 text-slate-800">
            <input type="radio" name={`${id}-source`} value="recording" checked={source === "recording"} onChange={() => setSource("recording")} className="size-4" />
            A recording I upload next
          </label>
          <label className="flex min-h-10 items-center gap-2 text-slate-800">
            <input type="radio" name={`${id}-source`} value="embed" checked={source === "embed"} onChange={() => setSource("embed")} className="size-4" />
            A YouTube, Vimeo or Google Drive video
          </label>
        </div>
      </fieldset>
      {source === "embed" && (
        <Field id={`${id}-embed`} label="Embed address" errors={errors} name="embedUrl" className="sm:col-span-2">
          {(control) => (
            <input
              type="url"
              required
              placeholder="https://www.youtube.com/embed/…"
              maxLength={2048}
              value={embedUrl}
              onChange={(e) => setEmbedUrl(e.target.value)}
              className={fieldInput}
              {...control}
            />
          )}
        </Field>
      )}
      {otherFailure ? (
        <p role="alert" className="font-medium text-red-700 sm:col-span-2">
          {failureText(error)}
        </p>
      ) : null}
      <FormButtons label="Add lecture" busyLabel="Adding…" busy={busy} onCancel={onCancel} />
    </form>
  );
}

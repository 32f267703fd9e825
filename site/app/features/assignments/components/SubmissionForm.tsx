// The student's hand-in: text, links (each checked as a web address), files (sent in parts, ./FilesField), Save draft
// and Submit. Submitting saves first, so what is handed in is what is on screen; a hand-in after the due time is
// marked late by the server. A refusal says why, next to the field when the server names it.
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { ApiError } from "#app/lib/api-client";
import { chooseFiles, contentTypeOf } from "#app/lib/assignment-files";
import { putPart } from "#app/lib/put-part";
import { uploadInParts } from "#app/lib/upload-in-parts";
import type { TokenSource } from "#app/lib/access-token";
import { beginFile, completeFile, saveDraft, submitDraft } from "../api/my-assignments";
import type { FileView, MySubmission } from "../api/types";
import { linkProblems, MAX_LINK_LENGTH, MAX_LINKS } from "../rules";
import { FilesField, type HeldFile } from "./FilesField";

/** At most this many characters of text (the API's bound). */
export const MAX_TEXT = 20_000;

interface SubmissionFormProps {
  assignmentId: string;
  source: TokenSource;
  submission: MySubmission;
  /** Why nothing more is taken (closed by staff, reviewed), or null while it is open. */
  lockedReason: string | null;
  /** After a save or a hand-in: the page reads the submission again. */
  onSaved: (submitted: boolean) => void;
}

const heldFrom = (files: readonly FileView[]): HeldFile[] =>
  files.map((f) => ({ key: f.id, fileName: f.fileName, size: f.size, fileId: f.id, sentBytes: f.size, status: "done", url: f.url }));

/** What the form starts from: the saved draft, else the latest version handed in (to change and hand in again). */
const startingPoint = (s: MySubmission) => s.draft ?? s.versions[0] ?? { text: "", links: [], files: [] };

function failure(e: unknown, fallback: string): string {
  if (e instanceof ApiError) {
    if (e.status === 0) return e.timedOut ? "The server took too long to answer. Try again." : "The server could not be reached. Check your connection and try again.";
    return e.messageField || fallback;
  }
  return fallback;
}

export function SubmissionForm({ assignmentId, source, submission, lockedReason, onSaved }: SubmissionFormProps) {
  const id = useId();
  const start = startingPoint(submission);
  const locked = lockedReason !== null;
  const [text, setText] = useState(start.text);
  const [links, setLinks] = useState<string[]>(start.links.length ? start.links : [""]);
  const [files, setFiles] = useState<HeldFile[]>(() => heldFrom(start.files));
  const [refused, setRefused] = useState<string[]>([]);
  const [problems, setProblems] = useState<Record<number, string>>({});
  const [busy, setBusy] = useState<"draft" | "submit" | null>(null);
  const [outcome, setOutcome] = useState<{ ok: boolean; message: string } | null>(null);
  const uploads = useRef(new Map<string, AbortController>());

  useEffect(() => {
    const running = uploads.current;
    return () => running.forEach((c) => c.abort());
  }, []);

  const uploading = files.some((f) => f.status === "uploading");
  const disabled = locked || busy !== null;

  const update = (key: string, change: Partial<HeldFile>) => setFiles((all) => all.map((f) => (f.key === key ? { ...f, ...change } : f)));

  const choose = (chosen: File[]) => {
    const { accepted, refused: why } = chooseFiles(chosen, files.length);
    setRefused(why);
    for (const file of accepted) {
      const key = `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`;
      const controller = new AbortController();
      uploads.current.set(key, controller);
      setFiles((all) => [...all, { key, fileName: file.name, size: file.size, fileId: null, sentBytes: 0, status: "uploading" }]);
      uploadInParts(
        file,
        {
          begin: () => beginFile(source, assignmentId, { fileName: file.name, size: file.size, contentType: contentTypeOf(file) }),
          putPart,
          complete: (fileId, parts) => completeFile(source, assignmentId, fileId, parts),
        },
        { signal: controller.signal, onProgress: ({ sentBytes }) => update(key, { sentBytes }) },
      ).then(
        (stored) => update(key, { status: "done", fileId: stored.id, sentBytes: file.size, url: stored.url }),
        (e: unknown) => {
          if (!controller.signal.aborted) update(key, { status: "failed", error: failure(e, `“${file.name}” could not be uploaded.`) });
        },
      ).finally(() => uploads.current.delete(key));
    }
  };

  const remove = (key: string) => {
    uploads.current.get(key)?.abort();
    setFiles((all) => all.filter((f) => f.key !== key));
  };

  const send = async (e: FormEvent, submit: boolean) => {
    e.preventDefault();
    setOutcome(null);
    const trimmed = links.map((l) => l.trim());
    const found = linkProblems(trimmed);
    // An empty link field is left out, not refused.
    const checked: Record<number, string> = {};
    trimmed.forEach((l, i) => {
      if (l && found[i]) checked[i] = found[i]!;
    });
    const kept = trimmed.filter(Boolean);
    setProblems(checked);
    if (Object.keys(checked).length > 0) return setOutcome({ ok: false, message: "Check the links marked below." });
    if (uploading) return setOutcome({ ok: false, message: "Wait until every file has uploaded." });
    if (submit && !text.trim() && kept.length === 0 && !files.some((f) => f.status === "done")) {
      return setOutcome({ ok: false, message: "Write something, add a link or a file before you submit." });
    }
    setBusy(submit ? "submit" : "draft");
    try {
      await saveDraft(source, assignmentId, {
        text,
        links: kept,
        files: files.filter((f) => f.status === "done" && f.fileId).map((f) => f.fileId!),
      });
      if (submit) await submitDraft(source, assignmentId);
      setOutcome({ ok: true, message: submit ? "Submitted. Your teacher will review it." : "Draft saved." });
      onSaved(submit);
    } catch (err) {
      setOutcome({ ok: false, message: failure(err, submit ? "Could not submit. Try again." : "Could not save the draft. Try again.") });
    } finally {
      setBusy(null);
    }
  };

  const submitted = submission.versions.length > 0;
  const field = "w-full rounded-lg border border-slate-400 px-3 py-2";

  return (
    <form aria-labelledby={`${id}-title`} noValidate onSubmit={(e) => void send(e, true)} className="grid gap-5">
      <h2 id={`${id}-title`} className="text-xl font-bold">
        Your submission
      </h2>
      {locked && (
        <p role="status" className="rounded-lg bg-slate-100 p-3 text-slate-800">
          {lockedReason}
        </p>
      )}
      <div className="grid gap-2">
        <label htmlFor={`${id}-text`} className="font-semibold text-slate-900">
          Text
        </label>
        <textarea
          id={`${id}-text`}
          value={text}
          maxLength={MAX_TEXT}
          rows={8}
          disabled={disabled}
          onChange={(e) => setText(e.target.value)}
          aria-describedby={`${id}-text-hint`}
          className={field}
        />
        <p id={`${id}-text-hint`} className="text-xs text-slate-600">
          What you did, what to look at, and any questions. {text.length.toLocaleString("en")} of {MAX_TEXT.toLocaleString("en")} characters.
        </p>
      </div>
      <fieldset className="grid gap-3">
        <legend className="font-semibold text-slate-900">Links</legend>
        <p id={`${id}-links-hint`} className="text-sm text-slate-700">
          A GitHub repository or a deployed site, starting with https://. Up to {MAX_LINKS}.
        </p>
        {links.map((link, i) => (
          <div key={i} className="grid gap-1">
            <div className="flex flex-wrap items-center gap-2">
              <label htmlFor={`${id}-link-${i}`} className="sr-only">
                Link {i + 1}
              </label>
              <input
                id={`${id}-link-${i}`}
                type="url"
                inputMode="url"
                value={link}
                maxLength={MAX_LINK_LENGTH}
                disabled={disabled}
                placeholder="https://github.com/you/project"
                aria-invalid={problems[i] ? true : undefined}
                aria-describedby={problems[i] ? `${id}-link-${i}-problem` : `${id}-links-hint`}
                onChange={(e) => setLinks((all) => all.map((l, j) => (j === i ? e.target.value : l)))}
                className={`${field} min-h-11 min-w-0 flex-1`}
              />
              {links.length > 1 && (
                <button
                  type="button"
                  className="btn-secondary min-h-11 px-3 text-sm"
                  disabled={disabled}
                  aria-label={`Remove link ${i + 1}`}
                  onClick={() => {
                    setLinks((all) => all.filter((_, j) => j !== i));
                    setProblems({});
                  }}
                >
                  Remove
                </button>
              )}
            </div>
            {problems[i] && (
              <p id={`${id}-link-${i}-problem`} className="text-sm font-medium text-red-700">
                {problems[i]}
              </p>
            )}
          </div>
        ))}
        {links.length < MAX_LINKS && (
          <button type="button" className="btn-secondary min-h-11 justify-self-start text-sm" disabled={disabled} onClick={() => setLinks((all) => [...all, ""])}>
            Add another link
          </button>
        )}
      </fieldset>
      <FilesField files={files} refused={refused} disabled={disabled} onChoose={choose} onRemove={remove} />
      <div className="flex flex-wrap gap-3">
        <button type="button" className="btn-secondary min-h-11" disabled={disabled} onClick={(e) => void send(e, false)}>
          {busy === "draft" ? "Saving…" : "Save draft"}
        </button>
        <button type="submit" className="btn-primary min-h-11" disabled={disabled}>
          {busy === "submit" ? "Submitting…" : submitted ? "Submit again" : "Submit"}
        </button>
      </div>
      <p aria-live="polite" role={outcome && !outcome.ok ? "alert" : "status"} className={`font-medium ${outcome?.ok ? "text-emerald-700" : "text-red-700"}`}>
        {outcome?.message ?? ""}
      </p>
    </form>
  );
}

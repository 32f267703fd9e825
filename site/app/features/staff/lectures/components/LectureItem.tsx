// One lecture in the panel: number, title, state, what it holds (length, renditions, captions), and what staff can do
// with it: upload its recording, Retry after a failure, Edit, Publish or Unpublish, Move up or down, captions, Delete.
import { useEffect, useId, useRef, useState } from "react";
import { showToast } from "#app/components/Toasts";
import { useTokenSource } from "../../kit/api/token";
import { useInlineEdit } from "../../kit/hooks/use-inline-edit";
import { failureText, formatDuration } from "../../kit/format";
import { changeLecture, putCaptions, retryLecture } from "../../kit/api/lectures";
import type { StaffLecture } from "#app/lib/api-schema";
import { EditLectureForm } from "./EditLectureForm";
import { LectureStateBadge } from "./LectureStateBadge";
import { LectureUploader } from "../../kit/upload/LectureUploader";

/** Captions the API takes: WebVTT, at most 1 MB. */
export const MAX_CAPTIONS_BYTES = 1_000_000;

export function captionsRefusal(name: string, text: string, bytes: number): string | null {
  if (bytes > MAX_CAPTIONS_BYTES) return `“${name}” is over 1 MB; captions can be at most 1 MB.`;
  if (!text.replace(/^\uFEFF/, "").startsWith("WEBVTT")) return `“${name}” is not a WebVTT file (it must start with WEBVTT).`;
  return null;
}

interface LectureItemProps {
  batchId: string;
  lecture: StaffLecture;
  first: boolean;
  last: boolean;
  /** A move is under way: the other moves wait. */
  moving: boolean;
  /** Just added: focus moves to it. */
  focusOnMount?: boolean;
  onChanged: (lecture: StaffLecture) => void;
  onMove: (direction: -1 | 1) => void;
  onDelete: () => void;
}

const small = "min-h-10 px-3 py-1.5 text-sm";

export function LectureItem({ batchId, lecture, first, last, moving, focusOnMount = false, onChanged, onMove, onDelete }: LectureItemProps) {
  const id = useId();
  const token = useTokenSource();
  const captionsInput = useRef<HTMLInputElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const { editing, editButton, openEdit, closeEdit } = useInlineEdit();
  useEffect(() => {
    if (focusOnMount) heading.current?.focus();
  }, [focusOnMount]);
  const [busy, setBusy] = useState<"publish" | "retry" | "captions" | null>(null);
  const [captionsError, setCaptionsError] = useState<string | null>(null);
  const { lectureNumber: n, title } = lecture;
  const name = `lecture ${n}`;

  const act = async (what: "publish" | "retry", run: () => Promise<StaffLecture>, done: string) => {
    setBusy(what);
    try {
      onChanged(await run());
      showToast((t) => t.success(done));
    } catch (e) {
      showToast((t) => t.error(`Lecture ${n} was not changed`, { description: failureText(e) }));
    } finally {
      setBusy(null);
    }
  };

  const sendCaptions = async (file: File | undefined) => {
    if (!file) return;
    setCaptionsError(null);
    const text = await file.text();
    const why = captionsRefusal(file.name, text, file.size);
    if (why) return setCaptionsError(why);
    setBusy("captions");
    try {
      onChanged(await putCaptions(token, batchId, n, text));
      showToast((t) => t.success("Captions saved", { description: `Lecture ${n} has captions from ${file.name}.` }));
    } catch (e) {
      setCaptionsError(`The captions were not saved. ${failureText(e)}`);
    } finally {
      setBusy(null);
    }
  };

  const facts = [
    lecture.kind === "embed" ? "Embedded video" : lecture.kind === "file" ? "Video file" : "Recording",
    lecture.durationSecs ? formatDuration(lecture.durationSecs) : null,
    lecture.rungs.length ? lecture.rungs.map((r) => `${r}p`).join(", ") : null,
    lecture.kind === "embed" ? null : lecture.hasCaptions ? "Captions" : "No captions",
  ].filter(Boolean);

  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4" aria-labelledby={`${id}-title`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h4 id={`${id}-title`} ref={heading} tabIndex={-1} className="text-lg font-semibold break-words text-ink">
            <span className="text-slate-600">Lecture {n}:</span> {title}
          </h4>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-700">
            <LectureStateBadge lecture={lecture} />
            <span>{facts.join(" · ")}</span>
          </p>
          {lecture.description && <p className="mt-2 text-sm whitespace-pre-line text-slate-700">{lecture.description}</p>}
        </div>
        <div className="flex flex-wrap gap-2">
          <button type="button" className={`btn-secondary ${small}`} disabled={moving || first} onClick={() => onMove(-1)} aria-label={`Move ${name} up`}>
            Move up
          </button>
          <button type="button" className={`btn-secondary ${small}`} disabled={moving || last} onClick={() => onMove(1)} aria-label={`Move ${name} down`}>
            Move down
          </button>
        </div>
      </div>

      {lecture.state === "failed" && (
        <div role="alert" className="mt-3 flex flex-wrap items-center gap-3 rounded-lg border border-red-200 bg-red-50 p-3">
          <p className="text-sm font-medium text-red-800">Processing failed: {lecture.failure ?? "no reason was given."}</p>
          <button
            type="button"
            className={`btn-secondary ${small}`}
            disabled={busy !== null}
            onClick={() => void act("retry", () => retryLecture(token, batchId, n), `Lecture ${n} is processing again`)}
            aria-label={`Retry processing ${name}`}
          >
            {busy === "retry" ? "Retrying…" : "Retry"}
          </button>
        </div>
      )}

      {lecture.kind === "recording" && lecture.state === "uploading" && (
        <div className="mt-4">
          <LectureUploader batchId={batchId} lecture={lecture} onUploaded={onChanged} />
        </div>
      )}

      {editing ? (
        <div className="mt-4">
          <EditLectureForm
            batchId={batchId}
            lecture={lecture}
            onSaved={(saved) => {
              closeEdit();
              onChanged(saved);
              showToast((t) => t.success("Lecture saved"));
            }}
            onCancel={closeEdit}
          />
        </div>
      ) : (
        <div className="mt-4 flex flex-wrap gap-2">
          <button ref={editButton} type="button" className={`btn-secondary ${small}`} onClick={openEdit} aria-label={`Edit ${name}`}>
            Edit
          </button>
          <button
            type="button"
            className={`btn-secondary ${small}`}
            disabled={busy !== null}
            onClick={() =>
              void act(
                "publish",
                () => changeLecture(token, batchId, n, { published: !lecture.published }),
                lecture.published ? `Lecture ${n} is hidden from students` : `Lecture ${n} is published`,
              )
            }
            aria-label={`${lecture.published ? "Unpublish" : "Publish"} ${name}`}
          >
            {busy === "publish" ? "Saving…" : lecture.published ? "Unpublish" : "Publish"}
          </button>
          {lecture.kind !== "embed" && (
            <>
              <button
                type="button"
                className={`btn-secondary ${small}`}
                disabled={busy !== null}
                onClick={() => captionsInput.current?.click()}
                aria-label={`${lecture.hasCaptions ? "Replace" : "Upload"} captions (.vtt) of ${name}`}
              >
                {busy === "captions" ? "Sending…" : lecture.hasCaptions ? "Replace captions" : "Upload captions"}
              </button>
              <input
                ref={captionsInput}
                type="file"
                accept=".vtt,text/vtt"
                hidden
                data-testid={`captions-input-${n}`}
                onChange={(e) => {
                  void sendCaptions(e.target.files?.[0]);
                  e.target.value = "";
                }}
              />
            </>
          )}
          <button
            type="button"
            className={`btn ${small} border border-red-700 bg-white text-red-800 hover:bg-red-50`}
            onClick={onDelete}
            aria-label={`Delete ${name}`}
          >
            Delete
          </button>
        </div>
      )}
      {captionsError && (
        <p role="alert" className="mt-2 text-sm font-medium text-red-700">
          {captionsError}
        </p>
      )}
    </li>
  );
}

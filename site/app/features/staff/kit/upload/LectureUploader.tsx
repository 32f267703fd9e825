// A recording's upload: a drop zone that is also a button (it opens the file picker), then a progress bar with the
// percentage, megabytes, speed and time left, Pause and Resume, and the reason when it stopped. An upload left open
// (a reload, another browser) says which file to choose again to send the rest.
import { useEffect, useId, useRef, useState, type DragEvent } from "react";
import { useLectureUpload } from "./use-lecture-upload";
import { describeProgress, megabytes, percentOf } from "./describe-progress";
import type { UploadSnapshot } from "./multipart-upload";
import { uploadMemory } from "./upload-memory";
import type { StaffLecture } from "#app/lib/api-schema";

interface LectureUploaderProps {
  batchId: string;
  lecture: StaffLecture;
  onUploaded: (lecture: StaffLecture) => void;
  /** Told whether parts are on their way (a dialog holding the uploader stays open meanwhile). */
  onSendingChange?: (sending: boolean) => void;
}

/** What a screen reader hears: the phase, and the progress in steps of 10 % (not every byte). */
function announcement(s: UploadSnapshot | null): string {
  if (!s) return "";
  switch (s.phase) {
    case "starting":
      return `Starting the upload of ${s.fileName}.`;
    case "uploading":
      return `Uploading ${s.fileName}: ${Math.floor(percentOf(s) / 10) * 10} %.`;
    case "paused":
      return `Upload paused at ${percentOf(s)} %.`;
    case "completing":
      return "All parts sent; joining them.";
    case "done":
      return "Upload finished. The recording is processing.";
    case "failed":
      return `Upload stopped: ${s.error ?? ""}`;
    default:
      return "";
  }
}

export function LectureUploader({ batchId, lecture, onUploaded, onSendingChange }: LectureUploaderProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [dragging, setDragging] = useState(false);
  const { snapshot, refused, choose, pause, resume, sending } = useLectureUpload(batchId, lecture, onUploaded);
  useEffect(() => onSendingChange?.(sending), [sending, onSendingChange]);
  const phase = snapshot?.phase ?? "idle";
  const active = phase === "starting" || phase === "uploading" || phase === "completing";
  const label = `Lecture ${lecture.lectureNumber}: ${lecture.title}`;
  // An upload left open: by the server's account, and this browser's memory of the parts it finished.
  const open = lecture.upload;
  const remembered = open && !snapshot ? uploadMemory(batchId, lecture.id).load() : null;
  const rememberedBytes = remembered && remembered.uploadId === open?.uploadId ? Math.min(open.size, remembered.parts.length * remembered.partSize) : 0;

  const chooseText = phase === "failed" ? "Choose a file" : open ? "Choose the file again" : "Choose a video file";

  const pick = (files: FileList | null) => {
    const file = files?.[0];
    if (file) choose(file);
  };
  const drop = (e: DragEvent) => {
    e.preventDefault();
    setDragging(false);
    if (!active) pick(e.dataTransfer.files);
  };

  return (
    <div className="grid gap-3">
      {open && !snapshot && (
        <p className="text-sm text-slate-700">
          An upload of <strong>{open.fileName}</strong> ({megabytes(open.size)}) is unfinished
          {rememberedBytes > 0 ? `: ${megabytes(rememberedBytes)} were sent` : ""}. Choose the same file to send the rest.
        </p>
      )}
      {/* Paused: Resume goes on with this file; after a failure another file may be chosen instead. */}
      {!active && phase !== "done" && phase !== "paused" && (
        <button
          type="button"
          onClick={() => input.current?.click()}
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
          aria-describedby={`${id}-hint`}
          aria-label={`${chooseText} or drop it here, for ${label}`}
          className={`flex min-h-24 w-full flex-col items-center justify-center rounded-xl border-2 border-dashed px-4 py-5 text-center ${
            dragging ? "border-brand-700 bg-brand-50" : "border-slate-400 bg-white hover:border-brand-700"
          }`}
        >
          <span className="font-semibold text-brand-800">{chooseText}</span>
          <span className="text-sm text-slate-700">or drop it here</span>
        </button>
      )}
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        A video file (MP4, MOV, WebM…) up to 10 GiB. It is sent in parts; if the connection drops, choose it again to send the rest.
      </p>
      <input
        ref={input}
        type="file"
        accept="video/*"
        hidden
        data-testid={`recording-input-${lecture.lectureNumber}`}
        onChange={(e) => {
          pick(e.target.files);
          e.target.value = "";
        }}
      />
      {refused && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {refused}
        </p>
      )}
      {snapshot && phase !== "idle" && (
        <div className="grid gap-2">
          <div
            role="progressbar"
            aria-label={`Upload of ${label}`}
            aria-valuemin={0}
            aria-valuemax={100}
            aria-valuenow={percentOf(snapshot)}
            aria-valuetext={describeProgress(snapshot)}
            className="h-3 w-full overflow-hidden rounded-full bg-slate-200"
          >
            <div className="h-full bg-brand-700 transition-[width]" style={{ width: `${percentOf(snapshot)}%` }} />
          </div>
          <p className="text-sm text-slate-800">
            {phase === "starting" ? "Starting…" : describeProgress(snapshot)}
            {phase === "paused" && " · paused"}
            {phase === "completing" && " · joining the parts…"}
            {snapshot.partsSkipped > 0 && ` · ${snapshot.partsSkipped} of ${snapshot.partsTotal} parts were already sent`}
          </p>
          {phase === "failed" && (
            <p role="alert" className="text-sm font-medium text-red-700">
              {snapshot.error} Check the connection, then Resume.
            </p>
          )}
          <div className="flex flex-wrap gap-2">
            {(phase === "starting" || phase === "uploading") && (
              <button type="button" className="btn-secondary min-h-10 px-4 py-2 text-sm" onClick={pause} aria-label={`Pause the upload of ${label}`}>
                Pause
              </button>
            )}
            {(phase === "paused" || phase === "failed") && (
              <button type="button" className="btn-primary min-h-10 px-4 py-2 text-sm" onClick={resume} aria-label={`Resume the upload of ${label}`}>
                Resume
              </button>
            )}
          </div>
        </div>
      )}
      <p aria-live="polite" className="sr-only">
        {announcement(snapshot)}
      </p>
    </div>
  );
}

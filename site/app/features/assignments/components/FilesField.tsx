// The files of a submission: the picker (the allowed kinds said under it), each file's upload in parts with its
// progress bar, a refused file's reason at once, and Remove. At most five files of 25 MB each.
import { useId, useRef } from "react";
import { ACCEPT_ATTRIBUTE, ALLOWED_FILES_TEXT, MAX_ASSIGNMENT_FILE_BYTES, MAX_SUBMISSION_FILES, megabytesText } from "#app/lib/assignment-files";

export interface HeldFile {
  key: string;
  fileName: string;
  size: number;
  /** Set once the server has the file. */
  fileId: string | null;
  sentBytes: number;
  status: "uploading" | "done" | "failed";
  error?: string;
  /** A signed link to download it (files already saved). */
  url?: string | null;
}

const percent = (f: HeldFile) => (f.size > 0 ? Math.floor((Math.min(f.sentBytes, f.size) / f.size) * 100) : 0);

interface FilesFieldProps {
  files: readonly HeldFile[];
  refused: readonly string[];
  disabled: boolean;
  onChoose: (files: File[]) => void;
  onRemove: (key: string) => void;
}

export function FilesField({ files, refused, disabled, onChoose, onRemove }: FilesFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const full = files.length >= MAX_SUBMISSION_FILES;
  return (
    <fieldset className="grid gap-3">
      <legend className="font-semibold text-slate-900">Files</legend>
      <p id={`${id}-hint`} className="text-sm text-slate-700">
        Up to {MAX_SUBMISSION_FILES} files of at most {megabytesText(MAX_ASSIGNMENT_FILE_BYTES)} each. Allowed: {ALLOWED_FILES_TEXT}. Web pages (HTML) and programs are refused.
      </p>
      <div>
        {/* The picker itself is hidden from the keyboard and screen readers: the button below opens it. */}
        <input
          ref={input}
          type="file"
          multiple
          accept={ACCEPT_ATTRIBUTE}
          disabled={disabled || full}
          tabIndex={-1}
          aria-hidden="true"
          data-testid="submission-files"
          className="sr-only"
          onChange={(e) => {
            onChoose([...(e.target.files ?? [])]);
            e.target.value = "";
          }}
        />
        <button type="button" className="btn-secondary min-h-11 text-sm" disabled={disabled || full} onClick={() => input.current?.click()} aria-describedby={`${id}-hint`}>
          {full ? `${MAX_SUBMISSION_FILES} files added` : "Add files"}
        </button>
      </div>
      {refused.length > 0 && (
        <ul role="alert" className="grid gap-1 text-sm font-medium text-red-700">
          {refused.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
      )}
      {files.length > 0 && (
        <ul className="grid gap-2" aria-label="Files of this submission">
          {files.map((f) => (
            <li key={f.key} className="grid gap-2 rounded-lg border border-slate-200 p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="min-w-0 font-medium [overflow-wrap:anywhere]">
                  {f.url ? (
                    <a href={f.url} className="text-brand-700 underline" rel="noopener nofollow" download={f.fileName}>
                      {f.fileName}
                    </a>
                  ) : (
                    f.fileName
                  )}{" "}
                  <span className="text-sm font-normal text-slate-600">({megabytesText(f.size)})</span>
                </span>
                <button type="button" className="btn-secondary min-h-10 px-3 py-1 text-sm" disabled={disabled} onClick={() => onRemove(f.key)} aria-label={`Remove ${f.fileName}`}>
                  Remove
                </button>
              </div>
              {f.status === "uploading" && (
                <div
                  role="progressbar"
                  aria-label={`Upload of ${f.fileName}`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={percent(f)}
                  aria-valuetext={`${percent(f)} % · ${megabytesText(f.sentBytes)} of ${megabytesText(f.size)}`}
                  className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
                >
                  <div className="h-full bg-brand-700 transition-[width]" style={{ width: `${percent(f)}%` }} />
                </div>
              )}
              {f.status === "uploading" && <p className="text-xs text-slate-700">Uploading… {percent(f)} %</p>}
              {f.status === "failed" && (
                <p role="alert" className="text-sm font-medium text-red-700">
                  {f.error ?? "The upload stopped."} Remove it and add it again.
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
    </fieldset>
  );
}

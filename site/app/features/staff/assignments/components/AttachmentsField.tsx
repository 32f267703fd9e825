// Staff's attachments to an assignment (PDF, images, ZIP, each at most 25 MB): each sent in parts with its progress,
// a refused file's reason at once; the list links each file through its signed download link.
import { useId, useState } from "react";
import { ACCEPT_ATTRIBUTE, ALLOWED_FILES_TEXT, contentTypeOf, fileRefusal, megabytesText } from "#app/lib/assignment-files";
import { putPart } from "#app/lib/put-part";
import { uploadInParts } from "#app/lib/upload-in-parts";
import { failureText } from "../../kit/format";
import { useTokenSource } from "../../kit/api/token";
import { beginAttachment, completeAttachment, removeAttachment } from "../api/assignments";
import type { StaffAssignment } from "../api/types";
import { FileButton } from "../../kit/upload/FileButton";
import { UploadProgressBar } from "../../kit/upload/UploadProgressBar";

interface Sending {
  name: string;
  size: number;
  sent: number;
}

export function AttachmentsField({ assignment, onAdded }: { assignment: StaffAssignment; onAdded: () => void }) {
  const id = useId();
  const source = useTokenSource();
  const [sending, setSending] = useState<Sending | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);

  const remove = async (fileId: string, fileName: string) => {
    setRemoving(fileId);
    setProblem(null);
    try {
      await removeAttachment(source, assignment.id, fileId);
      onAdded();
    } catch (e) {
      setProblem(`“${fileName}” could not be removed. ${failureText(e)}`);
    } finally {
      setRemoving(null);
    }
  };

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const why = fileRefusal(file);
    setProblem(why);
    if (why) return;
    setSending({ name: file.name, size: file.size, sent: 0 });
    try {
      await uploadInParts(
        file,
        {
          begin: () => beginAttachment(source, assignment.id, { fileName: file.name, size: file.size, contentType: contentTypeOf(file) }),
          putPart,
          complete: (fileId, parts) => completeAttachment(source, assignment.id, fileId, parts),
        },
        { signal: new AbortController().signal, onProgress: ({ sentBytes }) => setSending({ name: file.name, size: file.size, sent: sentBytes }) },
      );
      onAdded();
    } catch (e) {
      setProblem(`“${file.name}” could not be added. ${failureText(e)}`);
    } finally {
      setSending(null);
    }
  };

  const percent = sending && sending.size > 0 ? Math.floor((sending.sent / sending.size) * 100) : 0;
  return (
    <div className="grid gap-3">
      <h4 className="font-semibold">Attachments</h4>
      {assignment.attachments.length === 0 ? (
        <p className="text-sm text-slate-700">No attachments.</p>
      ) : (
        <ul className="grid gap-1">
          {assignment.attachments.map((f) => (
            <li key={f.id} className="flex flex-wrap items-center gap-2">
              <a href={f.url} download={f.fileName} rel="noopener nofollow" className="text-brand-700 underline [overflow-wrap:anywhere]">
                {f.fileName}
              </a>
              <span className="text-sm text-slate-600">({megabytesText(f.size)})</span>
              <button type="button" className="btn-secondary min-h-10 px-3 py-1 text-sm" disabled={removing !== null} onClick={() => void remove(f.id, f.fileName)} aria-label={`Remove ${f.fileName}`}>
                {removing === f.id ? "Removing…" : "Remove"}
              </button>
            </li>
          ))}
        </ul>
      )}
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        {ALLOWED_FILES_TEXT}; at most 25 MB each.
      </p>
      <FileButton accept={ACCEPT_ATTRIBUTE} testId="attachment-input" busy={sending !== null} label="Add an attachment" describedBy={`${id}-hint`} onFile={(file) => void choose(file)} />
      {sending && <UploadProgressBar name={sending.name} percent={percent} />}
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}

// The payer's receipt file on "Record a manual payment" (docs/product.md#staff-console): a photo of the bank slip, a
// wallet's screenshot or a PDF, at most 10 MB, sent in parts as assignment files are, with its progress; the server
// keeps it only if its content is a PDF or an image, and the form sends its id with the payment. Optional.
import { useId, useState } from "react";
import { putPart } from "#app/lib/put-part";
import type { ReceiptView } from "#app/lib/payments-schema";
import { uploadInParts } from "#app/lib/upload-in-parts";
import { useTokenSource } from "../../kit/api/token";
import { failureText } from "../../kit/format";
import { beginReceipt, completeReceipt } from "../api/payments";
import { FileButton } from "../../kit/upload/FileButton";
import { UploadProgressBar } from "../../kit/upload/UploadProgressBar";

export const RECEIPT_TYPES = ["application/pdf", "image/png", "image/jpeg", "image/gif", "image/webp"] as const;
export const RECEIPT_MAX_BYTES = 10_000_000;

/** Why a chosen file cannot be a receipt, before anything is sent; null when it may be. */
export function receiptRefusal(file: Pick<File, "name" | "size" | "type">): string | null {
  if (!(RECEIPT_TYPES as readonly string[]).includes(file.type)) return `“${file.name}” is not a PDF or an image (PNG, JPEG, GIF or WebP).`;
  if (file.size === 0) return `“${file.name}” is empty.`;
  if (file.size > RECEIPT_MAX_BYTES) return `“${file.name}” is ${(file.size / 1_000_000).toFixed(1)} MB; a receipt can be at most 10 MB.`;
  return null;
}

export function ReceiptFileField({ receipt, onChange, onSending }: { receipt: ReceiptView | null; onChange: (r: ReceiptView | null) => void; onSending: (sending: boolean) => void }) {
  const id = useId();
  const source = useTokenSource();
  const [sending, setSending] = useState<{ name: string; size: number; sent: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  const choose = async (file: File | undefined) => {
    if (!file) return;
    const why = receiptRefusal(file);
    setProblem(why);
    if (why) return;
    setSending({ name: file.name, size: file.size, sent: 0 });
    onSending(true);
    try {
      const arrived = await uploadInParts(
        file,
        {
          begin: () => beginReceipt(source, { fileName: file.name, size: file.size, contentType: file.type }),
          putPart,
          complete: (fileId, parts) => completeReceipt(source, fileId, parts),
        },
        { signal: new AbortController().signal, onProgress: ({ sentBytes }) => setSending({ name: file.name, size: file.size, sent: sentBytes }) },
      );
      onChange(arrived);
    } catch (e) {
      setProblem(`“${file.name}” could not be attached. ${failureText(e)}`);
    } finally {
      setSending(null);
      onSending(false);
    }
  };

  const percent = sending && sending.size > 0 ? Math.floor((sending.sent / sending.size) * 100) : 0;
  return (
    <div className="grid gap-2 sm:col-span-2">
      <span className="text-sm font-semibold text-ink">
        Receipt file <span className="font-normal text-slate-600">(optional)</span>
      </span>
      <p id={`${id}-hint`} className="text-xs text-slate-600">
        A photo of the bank slip, a screenshot of the wallet's confirmation or a PDF; at most 10 MB.
      </p>
      {receipt ? (
        <p className="flex flex-wrap items-center gap-2 text-sm">
          <span className="font-medium text-green-800 [overflow-wrap:anywhere]">Attached: {receipt.fileName}</span>
          <button type="button" className="btn-secondary min-h-10 px-3 py-1 text-sm" onClick={() => onChange(null)} aria-label={`Remove ${receipt.fileName}`}>
            Remove
          </button>
        </p>
      ) : (
        <FileButton accept={RECEIPT_TYPES.join(",")} testId="receipt-input" busy={sending !== null} label="Attach a receipt" describedBy={`${id}-hint`} onFile={(file) => void choose(file)} />
      )}
      {sending && <UploadProgressBar name={sending.name} percent={percent} />}
      {problem && (
        <p role="alert" className="text-sm font-medium text-red-700">
          {problem}
        </p>
      )}
    </div>
  );
}

// A button that opens the file chooser for one small file (an assignment's attachment, a payment's receipt file):
// the input itself is hidden from sight and from the keyboard, and chosen again after a refusal it fires again.
import { useRef } from "react";

export function FileButton({
  accept,
  testId,
  busy,
  label,
  describedBy,
  onFile,
}: {
  accept: string;
  testId: string;
  busy: boolean;
  label: string;
  describedBy: string;
  onFile: (file: File | undefined) => void;
}) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        accept={accept}
        className="sr-only"
        tabIndex={-1}
        aria-hidden="true"
        data-testid={testId}
        onChange={(e) => {
          onFile(e.target.files?.[0]);
          e.target.value = "";
        }}
      />
      <button type="button" className="btn-secondary min-h-10 justify-self-start px-4 py-2 text-sm" disabled={busy} aria-describedby={describedBy} onClick={() => input.current?.click()}>
        {busy ? "Uploading…" : label}
      </button>
    </>
  );
}

// One small file's upload progress (an assignment's attachment, a payment's receipt file): a labelled progress bar.
// A recording's upload has its own, with speed and time left (LectureUploader).

export function UploadProgressBar({ name, percent }: { name: string; percent: number }) {
  return (
    <div
      role="progressbar"
      aria-label={`Upload of ${name}`}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent}
      className="h-2 w-full max-w-md overflow-hidden rounded-full bg-slate-200"
    >
      <div className="h-full bg-brand-700" style={{ width: `${percent}%` }} />
    </div>
  );
}

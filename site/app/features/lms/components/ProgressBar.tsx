// How much of a batch a student has watched: "3 of 8 lectures watched" over a bar (one element for screen readers).
export function ProgressBar({ watched, total, label }: { watched: number; total: number; label: string }) {
  const percent = total > 0 ? Math.round((watched / total) * 100) : 0;
  const text = `${watched} of ${total} lectures watched`;
  return (
    <div>
      <p className="text-sm font-medium text-slate-700">{text}</p>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={watched}
        aria-valuetext={text}
        className="mt-2 h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width]" style={{ width: `${percent}%` }} />
      </div>
    </div>
  );
}

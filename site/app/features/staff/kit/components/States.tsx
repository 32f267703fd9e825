// The console's loading, error (with Retry) and empty states, and a table that scrolls sideways on a phone.
import { useId, type ReactNode } from "react";
import { failureText } from "../format";

export function Loading({ text }: { text: string }) {
  return (
    <p role="status" className="py-6 text-slate-600">
      {text}
    </p>
  );
}

export function Failure({ what, error, onRetry }: { what: string; error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="flex flex-wrap items-center gap-4 rounded-xl border border-red-200 bg-red-50 p-4">
      <p className="font-medium text-red-800">
        {what} {failureText(error)}
      </p>
      <button type="button" className="btn-secondary min-h-10 px-4 py-2 text-sm" onClick={onRetry}>
        Retry
      </button>
    </div>
  );
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="rounded-xl border border-dashed border-slate-300 p-6 text-slate-600">{children}</p>;
}

/**
 * A table with its caption; on a narrow screen it scrolls sideways in a focusable region (keyboard users scroll it too).
 * The region is positioned, so what is placed absolutely inside (a screen reader's text) scrolls with it, never past the page.
 */
export function ScrollTable({ caption, captionHidden = false, children }: { caption: string; captionHidden?: boolean; children: ReactNode }) {
  const id = useId();
  return (
    <div role="region" aria-labelledby={id} tabIndex={0} className="relative overflow-x-auto rounded-xl border border-slate-200">
      <table className="w-full min-w-[40rem] border-collapse text-left text-sm">
        <caption id={id} className={captionHidden ? "sr-only" : "px-4 pt-3 text-left font-semibold text-ink"}>
          {caption}
        </caption>
        {children}
      </table>
    </div>
  );
}

export const th = "border-b border-slate-200 bg-slate-50 px-3 py-2 font-semibold text-slate-800";
export const td = "border-b border-slate-100 px-3 py-2 align-top";
/** The column of a row's actions (last): it stays in view at the table's right edge while the rest scrolls sideways. */
const stuck = "sticky right-0 shadow-[inset_1px_0_0_var(--color-slate-200)]";
export const actionTh = `${th} ${stuck}`;
export const actionTd = `${td} ${stuck} bg-white`;
/** An id or other unbroken code: wraps anywhere, in a column never narrower than 10rem. */
export const codeTd = `${td} min-w-40 font-mono text-xs [overflow-wrap:anywhere]`;

/** "Load more" under a paged list, with its own failure. */
export function LoadMore({ hasMore, loading, error, onLoadMore }: { hasMore: boolean; loading: boolean; error: unknown; onLoadMore: () => void }) {
  if (!hasMore && !error) return null;
  return (
    <div className="mt-4 flex flex-wrap items-center gap-4">
      {hasMore && (
        <button type="button" className="btn-secondary min-h-10 px-4 py-2 text-sm" disabled={loading} onClick={onLoadMore}>
          {loading ? "Loading…" : "Load more"}
        </button>
      )}
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          Could not load more. {failureText(error)}
        </p>
      ) : null}
    </div>
  );
}

/** A small coloured label (status, outcome). */
export function Badge({ tone, children }: { tone: "green" | "amber" | "red" | "slate"; children: ReactNode }) {
  const tones = {
    green: "bg-green-100 text-green-900",
    amber: "bg-amber-100 text-amber-900",
    red: "bg-red-100 text-red-900",
    slate: "bg-slate-100 text-slate-800",
  };
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${tones[tone]}`}>{children}</span>;
}

// The console's loading, error (with Retry) and empty states, "Load more" under a paged list, and a badge.
import type { ReactNode } from "react";
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

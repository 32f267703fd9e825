// A strip of headline numbers (one stats source: content/stats.ts).
import type { Stat } from "../content/stats";
import { cx } from "../lib/cx";

export function StatsStrip({ stats, className, dark = false }: { stats: Stat[]; className?: string; dark?: boolean }) {
  return (
    <dl className={cx("grid grid-cols-2 gap-6 sm:grid-cols-4", className)}>
      {stats.map((s) => (
        <div key={s.label} className="flex flex-col-reverse justify-end">
          <dt className={cx("text-sm", dark ? "text-brand-100" : "text-slate-600")}>{s.label}</dt>
          <dd className={cx("text-3xl font-extrabold", dark ? "text-white" : "text-brand-800")}>{s.value}</dd>
        </div>
      ))}
    </dl>
  );
}

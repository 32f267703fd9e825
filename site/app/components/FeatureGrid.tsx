// A grid of icon cards (why-choose features, service cards, core values).
import type { IconName } from "../config/icons";
import { cx } from "../lib/cx";
import { Icon } from "./Icon";

export interface FeatureItem {
  icon: IconName;
  title: string;
  description: string;
}

export function FeatureGrid({ items, columns = 3 }: { items: FeatureItem[]; columns?: 2 | 3 | 4 }) {
  return (
    <ul
      className={cx(
        "grid gap-6 sm:grid-cols-2",
        columns === 3 && "lg:grid-cols-3",
        columns === 4 && "lg:grid-cols-4",
      )}
    >
      {items.map((f) => (
        <li key={f.title} className="card p-6">
          <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
            <Icon name={f.icon} className="size-6" />
          </span>
          <h3 className="mt-4 text-lg font-semibold">{f.title}</h3>
          <p className="mt-2 leading-7 text-slate-600">{f.description}</p>
        </li>
      ))}
    </ul>
  );
}

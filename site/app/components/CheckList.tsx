// A bullet list with check marks (why-choose lists, what-you-learn).
import { cx } from "../lib/cx";
import { Icon } from "./Icon";

export function CheckList({ items, columns = 2 }: { items: string[]; columns?: 1 | 2 }) {
  return (
    <ul className={cx("grid gap-4", columns === 2 && "sm:grid-cols-2")}>
      {items.map((item) => (
        <li key={item} className="flex items-start gap-3">
          <Icon name="circle-check" className="mt-0.5 size-5 text-emerald-700" />
          <span className="leading-7">{item}</span>
        </li>
      ))}
    </ul>
  );
}

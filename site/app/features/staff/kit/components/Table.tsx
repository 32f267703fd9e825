// The console's one table: its caption (shown or for screen readers only), a header row of column names, a row per
// item with the cells the caller draws, and the empty state instead when there are no items. On a narrow screen it
// scrolls sideways in a focusable region (keyboard users scroll it too); the actions column stays in view.
import { useId, type HTMLAttributes, type Key, type ReactNode } from "react";
import { Empty } from "./States";

export const th = "border-b border-slate-200 bg-slate-50 px-3 py-2 font-semibold text-slate-800";
export const td = "border-b border-slate-100 px-3 py-2 align-top";
/** The column of a row's actions (last): it stays in view at the table's right edge while the rest scrolls sideways. */
const stuck = "sticky right-0 shadow-[inset_1px_0_0_var(--color-slate-200)]";
export const actionTh = `${th} ${stuck}`;
export const actionTd = `${td} ${stuck} bg-white`;
/** An id or other unbroken code: wraps anywhere, in a column never narrower than 10rem. */
export const codeTd = `${td} min-w-40 font-mono text-xs [overflow-wrap:anywhere]`;

/**
 * A table with its caption in a region that scrolls sideways. The region is positioned, so what is placed absolutely
 * inside (a screen reader's text) scrolls with it, never past the page.
 */
function ScrollTable({ caption, captionHidden = false, children }: { caption: string; captionHidden?: boolean; children: ReactNode }) {
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

/** A column's name, or `{ actions: name }` for the row's actions (the last column, kept in view); false: not shown. */
export type Column = ReactNode | { actions: ReactNode };

interface ConsoleTableProps<T> {
  caption: string;
  captionHidden?: boolean;
  columns: readonly Column[];
  rows: readonly T[];
  rowKey: (row: T, index: number) => Key;
  /** The row's own attributes (a test's data-*, the open row's aria-current). */
  rowProps?: (row: T, index: number) => HTMLAttributes<HTMLTableRowElement> & Record<`data-${string}`, string | undefined>;
  /** Shown instead of the table when there are no rows; without it the table shows with its header only. */
  empty?: ReactNode;
  /** The row's cells (<th scope="row"> and <td>, with td, actionTd, codeTd). */
  children: (row: T, index: number) => ReactNode;
}

export function ConsoleTable<T>({ caption, captionHidden, columns, rows, rowKey, rowProps, empty, children }: ConsoleTableProps<T>) {
  if (rows.length === 0 && empty !== undefined) return <Empty>{empty}</Empty>;
  return (
    <ScrollTable caption={caption} captionHidden={captionHidden}>
      <thead>
        <tr>
          {columns.map((c, i) => {
            if (c === false || c === null || c === undefined) return null;
            const actions = typeof c === "object" && "actions" in c;
            return (
              <th key={i} scope="col" className={actions ? actionTh : th}>
                {actions ? c.actions : c}
              </th>
            );
          })}
        </tr>
      </thead>
      <tbody>
        {rows.map((row, i) => (
          <tr key={rowKey(row, i)} {...rowProps?.(row, i)}>
            {children(row, i)}
          </tr>
        ))}
      </tbody>
    </ScrollTable>
  );
}

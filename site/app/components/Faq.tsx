// FAQ list: native disclosure widgets (readable without JavaScript) plus a Show all / Hide all toggle.
import { useState } from "react";
import type { FaqItem } from "../content/faqs";
import { Icon } from "./Icon";

export function Faq({ items, idPrefix = "faq" }: { items: FaqItem[]; idPrefix?: string }) {
  const [open, setOpen] = useState<boolean[]>(() => items.map(() => false));
  const allOpen = open.every(Boolean);

  return (
    <div>
      <div className="mb-4 flex justify-end">
        <button
          type="button"
          className="btn-secondary min-h-10 px-4 py-2 text-sm"
          aria-controls={items.map((_, i) => `${idPrefix}-${i}`).join(" ")}
          data-faq-toggle
          onClick={() => setOpen(items.map(() => !allOpen))}
        >
          {allOpen ? "Hide all" : "Show all"}
        </button>
      </div>
      <div className="divide-y divide-slate-200 rounded-2xl border border-slate-200 bg-white">
        {items.map((item, i) => (
          <details
            key={item.question}
            id={`${idPrefix}-${i}`}
            open={open[i]}
            onToggle={(e) => {
              const isOpen = e.currentTarget.open;
              setOpen((prev) => (prev[i] === isOpen ? prev : prev.map((v, j) => (j === i ? isOpen : v))));
            }}
            className="group px-6"
          >
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 py-5 text-left font-semibold text-ink [&::-webkit-details-marker]:hidden">
              <h3 className="text-base">{item.question}</h3>
              <Icon name="chevron-down" className="size-5 text-slate-500 transition-transform group-open:rotate-180" />
            </summary>
            <p className="pb-5 leading-7 text-slate-600">{item.answer}</p>
          </details>
        ))}
      </div>
    </div>
  );
}

// A Pagefind excerpt as text, with its <mark>ed matches highlighted; nothing from it is inserted as HTML.
import { Fragment } from "react";

const entities: Record<string, string> = { "&amp;": "&", "&lt;": "<", "&gt;": ">", "&quot;": '"', "&#39;": "'", "&#x27;": "'" };
const decode = (s: string) => s.replace(/&(?:amp|lt|gt|quot|#39|#x27);/g, (e) => entities[e] ?? e);

export function excerptParts(excerpt: string): { text: string; marked: boolean }[] {
  return excerpt
    .split(/(<mark>[^<]*<\/mark>)/)
    .filter(Boolean)
    .map((part) => {
      const m = /^<mark>([^<]*)<\/mark>$/.exec(part);
      return { text: decode((m?.[1] ?? part).replace(/<[^>]*>/g, "")), marked: Boolean(m) };
    });
}

export function Excerpt({ html }: { html: string }) {
  return (
    <>
      {excerptParts(html).map((p, i) =>
        p.marked ? (
          <mark key={i} className="rounded bg-amber-100 px-0.5 text-ink">
            {p.text}
          </mark>
        ) : (
          <Fragment key={i}>{p.text}</Fragment>
        ),
      )}
    </>
  );
}

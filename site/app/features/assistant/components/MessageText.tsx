// A chat message as plain text; site paths and https URLs in it become links built from the text (never HTML).
import { Fragment } from "react";

const linkPattern = /(https:\/\/[^\s<>"']+|(?<=^|\s)\/(?!\/)[A-Za-z0-9][\w\-/#]*)/g;
const trailing = /[.,;:!?)]+$/;

export interface TextPart {
  text: string;
  href?: string;
}

/** Splits a message into text and link parts; a link's href is exactly its (trimmed) text. */
export function messageParts(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const m of text.matchAll(linkPattern)) {
    const raw = m[0];
    const href = raw.replace(trailing, "");
    const start = m.index ?? 0;
    if (start > last) parts.push({ text: text.slice(last, start) });
    parts.push({ text: href, href });
    last = start + href.length;
  }
  if (last < text.length) parts.push({ text: text.slice(last) });
  return parts;
}

export function MessageText({ text }: { text: string }) {
  return (
    <>
      {messageParts(text).map((p, i) =>
        p.href ? (
          <a
            key={i}
            href={p.href}
            className="font-medium text-brand-700 underline"
            {...(p.href.startsWith("https://") ? { target: "_blank", rel: "noopener noreferrer" } : {})}
          >
            {p.text}
          </a>
        ) : (
          <Fragment key={i}>{p.text}</Fragment>
        ),
      )}
    </>
  );
}

// HTML the API rendered from staff's Markdown (instructions, feedback), shown through an allow list: each element is
// rebuilt as a React element of a known tag, with no attribute but a link's safe address, so nothing the server missed
// (a script, an event handler, a style) reaches the page. Links open in a new tab with rel="noopener nofollow";
// headings start at `headingLevel` so they sit under the page's own.
import { createElement, Fragment, useMemo, type ReactNode } from "react";
import { safeHref } from "../lib/markdown";

const KEPT = new Set(["p", "ul", "ol", "li", "strong", "em", "code", "pre", "blockquote", "br", "hr", "table", "thead", "tbody", "tr", "th", "td", "del", "b", "i"]);
const HEADING = /^h([1-6])$/;

const classes: Record<string, string> = {
  ul: "grid gap-1 pl-6 list-disc",
  ol: "grid gap-1 pl-6 list-decimal",
  code: "rounded bg-slate-100 px-1 font-mono text-[0.9em]",
  pre: "overflow-x-auto rounded-lg bg-slate-100 p-3 font-mono text-sm [&_code]:bg-transparent [&_code]:p-0",
  blockquote: "border-l-4 border-slate-300 pl-3 text-slate-700",
  table: "block overflow-x-auto border-collapse text-sm",
  th: "border border-slate-300 px-2 py-1 text-left",
  td: "border border-slate-300 px-2 py-1",
  a: "font-medium text-brand-700 underline [overflow-wrap:anywhere]",
};
const headingClass = ["", "text-xl font-bold", "text-lg font-bold", "text-base font-semibold", "font-semibold", "font-semibold", "font-semibold"];

function convert(node: Node, headingLevel: number, key: number): ReactNode {
  if (node.nodeType === 3) return node.textContent;
  if (node.nodeType !== 1) return null;
  const el = node as Element;
  const tag = el.tagName.toLowerCase();
  const children = [...el.childNodes].map((c, i) => convert(c, headingLevel, i));
  const heading = HEADING.exec(tag);
  if (heading) {
    const level = Number(heading[1]);
    return createElement(`h${Math.min(6, headingLevel + level - 1)}`, { key, className: headingClass[level] }, ...children);
  }
  if (tag === "a") {
    const href = safeHref(el.getAttribute("href") ?? "");
    if (!href) return <Fragment key={key}>{children}</Fragment>;
    return (
      <a key={key} href={href} rel="noopener nofollow" target="_blank" className={classes.a}>
        {children}
        <span className="sr-only"> (opens in a new tab)</span>
      </a>
    );
  }
  if (tag === "pre") return createElement("pre", { key, className: classes.pre, tabIndex: 0 }, ...children);
  if (tag === "br" || tag === "hr") return createElement(tag, { key });
  if (KEPT.has(tag)) return createElement(tag, { key, className: classes[tag] }, ...children);
  // Anything else (script, style, iframe, img…) is dropped with what it holds if it runs or loads, else unwrapped.
  if (["script", "style", "iframe", "object", "embed", "img", "svg", "math", "template", "noscript", "form", "input", "button", "link", "meta"].includes(tag)) return null;
  return <Fragment key={key}>{children}</Fragment>;
}

export function SafeHtml({ html, headingLevel = 3, className = "" }: { html: string; headingLevel?: number; className?: string }) {
  const content = useMemo(() => {
    if (typeof DOMParser === "undefined") return null;
    const doc = new DOMParser().parseFromString(`<body>${html}</body>`, "text/html");
    return [...doc.body.childNodes].map((n, i) => convert(n, headingLevel, i));
  }, [html, headingLevel]);
  return <div className={`grid gap-3 leading-7 text-slate-800 ${className}`}>{content}</div>;
}

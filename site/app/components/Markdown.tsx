// Staff's Markdown shown safely (lib/markdown.ts): React elements only, never HTML; a link opens in a new tab with
// rel="noopener nofollow" and says so to a screen reader. Headings start at `headingLevel` so they sit under the page's.
import { Fragment, type ReactNode } from "react";
import { parseMarkdown, type Inline } from "../lib/markdown";

function inlines(nodes: Inline[]): ReactNode {
  return nodes.map((node, i) => {
    switch (node.kind) {
      case "text":
        return <Fragment key={i}>{node.text}</Fragment>;
      case "break":
        return <br key={i} />;
      case "code":
        return (
          <code key={i} className="rounded bg-slate-100 px-1 font-mono text-[0.9em]">
            {node.text}
          </code>
        );
      case "strong":
        return <strong key={i}>{inlines(node.children)}</strong>;
      case "em":
        return <em key={i}>{inlines(node.children)}</em>;
      case "link":
        return (
          <a key={i} href={node.href} rel="noopener nofollow" target="_blank" className="font-medium text-brand-700 underline [overflow-wrap:anywhere]">
            {inlines(node.children)}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        );
    }
  });
}

const headingClass = ["", "text-xl font-bold", "text-lg font-bold", "text-base font-semibold", "font-semibold", "font-semibold", "font-semibold"];

export function Markdown({ source, headingLevel = 3, className = "" }: { source: string; headingLevel?: number; className?: string }) {
  const blocks = parseMarkdown(source);
  return (
    <div className={`grid gap-3 leading-7 text-slate-800 ${className}`}>
      {blocks.map((block, i) => {
        switch (block.kind) {
          case "heading": {
            const level = Math.min(6, headingLevel + block.level - 1);
            const Tag = `h${level}` as "h3";
            return (
              <Tag key={i} className={headingClass[Math.min(6, block.level)]}>
                {inlines(block.children)}
              </Tag>
            );
          }
          case "paragraph":
            return <p key={i}>{inlines(block.children)}</p>;
          case "quote":
            return (
              <blockquote key={i} className="border-l-4 border-slate-300 pl-3 text-slate-700">
                {inlines(block.children)}
              </blockquote>
            );
          case "code":
            return (
              <pre key={i} tabIndex={0} className="overflow-x-auto rounded-lg bg-slate-100 p-3 font-mono text-sm">
                <code>{block.text}</code>
              </pre>
            );
          case "list": {
            const List = block.ordered ? "ol" : "ul";
            return (
              <List key={i} className={`grid gap-1 pl-6 ${block.ordered ? "list-decimal" : "list-disc"}`}>
                {block.items.map((item, j) => (
                  <li key={j}>{inlines(item)}</li>
                ))}
              </List>
            );
          }
        }
      })}
    </div>
  );
}

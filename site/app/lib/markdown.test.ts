// Staff's Markdown is read into elements, never HTML: raw tags stay text and a link keeps only a safe address.
import { describe, expect, it } from "vitest";
import { parseInline, parseMarkdown, safeHref } from "./markdown";

describe("markdown", () => {
  it("reads headings, lists, code and paragraphs", () => {
    const blocks = parseMarkdown("# Week 3\n\nBuild a **todo** app.\nUse `useState`.\n\n- one\n- two\n\n1. first\n2. second\n\n```\nnpm test\n```");
    expect(blocks.map((b) => b.kind)).toEqual(["heading", "paragraph", "list", "list", "code"]);
    expect(blocks[2]).toMatchObject({ kind: "list", ordered: false });
    expect(blocks[3]).toMatchObject({ kind: "list", ordered: true });
    expect(blocks[4]).toEqual({ kind: "code", text: "npm test" });
  });

  it("keeps raw HTML as text", () => {
    const [block] = parseMarkdown('<script>alert(1)</script> <img src=x onerror="alert(2)">');
    expect(block).toEqual({ kind: "paragraph", children: [{ kind: "text", text: '<script>alert(1)</script> <img src=x onerror="alert(2)">' }] });
  });

  it("keeps http, https and mailto links and drops others to their text", () => {
    expect(safeHref("https://github.com/x/y")).toBe("https://github.com/x/y");
    expect(safeHref("mailto:a@example.com")).toBe("mailto:a@example.com");
    expect(safeHref("javascript:alert(1)")).toBeNull();
    expect(safeHref("JaVaScRiPt:alert(1)")).toBeNull();
    expect(safeHref("data:text/html,<b>x</b>")).toBeNull();
    expect(safeHref("/relative")).toBeNull();
    expect(parseInline("[docs](https://react.dev) and [bad](javascript:void0)")).toEqual([
      { kind: "link", href: "https://react.dev/", children: [{ kind: "text", text: "docs" }] },
      { kind: "text", text: " and bad" },
    ]);
    expect(parseInline("see https://example.com/a.")).toEqual([
      { kind: "text", text: "see " },
      { kind: "link", href: "https://example.com/a", children: [{ kind: "text", text: "https://example.com/a" }] },
      { kind: "text", text: "." },
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { leanLoaderData, MIN_MARKUP } from "./lean-loader-data";

/** A page as React Router pre-renders one: the markup in the body, the loader data in a script, escaped. */
function page(body: string, values: unknown[]): string {
  const chunk = `${JSON.stringify(values)}\n`;
  const literal = JSON.stringify(chunk).replace(/[&<>]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  return `<html><body><main>${body}</main><script>window.__reactRouterContext.streamController.enqueue(${literal});</script></body></html>`;
}

/** The values of a page's embedded data, as the browser reads them. */
function values(html: string): unknown[] {
  const literal = /enqueue\(("(?:[^"\\]|\\.)*")\);/.exec(html)?.[1] ?? "";
  return JSON.parse((JSON.parse(literal) as string).split("\n")[0] ?? "") as unknown[];
}

const markup = `<section class="hero"><h1>Learn &amp; build</h1>${"<p>A paragraph of the page.</p>".repeat(40)}</section>`;

describe("leanLoaderData", () => {
  it("takes out markup the page already holds and keeps everything else", () => {
    const html = page(markup, [{ _1: 2 }, "html", markup, "title", "Home"]);
    const { html: lean, removed } = leanLoaderData(html);
    expect(removed).toBe(markup.length);
    expect(values(lean)).toEqual([{ _1: 2 }, "html", "", "title", "Home"]);
    expect(lean).toContain(`<main>${markup}</main>`);
    expect(lean.length).toBeLessThan(html.length - markup.length);
    // Still one script the browser can run: nothing in it can end it early
    expect(lean.match(/<\/script>/g)).toHaveLength(1);
  });

  it("keeps markup the page does not hold verbatim, text and short strings", () => {
    const elsewhere = `<div>${"x".repeat(MIN_MARKUP)}</div>`;
    const text = "t".repeat(MIN_MARKUP * 2);
    const short = "<b>short</b>";
    // Text is escaped in the page, so markup shown as text is not there verbatim
    const shownAsText = markup.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
    const html = page(`${text}${short}${shownAsText}`, ["a", elsewhere, text, short, markup]);
    expect(leanLoaderData(html)).toEqual({ html, removed: 0 });
  });

  it("leaves a page without embedded data as it is", () => {
    const html = `<html><body>${markup}</body></html>`;
    expect(leanLoaderData(html)).toEqual({ html, removed: 0 });
  });
});

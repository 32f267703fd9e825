// Build-time HTML sent once, not twice. A pre-rendered page draws its unchanging sections from build-time HTML
// (StaticHtml, StaticHeader: the home page's body, the header, the footer) passed through loader data, and React
// Router embeds that loader data in the page for hydration: the same markup a second time, escaped inside a script
// (on `/`, 74 KB of a 220 KB page, parsed and evaluated before the first paint on a slow phone). Hydration does not
// need it: React keeps what an element's `dangerouslySetInnerHTML` wrote at build time whatever the client passes
// (it does not compare that prop), as it keeps the inlined stylesheet (inline-stylesheet.ts), and a later render
// with the same value changes nothing. So in each page's embedded data, a string of markup that the page's HTML
// already holds verbatim (which only raw inserted markup does: text is escaped) is replaced by an empty string.
// A client-side navigation still fetches the full data of the page it goes to (its `.data` file, untouched), so
// a section drawn then gets its markup as before (docs/decisions/0048-build-time-html-sent-once.md).
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

/** The shortest markup worth taking out: below it the saving is noise. */
export const MIN_MARKUP = 512;

const enqueue = /(window\.__reactRouterContext\.streamController\.enqueue\()("(?:[^"\\]|\\.)*")(\);)/g;

/** As React Router writes a chunk into a script: JSON, then `&<>` and the line separators as escapes. */
function scriptString(text: string): string {
  return JSON.stringify(text).replace(/[&<>\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** The page with its embedded loader data lean, and how many characters of markup it no longer carries twice. */
export function leanLoaderData(html: string): { html: string; removed: number } {
  // Where the markup must already be: the page without its scripts.
  const page = html.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, "");
  let removed = 0;
  const lean = html.replace(enqueue, (whole, open: string, literal: string, close: string) => {
    const chunk = JSON.parse(literal) as string;
    const lines = chunk.split("\n").map((line) => {
      if (!line.startsWith("[")) return line;
      const values = JSON.parse(line) as unknown[];
      let changed = false;
      for (const [i, value] of values.entries()) {
        if (typeof value === "string" && value.length >= MIN_MARKUP && value.startsWith("<") && page.includes(value)) {
          values[i] = "";
          removed += value.length;
          changed = true;
        }
      }
      return changed ? JSON.stringify(values) : line;
    });
    const next = lines.join("\n");
    return next === chunk ? whole : `${open}${scriptString(next)}${close}`;
  });
  return { html: lean, removed };
}

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith(".html")).map((e) => join(e.parentPath, e.name));
}

/** Every built page made lean; the characters removed in all. */
export async function leanPages(client: string): Promise<number> {
  let total = 0;
  for (const file of await htmlFiles(client)) {
    const { html, removed } = leanLoaderData(await readFile(file, "utf8"));
    if (removed > 0) await writeFile(file, html);
    total += removed;
  }
  return total;
}

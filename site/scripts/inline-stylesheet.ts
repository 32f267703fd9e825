// The site's one stylesheet, inlined in every built page: the first paint waits for no request but the HTML
// (docs/decisions/0045-first-load-budgets.md). The root renders an empty `<style data-inline-css="/assets/app-….css">`
// in the build (root.tsx); this fills each page's with that file's text, before the compressed copies are written.
// React leaves the filled element as it is when it hydrates (it does not compare dangerouslySetInnerHTML), and the
// root never unmounts, so the rules stay for every page a visitor moves to in the browser.
import { readdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

const placeholder = /<style data-inline-css="(\/assets\/[\w.-]+\.css)"><\/style>/;

async function htmlFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith(".html")).map((e) => join(e.parentPath, e.name));
}

/** Fills every page's stylesheet placeholder; fails the build if a page has none or names a file the build lacks. */
export async function inlineStylesheet(client: string): Promise<number> {
  const css = new Map<string, string>();
  let pages = 0;
  for (const file of await htmlFiles(client)) {
    const html = await readFile(file, "utf8");
    const found = placeholder.exec(html);
    if (!found) throw new Error(`${file} has no <style data-inline-css> for the stylesheet (root.tsx)`);
    const [tag, href = ""] = found;
    const text = css.get(href) ?? (await readFile(join(client, href), "utf8")).trim();
    css.set(href, text);
    if (text.includes("</style")) throw new Error(`${href} holds "</style", which would end the inlined stylesheet`);
    await writeFile(file, html.replace(tag, () => `<style data-inline-css="${href}">${text}</style>`));
    pages++;
  }
  return pages;
}

// The site search index: Pagefind over the pre-rendered public pages (build/client → build/client/pagefind/).
// Only the sitemap's pages are indexed (no 404, fallback, thank-you, sign-in or search pages), and only their
// <main data-pagefind-body> (no header, footer or floating buttons). Titles come from each page's <title>.
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import * as pagefind from "pagefind";
import { publicPagePaths } from "../app/config/pages";

export const searchIndexDir = "pagefind";

export const htmlFileFor = (client: string, path: string) =>
  path === "/" ? join(client, "index.html") : join(client, path, "index.html");

/** Pagefind takes a result's title from the first <h1>; ours is a tagline, so mark the page title instead. */
export function withTitleMeta(html: string): string {
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1]?.replace(/\s*\|[^|]*$/, "") ?? "";
  return html.replace("<main ", `<main data-pagefind-meta="title:${title.replace(/"/g, "&quot;")}" `);
}

export async function writeSearchIndex(client: string): Promise<number> {
  const { index, errors } = await pagefind.createIndex({ forceLanguage: "en" });
  if (!index) throw new Error(`pagefind: ${errors.join("; ")}`);
  try {
    for (const path of publicPagePaths) {
      const content = withTitleMeta(await readFile(htmlFileFor(client, path), "utf8"));
      const added = await index.addHTMLFile({ url: path, content });
      if (added.errors.length) throw new Error(`pagefind ${path}: ${added.errors.join("; ")}`);
    }
    const written = await index.writeFiles({ outputPath: join(client, searchIndexDir) });
    if (written.errors.length) throw new Error(`pagefind: ${written.errors.join("; ")}`);
    return publicPagePaths.length;
  } finally {
    await pagefind.close();
  }
}

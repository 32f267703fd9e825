// `npm run cdn`: the CDN's routing tables (pre-rendered pages, the redirect table, client-rendered areas and the areas
// with a shell of their own) read from the site's source into infra/cdn/site-routes.json and
// infra/cdn/viewer-request.js, and both CloudFront Functions copied into template.yaml. A Vitest test (cdn-function.test.ts) fails when the committed files differ from what this writes.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { clientRenderedPrefixes, shellAreas } from "../app/config/pages";
import { redirectTable, type RedirectTable } from "../app/lib/redirects";
import { prerenderedPages } from "./prerendered-pages";

/** CloudFront's limit on a function's code, in bytes. */
export const functionSizeLimit = 10_240;
export const viewerRequestFile = "infra/cdn/viewer-request.js";
export const viewerResponseFile = "infra/cdn/viewer-response.js";
export const siteRoutesFile = "infra/cdn/site-routes.json";
const viewerRequestSource = "infra/cdn/viewer-request.src.js";
const templateFile = "template.yaml";
/** The line of viewer-request.src.js that receives the tables. */
const tablesPlaceholder = "var ROUTES = null;";

/** A path from the repository root. */
export const fromRepo = (path: string) => fileURLToPath(new URL(`../../${path}`, import.meta.url));
const read = (path: string) => readFileSync(fromRepo(path), "utf8");

export interface SiteRoutes {
  pages: string[];
  redirects: RedirectTable;
  clientRendered: string[];
  /** Areas served their own pre-rendered page (`<area>/index.html`) for any path under them. */
  shells: string[];
}

export function siteRoutes(): SiteRoutes {
  return { pages: prerenderedPages(), redirects: redirectTable(), clientRendered: [...clientRenderedPrefixes], shells: [...shellAreas] };
}

export function viewerRequestJs(routes: SiteRoutes): string {
  const source = read(viewerRequestSource);
  if (source.split(tablesPlaceholder).length !== 2) throw new Error(`${viewerRequestSource}: one \`${tablesPlaceholder}\` line expected`);
  return source.replace(tablesPlaceholder, `var ROUTES = ${JSON.stringify(routes, null, 2)};`);
}

const indentOf = (line: string) => line.length - line.trimStart().length;

/**
 * The template with the block under each `      FunctionCode: |  # <file>` line (every following line that is blank
 * or indented more than 6 spaces, less trailing blank lines) replaced by that file's code indented by 8 spaces.
 */
export function templateWithFunctions(template: string, code: Record<string, string>): string {
  const lines = template.split("\n");
  for (const [file, text] of Object.entries(code)) {
    const header = lines.indexOf(`      FunctionCode: |  # ${file}`);
    if (header < 0) throw new Error(`${templateFile}: no \`FunctionCode: |  # ${file}\` line`);
    let end = header + 1;
    while (end < lines.length && (lines[end]!.trim() === "" || indentOf(lines[end]!) > 6)) end++;
    while (end > header + 1 && lines[end - 1]!.trim() === "") end--;
    const block = text.replace(/\n$/, "").split("\n").map((line) => (line === "" ? "" : `        ${line}`));
    lines.splice(header + 1, end - header - 1, ...block);
  }
  return lines.join("\n");
}

/** Every file `npm run cdn` writes, by path from the repository root, with its content. */
export function cdnFiles(): Record<string, string> {
  const routes = siteRoutes();
  const viewerRequest = viewerRequestJs(routes);
  const viewerResponse = read(viewerResponseFile);
  return {
    [siteRoutesFile]: `${JSON.stringify(routes, null, 2)}\n`,
    [viewerRequestFile]: viewerRequest,
    [templateFile]: templateWithFunctions(read(templateFile), {
      [viewerRequestFile]: viewerRequest,
      [viewerResponseFile]: viewerResponse,
    }),
  };
}

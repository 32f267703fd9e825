// Every built page paints before its scripts start loading (docs/decisions/0050-scripts-after-the-first-paint.md).
// React Router writes, per page, module preloads into the head and one inline module script whose static imports
// (its manifest and the page's route modules) start those downloads while the HTML is still arriving: on a phone's
// link they share it with the page itself, and under Lighthouse's simulated network they counted before the first
// paint. This rewrites a page so that the same modules, in the same order, start loading once the page has painted
// its first content (the browser's `first-contentful-paint`), or at once in a tab that is not visible. The
// page's text, links and styles are all in the HTML already; what comes later is hydration (the menus, the forms).
import { readFile, writeFile } from "node:fs/promises";
import { pageFile } from "./page-weight.mjs";

const preload = /<link rel="modulepreload" href="(\/assets\/[\w.-]+\.js)"\/>/g;
const loader = /<script type="module" async="">([\s\S]*?)<\/script>/g;
const staticImport = /^import (?:\* as (route\d+) from )?"(\/assets\/[\w.-]+\.js)";$/;
const routeModules = /^window\.__reactRouterRouteModules = (\{[^;]*\});$/;
const entryImport = /^import\("(\/assets\/[\w.-]+\.js)"\);$/;

/** Marks the rewritten loader (`scripts/page-weight.mjs` counts the modules any inline module script names). */
const afterPaintAttribute = "data-after-paint";

/** The loader React Router writes, read line by line; anything else in it fails the build rather than being lost. */
export function parseLoader(script: string): { imports: { name?: string; url: string }[]; modules: string; entry: string } {
  const lines = script.split("\n").map((l) => l.trim()).filter(Boolean);
  const imports: { name?: string; url: string }[] = [];
  let modules: string | undefined;
  let entry: string | undefined;
  for (const line of lines) {
    const imported = staticImport.exec(line);
    const assigned = routeModules.exec(line);
    const started = entryImport.exec(line);
    if (imported && modules === undefined) imports.push({ name: imported[1], url: imported[2]! });
    else if (assigned && modules === undefined) modules = assigned[1];
    else if (started && modules !== undefined && entry === undefined) entry = started[1];
    else throw new Error(`React Router's page loader has a line this build does not know: ${line}`);
  }
  if (!imports.length || modules === undefined || entry === undefined) throw new Error("React Router's page loader is not as expected");
  return { imports, modules, entry };
}

/** The loader as it runs after the first paint: the preloads first, then the imports and the entry as before. */
export function afterPaintLoader(preloads: readonly string[], { imports, modules, entry }: ReturnType<typeof parseLoader>): string {
  const names = imports.map((i, n) => i.name ?? `_${n}`);
  return [
    `<script type="module" ${afterPaintAttribute}="">`,
    "const load=()=>{",
    `for(const href of ${JSON.stringify(preloads)}){const l=document.createElement("link");l.rel="modulepreload";l.href=href;document.head.append(l)}`,
    `Promise.all([${imports.map((i) => `import(${JSON.stringify(i.url)})`).join(",")}]).then(([${names.join(",")}])=>{`,
    `window.__reactRouterRouteModules=${modules};`,
    `return import(${JSON.stringify(entry)})})};`,
    // Once the browser reports the first contentful paint (as presented, which is what Lighthouse and a student
    // see); where paint timing is missing, the frame after the first animation frame; in a hidden tab, at once.
    'if(document.visibilityState!=="visible")load();',
    'else if(PerformanceObserver.supportedEntryTypes?.includes("paint"))new PerformanceObserver((list,observer)=>{',
    'if(list.getEntriesByName("first-contentful-paint").length){observer.disconnect();load()}}).observe({type:"paint",buffered:true});',
    "else requestAnimationFrame(()=>setTimeout(load));",
    "</script>",
  ].join("");
}

/** One page's HTML with its preloads and loader moved after the first paint. */
export function hydrateAfterPaint(html: string, file = "the page"): string {
  const preloads = [...html.matchAll(preload)].map((m) => m[1]!);
  const loaders = [...html.matchAll(loader)];
  if (loaders.length !== 1) throw new Error(`${file} has ${loaders.length} React Router loader scripts, not one`);
  const written = html.split('<link rel="modulepreload"').length - 1;
  if (written !== preloads.length) throw new Error(`${file} has ${written - preloads.length} module preloads this build cannot read`);
  const rewritten = afterPaintLoader(preloads, parseLoader(loaders[0]![1]!));
  return html.replace(preload, "").replace(loader, () => rewritten);
}

/**
 * Rewrites the pages whose content is their HTML: the public pages and the 404 page (`paths`). The client-only
 * shells (the SPA fallback, sign-in, the LMS, the console, `/verify`'s shell) show nothing worth painting before
 * their scripts, so they load them at once, as before.
 */
export async function hydratePagesAfterPaint(client: string, paths: readonly string[]): Promise<number> {
  for (const path of paths) {
    const file = pageFile(client, path);
    await writeFile(file, hydrateAfterPaint(await readFile(file, "utf8"), file));
  }
  return paths.length;
}

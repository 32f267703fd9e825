// The JavaScript a pre-rendered page loads before any interaction, measured on the build: every module its HTML
// preloads or its loader script names, plus their static imports, each compressed as it is served (gzip -9 and
// brotli -q 11, scripts/compress.mjs).
// Used by the benchmark's budgets (scripts/bench.mjs); `node scripts/page-weight.mjs [/path …]` prints the table.
import { existsSync, readFileSync } from "node:fs";
import { dirname, join, posix } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

// Not `new URL("../build/client", import.meta.url)`: Vite rewrites that pattern as an asset URL once the folder
// exists, so a test importing this module after a build got a URL that is not a file's.
export const defaultBuildDir = join(dirname(fileURLToPath(import.meta.url)), "..", "build", "client");

/** The HTML file of a page path: `/` → index.html, `/about` → about/index.html. */
export function pageFile(buildDir, path) {
  return join(buildDir, path.replace(/^\/+|\/+$/g, ""), "index.html");
}

/** Every script a page names at load: its preloads, module scripts, and the modules its inline loader names. */
export const scriptRefs = (html) => [
  ...[...html.matchAll(/<link rel="modulepreload" href="([^"]+)"/g)].map((m) => m[1]),
  ...[...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)].map((m) => m[1]),
  // The inline module script that loads the page: React Router's (`import "/assets/manifest-….js"; import * as
  // route0 from "…";`) as rewritten by scripts/hydrate-after-paint.ts, which names the same modules as strings (the
  // preloads, the imports and the entry) and starts them after the first paint: every module it names runs.
  ...[...html.matchAll(/<script[^>]*type="module"[^>]*>([\s\S]*?)<\/script>/g)].flatMap((m) =>
    [...m[1].matchAll(/["'](\/[^"']+\.js)["']/g)].map((i) => i[1]),
  ),
];

/** Static imports of one built module (`import … from "./x.js"`, `export … from`, `import "./x.js"`), as site paths. */
function staticImports(url, source) {
  const found = [...source.matchAll(/(?:^|[;}\s])(?:import|export)\s*(?:[\w*{}\s,$]+?\s*from\s*)?["']([^"']+\.js)["']/g)];
  return found.map((m) => (m[1].startsWith("/") ? m[1] : posix.join(posix.dirname(url), m[1])));
}

/** Every script URL the page runs before any user action (dynamic imports excluded). */
export function pageScripts(buildDir, path) {
  const html = readFileSync(pageFile(buildDir, path), "utf8");
  const seen = new Set();
  const queue = scriptRefs(html);
  while (queue.length) {
    const url = queue.shift();
    if (seen.has(url)) continue;
    seen.add(url);
    const file = join(buildDir, url);
    if (!existsSync(file)) throw new Error(`${path} refers to ${url}, which the build does not have`);
    queue.push(...staticImports(url, readFileSync(file, "utf8")));
  }
  return [...seen].sort();
}

export const gzipSize = (bytes) => gzipSync(bytes, { level: 9 }).length;
export const brotliSize = (bytes) =>
  brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }).length;

/** Per-file and total bytes (raw, gzip, brotli) of a page's first-load JavaScript. */
export function pageWeight(buildDir, path) {
  const files = pageScripts(buildDir, path).map((url) => {
    const bytes = readFileSync(join(buildDir, url));
    return { url, raw: bytes.length, gzip: gzipSize(bytes), brotli: brotliSize(bytes) };
  });
  const sum = (k) => files.reduce((n, f) => n + f[k], 0);
  return { path, files, raw: sum("raw"), gzip: sum("gzip"), brotli: sum("brotli") };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const paths = process.argv.slice(2).length ? process.argv.slice(2) : ["/"];
  const kb = (b) => (b / 1024).toFixed(1).padStart(6);
  for (const path of paths) {
    const w = pageWeight(defaultBuildDir, path);
    console.log(`${path}: ${kb(w.gzip)} KB gzip, ${kb(w.brotli)} KB brotli (${w.files.length} files)`);
    for (const f of w.files) console.log(`  ${kb(f.gzip)} gz ${kb(f.brotli)} br  ${f.url}`);
  }
}

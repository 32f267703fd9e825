// `npm run bench` (`make bench-site`): the JavaScript budgets of every public route, measured on the build
// (scripts/page-weight.mjs), then Lighthouse (mobile preset, Debian Chromium) on every public route of the server at
// BASE_URL; writes ../docs/benchmarks/site.md. A benchmark, not a test: it exits 1 when a JavaScript budget is
// exceeded (docs/decisions/0022-compressed-at-build-and-budgets.md), 2 when it cannot run; Lighthouse scores, noisy
// on a shared machine, are reported against their target without failing the run.
import { execFileSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { request as requestHttps } from "node:https";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { defaultBuildDir, pageWeight } from "./page-weight.mjs";

const baseUrl = process.env.BASE_URL?.replace(/\/$/, "");
if (!baseUrl) {
  console.error("BASE_URL is not set: start `academy serve` and set BASE_URL.");
  process.exit(2);
}
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const flags = [
  "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
  "--disable-background-networking", "--disable-component-update", "--disable-sync",
];
const out = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "docs", "benchmarks", "site.md");
const targets = { performance: 98, accessibility: 100, "best-practices": 100, seo: 100, cls: 0.02 };
/** First-load JavaScript budgets in KB (1000 bytes), on the files as served (gzip -9, brotli -q 11). */
const budgets = { home: { gzip: 115, brotli: 100 }, other: { gzip: 125 } };
const buildDir = process.env.SITE_DIR ?? defaultBuildDir;

function budgetRows(paths) {
  return paths.map((path) => {
    const w = pageWeight(buildDir, path);
    const limit = path === "/" ? budgets.home : budgets.other;
    const over = w.gzip / 1000 > limit.gzip || (limit.brotli !== undefined && w.brotli / 1000 > limit.brotli);
    return { path, gzip: w.gzip, brotli: w.brotli, files: w.files.length, limit, ok: !over };
  });
}
const kB = (b) => (b / 1000).toFixed(1);
const limitText = (l) => `≤ ${l.gzip} KB gzip${l.brotli !== undefined ? `, ≤ ${l.brotli} KB brotli` : ""}`;

async function publicPaths() {
  const xml = await (await fetch(`${baseUrl}/sitemap.xml`)).text();
  const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  if (paths.length === 0) throw new Error("the sitemap lists no pages");
  return paths;
}

/** Bytes on the wire for one URL when the client accepts gzip only. */
function gzipBytes(url) {
  return new Promise((resolve, reject) => {
    const req = (url.startsWith("https:") ? requestHttps : request)(url, { headers: { "accept-encoding": "gzip" } }, (res) => {
      let n = 0;
      res.on("data", (c) => (n += c.length));
      res.on("end", () => resolve({ bytes: n, encoding: res.headers["content-encoding"] ?? "identity" }));
    });
    req.on("error", reject);
    req.end();
  });
}

async function audit(port, path) {
  const result = await lighthouse(`${baseUrl}${path}`, {
    port,
    output: "json",
    logLevel: "error",
    onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
  });
  const lhr = result.lhr;
  const score = (id) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const audits = lhr.audits;
  const scripts = (audits["network-requests"]?.details?.items ?? []).filter((i) => i.resourceType === "Script");
  let js = 0;
  const encodings = new Set();
  for (const s of scripts) {
    const { bytes, encoding } = await gzipBytes(s.url);
    js += bytes;
    encodings.add(encoding);
  }
  const failing = Object.values(audits)
    .filter((a) => a.score !== null && a.score < 1 && a.scoreDisplayMode === "binary")
    .map((a) => a.id);
  return {
    path,
    performance: score("performance"),
    accessibility: score("accessibility"),
    "best-practices": score("best-practices"),
    seo: score("seo"),
    lcp: audits["largest-contentful-paint"]?.numericValue ?? NaN,
    cls: audits["cumulative-layout-shift"]?.numericValue ?? NaN,
    tbt: audits["total-blocking-time"]?.numericValue ?? NaN,
    jsBytes: js,
    jsFiles: scripts.length,
    encodings: [...encodings].join("+") || "none",
    failing,
  };
}

const meetsTargets = (r) =>
  r.performance >= targets.performance &&
  r.accessibility >= targets.accessibility &&
  r["best-practices"] >= targets["best-practices"] &&
  r.seo >= targets.seo &&
  r.cls <= targets.cls;

const kb = (b) => (b / 1024).toFixed(1);
const mark = (ok) => (ok ? "✅" : "❌");

function verdicts(rows, weights) {
  const home = weights.find((w) => w.path === "/");
  return [
    [`Home first-load JavaScript ${limitText(budgets.home)} (${home ? `${kB(home.gzip)} KB gzip, ${kB(home.brotli)} KB brotli` : "?"})`, Boolean(home?.ok)],
    [`Every other public route ${limitText(budgets.other)} (largest ${kB(Math.max(...weights.filter((w) => w.path !== "/").map((w) => w.gzip)))} KB)`, weights.filter((w) => w.path !== "/").every((w) => w.ok)],
    [`Performance ≥ ${targets.performance} on every route`, rows.every((r) => r.performance >= targets.performance)],
    ["Accessibility 100 on every route", rows.every((r) => r.accessibility >= targets.accessibility)],
    ["Best practices 100 on every route", rows.every((r) => r["best-practices"] >= targets["best-practices"])],
    ["SEO 100 on every route", rows.every((r) => r.seo >= targets.seo)],
    ["CLS ≤ 0.02 on every route", rows.every((r) => r.cls <= targets.cls)],
  ];
}

function markdown(rows, weights, meta) {
  const lines = [
    "# Site benchmark",
    "",
    `Lighthouse ${meta.lighthouse}, mobile preset (simulated throttling), ${meta.chromium}, against \`${baseUrl}\`.`,
    `Generated by \`npm run bench\` in site/ (\`make bench-site\`) on ${meta.date}. Machine: ${meta.cpus} CPU cores.`,
    "",
    "Budgets: the JavaScript a pre-rendered page preloads and runs before any interaction (its modulepreload links and module scripts with their static imports), measured on the build as `academy serve` sends it (gzip -9 and brotli -q 11 copies); KB = 1000 bytes. The Lighthouse table's JS column is what Lighthouse saw the page load, fetched again with `Accept-Encoding: gzip` (KiB).",
    `A route that missed a target on its first run was measured three times and the median run is shown (Runs column). Load average when the run started: ${meta.load}.`,
    "",
    "## Targets",
    "",
    ...verdicts(rows, weights).map(([label, ok]) => `- ${mark(ok)} ${label}`),
    "",
    "## JavaScript budgets",
    "",
    "| Route | gzip (KB) | brotli (KB) | Files | Budget | |",
    "| --- | ---: | ---: | ---: | --- | --- |",
    ...weights.map((w) => `| \`${w.path}\` | ${kB(w.gzip)} | ${kB(w.brotli)} | ${w.files} | ${limitText(w.limit)} | ${mark(w.ok)} |`),
    "",
    "## Lighthouse per route",
    "",
    "| Route | Perf | A11y | Best practices | SEO | LCP (ms) | CLS | TBT (ms) | JS gzip (KiB) | Scripts | Runs |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...rows.map(
      (r) =>
        `| \`${r.path}\` | ${r.performance} | ${r.accessibility} | ${r["best-practices"]} | ${r.seo} | ${Math.round(r.lcp)} | ${r.cls.toFixed(3)} | ${Math.round(r.tbt)} | ${kb(r.jsBytes)} | ${r.jsFiles} | ${r.runs ?? 1} |`,
    ),
    "",
  ];
  const failing = rows.filter((r) => r.failing.length);
  if (failing.length) {
    lines.push("## Audits not passed", "", ...failing.map((r) => `- \`${r.path}\`: ${r.failing.join(", ")}`), "");
  }
  return lines.join("\n");
}

// BENCH_ONLY=/,/about limits the run to some routes (for a quick look; the committed table covers all).
const only = process.env.BENCH_ONLY?.split(",").filter(Boolean);
const paths = only?.length ? only : await publicPaths();
const weights = budgetRows(paths);
console.log(`JavaScript budgets (first load, measured on ${buildDir}):`);
for (const w of weights) {
  console.log(`${mark(w.ok)} ${w.path.padEnd(26)} ${kB(w.gzip).padStart(6)} KB gzip ${kB(w.brotli).padStart(6)} KB brotli  (${limitText(w.limit)})`);
}
const { availableParallelism, loadavg } = await import("node:os");
const load = loadavg().map((l) => l.toFixed(2)).join(", ");
const chrome = await chromeLauncher.launch({ chromePath, chromeFlags: flags });
const rows = [];
try {
  for (const path of paths) {
    let row = await audit(chrome.port, path);
    // Lighthouse on a shared 2-core machine is noisy: a route below target is measured twice more and the
    // median run (by performance score) is kept, as Lighthouse's own guidance on variability suggests.
    if (!meetsTargets(row)) {
      const runs = [row, await audit(chrome.port, path), await audit(chrome.port, path)];
      runs.sort((a, b) => a.performance - b.performance);
      row = { ...runs[1], runs: runs.length };
    }
    rows.push(row);
    console.log(
      `${path.padEnd(26)} perf ${row.performance} a11y ${row.accessibility} bp ${row["best-practices"]} seo ${row.seo} ` +
        `LCP ${Math.round(row.lcp)}ms CLS ${row.cls.toFixed(3)} TBT ${Math.round(row.tbt)}ms JS ${kb(row.jsBytes)}KiB (${row.encodings})`,
    );
  }
} finally {
  await chrome.kill();
}

const chromium = (() => {
  try {
    return execFileSync(chromePath, ["--version"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
  } catch {
    return "Chromium";
  }
})();
const { createRequire } = await import("node:module");
const lighthouseVersion = createRequire(import.meta.url)("lighthouse/package.json").version;
await mkdir(dirname(out), { recursive: true });
await writeFile(
  out,
  markdown(rows, weights, { lighthouse: lighthouseVersion, chromium, date: new Date().toISOString().slice(0, 10), cpus: availableParallelism(), load }),
);
for (const [label, ok] of verdicts(rows, weights)) console.log(`${mark(ok)} ${label}`);
console.log(`wrote ${out}`);
const over = weights.filter((w) => !w.ok);
if (over.length) {
  console.error(`JavaScript budget exceeded: ${over.map((w) => `${w.path} (${kB(w.gzip)} KB gzip, ${kB(w.brotli)} KB brotli)`).join(", ")}`);
  process.exit(1);
}

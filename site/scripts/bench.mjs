// `npm run bench` (`make bench-site`): the JavaScript budgets of every public route, measured on the build
// (scripts/page-weight.mjs), then Lighthouse (mobile preset, Debian Chromium, the median of three runs) on every public
// route of the server at BASE_URL; writes ../docs/benchmarks/site.md. A benchmark, not a test: it exits 1 when a
// JavaScript budget is exceeded (docs/decisions/0022-compressed-at-build-and-budgets.md,
// 0045-first-load-budgets.md), 2 when it cannot run; Lighthouse scores, noisy on a shared machine, are reported
// against their target without failing the run.
// /FreeDemo is measured with its booking widget showing open slots and /verify/{id} for a valid certificate. The
// demo seed has neither, so the bench makes them through the staff API as staff would, signed in at the local
// OpenID provider (OIDC_ISSUER, set by with-server.sh with OIDC_PORT): it publishes demo slots (three and four days
// ahead, each repeated for a week) unless some are open, and enrols a student in a seeded batch, signs them in once,
// marks them complete and issues their certificate. Without OIDC_ISSUER, /FreeDemo is measured as it is and
// /verify/{id} is left out, which the report says.
import { execFileSync } from "node:child_process";
import { mkdir, writeFile } from "node:fs/promises";
import { request } from "node:http";
import { request as requestHttps } from "node:https";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { signIn } from "../../infra/oidc/token.mjs";
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
const targets = { performance: 100, accessibility: 100, "best-practices": 100, seo: 100, lcp: 1200, cls: 0.02, tbt: 50 };
/** First-load JavaScript budgets in KB (1000 bytes), on the files as served (gzip -9, brotli -q 11). */
const budgets = { home: { gzip: 110 }, other: { gzip: 120 } };
/** Lighthouse runs per route; the median of each measure is reported. */
const runs = Number(process.env.BENCH_RUNS ?? 3);
const buildDir = process.env.SITE_DIR ?? defaultBuildDir;

/** The pre-rendered page a path is served from: /verify/{id} is the /verify shell, drawn in the browser. */
const pageOf = (path) => (path.startsWith("/verify/") ? "/verify" : path);

function budgetRows(paths) {
  return paths.map((path) => {
    const w = pageWeight(buildDir, pageOf(path));
    const limit = path === "/" ? budgets.home : budgets.other;
    const over = w.gzip / 1000 > limit.gzip || (limit.brotli !== undefined && w.brotli / 1000 > limit.brotli);
    return { path, gzip: w.gzip, brotli: w.brotli, files: w.files.length, limit, ok: !over };
  });
}
const kB = (b) => (b / 1000).toFixed(1);
const limitText = (l) => `≤ ${l.gzip} KB gzip${l.brotli !== undefined ? `, ≤ ${l.brotli} KB brotli` : ""}`;

/** The seeded demo slots the booking widget on /FreeDemo shows (GET /api/demo/slots: the next 14 days). */
async function openSlots() {
  const res = await fetch(`${baseUrl}/api/demo/slots`);
  if (!res.ok) throw new Error(`GET /api/demo/slots answered ${res.status}`);
  return (await res.json()).slots.length;
}

/** Staff's calls to the API with the local provider's access token. */
async function api(token, method, path, body) {
  const res = await fetch(`${baseUrl}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = await res.json().catch(() => null);
  if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return json;
}

const issuer = process.env.OIDC_ISSUER;
const staffToken = async () => (await signIn(issuer, process.env.ACADEMY_STAFF_EMAILS?.split(",")[0] ?? "staff@example.com")).access_token;

/** Publishes demo slots three and four days ahead (19:00 UTC), each also the week after; how many were made. */
async function publishedSlots() {
  const staff = await staffToken();
  let made = 0;
  for (const days of [3, 4]) {
    const startsAt = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), new Date().getUTCDate() + days, 19));
    const body = { startsAt: startsAt.toISOString().replace(/\.\d{3}Z$/, "Z"), minutes: 45, seats: 20, meetingUrl: "https://meet.example.com/bench", repeatWeeks: 1 };
    made += (await api(staff, "POST", "/api/staff/demo/slots", body)).slots.length;
  }
  return made;
}

/** A valid certificate's id, issued through the staff API (DA-06, a seeded batch), or undefined without OIDC_ISSUER. */
async function issuedCertificate() {
  if (!issuer) return undefined;
  const batchId = "665f1c2a9b3e4d0012a1c006";
  const student = { name: "Bench Student", email: `bench-${Date.now().toString(36)}@example.com` };
  const staff = await staffToken();
  await api(staff, "POST", "/api/staff/enrolments", { batchId, ...student });
  // Signed in once, the student's account is linked to the enrolment.
  await api((await signIn(issuer, student.email)).access_token, "GET", "/api/me/batches");
  const { students } = await api(staff, "GET", `/api/staff/batches/${batchId}/certificates`);
  const row = students.find((s) => s.email === student.email);
  if (!row) throw new Error("the enrolled student is not in the batch's completions");
  await api(staff, "PUT", `/api/staff/batches/${batchId}/students/${encodeURIComponent(row.studentId)}/completion`, { complete: true });
  const certificate = await api(staff, "POST", `/api/staff/batches/${batchId}/students/${encodeURIComponent(row.studentId)}/certificate`, { name: student.name });
  return certificate.id;
}

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

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
};
const measures = ["performance", "accessibility", "best-practices", "seo", "lcp", "cls", "tbt", "jsBytes", "jsFiles"];

/** The median of each measure over `runs` Lighthouse runs (each measure on its own); audits failed in any run. */
async function medianAudit(port, path) {
  const all = [];
  for (let i = 0; i < runs; i++) all.push(await audit(port, path));
  const row = { ...all[0], runs: all.length, failing: [...new Set(all.flatMap((r) => r.failing))] };
  for (const m of measures) row[m] = median(all.map((r) => r[m]));
  return row;
}

const kb = (b) => (b / 1024).toFixed(1);
const mark = (ok) => (ok ? "✅" : "❌");

/** Why a target is not met, where the reason is known (docs/decisions/0045-first-load-budgets.md); by verdict label's start. */
const knownReasons = {
  "Home first-load": "React 19 and React Router 7 are 105.6 KB gzip of it before any code of ours (decision 0045): Preact, measured by a build on 2026-12-03, brings `/` to 54.5 KB but no page hydrates under it (decision 0045, amended); `/` without React is the way left.",
  Performance: "held down by LCP (see LCP) and, on some runs, TBT (see TBT).",
  LCP: "The public pages paint before their scripts start (decision 0050), with text as the LCP element, waiting on no font or image; `/verify/{id}` is a client-only shell: the certificate is drawn by its script from the API's answer, so its largest paint waits on both (Lighthouse's simulated mobile network, 150 ms RTT and 1.6 Mbps, puts the document's first byte at about 0.45 s). The shell starts the check before its scripts have loaded (decision 0051); the answer rendered into the HTML on the server is the way left.",
  SEO: "`/verify/{id}` says noindex on purpose (a certificate's page is not for search engines): Lighthouse's is-crawlable audit fails there, and only there.",
  TBT: "Lighthouse simulates a 4× slower CPU, here on a 2-core machine shared with other work (see the load average above), and a route's TBT varies from run to run: two runs of this bench on 2026-12-03 measured `/UIUXServices` at 71 and 16 ms, `/FreeDemo` at 42 and 91, `/enrollnow` at 71 and 28. Since the public pages' scripts start after the first contentful paint (decision 0050), hydration falls inside TBT's window on every route; which hydration work makes the runs over 50 ms was not looked into further.",
};
const reasonFor = (label) => Object.entries(knownReasons).find(([start]) => label.startsWith(start))?.[1];

function verdicts(rows, weights) {
  const home = weights.find((w) => w.path === "/");
  return [
    [`Home first-load JavaScript ${limitText(budgets.home)} (${home ? `${kB(home.gzip)} KB gzip, ${kB(home.brotli)} KB brotli` : "?"})`, Boolean(home?.ok)],
    [`Every other public route ${limitText(budgets.other)} (largest ${kB(Math.max(...weights.filter((w) => w.path !== "/").map((w) => w.gzip)))} KB)`, weights.filter((w) => w.path !== "/").every((w) => w.ok)],
    [`Performance ${targets.performance} on every route (lowest ${Math.min(...rows.map((r) => r.performance))})`, rows.every((r) => r.performance >= targets.performance)],
    [`LCP ≤ ${targets.lcp / 1000} s on every route (slowest ${Math.round(Math.max(...rows.map((r) => r.lcp)))} ms)`, rows.every((r) => r.lcp <= targets.lcp)],
    ["Accessibility 100 on every route", rows.every((r) => r.accessibility >= targets.accessibility)],
    ["Best practices 100 on every route", rows.every((r) => r["best-practices"] >= targets["best-practices"])],
    ["SEO 100 on every route", rows.every((r) => r.seo >= targets.seo)],
    [`CLS ≤ ${targets.cls} on every route (largest ${Math.max(...rows.map((r) => r.cls)).toFixed(3)})`, rows.every((r) => r.cls <= targets.cls)],
    [`TBT ≤ ${targets.tbt} ms on every route (longest ${Math.round(Math.max(...rows.map((r) => r.tbt)))} ms)`, rows.every((r) => r.tbt <= targets.tbt)],
  ];
}

function markdown(rows, weights, meta) {
  const lines = [
    "# Site benchmark",
    "",
    `Lighthouse ${meta.lighthouse}, mobile preset (simulated throttling), ${meta.chromium}, against \`${baseUrl}\`.`,
    `Generated by \`npm run bench\` in site/ (\`make bench-site\`) on ${meta.date}. Machine: ${meta.cpus} CPU cores.`,
    "",
    "Budgets: the JavaScript a pre-rendered page preloads and runs before any interaction (its module preloads and the modules its loader script names, started after the first contentful paint on the public pages (decision 0050), with their static imports), measured on the build as `academy serve` sends it (gzip -9 and brotli -q 11 copies); KB = 1000 bytes. The Lighthouse table's JS column is what Lighthouse saw the page load, fetched again with `Accept-Encoding: gzip` (KiB).",
    `Every route was measured ${runs} times; each measure shown is the median of its runs (Runs column), and the audits not passed are those any run failed. Load average (1, 5, 15 min) when the run started: ${meta.load}; when it ended: ${meta.loadAfter}.`,
    ...meta.notes,
    "",
    "## Targets",
    "",
    ...verdicts(rows, weights).map(([label, ok]) => `- ${mark(ok)} ${label}${!ok && reasonFor(label) ? `. Why: ${reasonFor(label)}` : ""}`),
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

// BENCH_ONLY=/,/about limits the run to some routes and BENCH_RUNS=1 to one run each (for a quick look; the
// committed table covers all, three runs each).
const only = process.env.BENCH_ONLY?.split(",").filter(Boolean);
const seededSlots = await openSlots();
const published = seededSlots === 0 && issuer ? await publishedSlots() : 0;
const slots = await openSlots();
// BENCH_ONLY=/verify measures a certificate's page.
const withVerify = !only?.length || only.includes("/verify");
const certificate = withVerify ? await issuedCertificate() : undefined;
const sitemapPaths = only?.length ? only.filter((p) => p !== "/verify") : await publicPaths();
const paths = [...sitemapPaths, ...(certificate ? [`/verify/${certificate}`] : [])];
const notes = [
  slots === 0
    ? "`/FreeDemo` was measured with no open demo slot (the seed has none, and without OIDC_ISSUER none could be published): its booking widget says so."
    : `\`/FreeDemo\` was measured with ${slots} open demo slots in its booking widget (${published ? `the seed has none: ${published} published for the run through the staff API` : "as the API lists them"}).`,
  certificate
    ? `\`/verify/${certificate}\` is a valid certificate issued for the run through the staff API (a student enrolled in DA-06, signed in once at the local OpenID provider, marked complete by staff); its budget is the pre-rendered \`/verify\` shell's.`
    : "No `/verify/{id}` row: OIDC_ISSUER was not set, so no certificate could be issued (run through with-server.sh with OIDC_PORT).",
];
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
    // Lighthouse on a shared 2-core machine is noisy: the median of three runs, as Lighthouse's own guidance on
    // variability suggests.
    const row = await medianAudit(chrome.port, path);
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
  markdown(rows, weights, {
    lighthouse: lighthouseVersion,
    chromium,
    date: new Date().toISOString().slice(0, 10),
    cpus: availableParallelism(),
    load,
    loadAfter: loadavg().map((l) => l.toFixed(2)).join(", "),
    notes,
  }),
);
for (const [label, ok] of verdicts(rows, weights)) console.log(`${mark(ok)} ${label}`);
console.log(`wrote ${out}`);
const over = weights.filter((w) => !w.ok);
if (over.length) {
  console.error(`JavaScript budget exceeded: ${over.map((w) => `${w.path} (${kB(w.gzip)} KB gzip, ${kB(w.brotli)} KB brotli)`).join(", ")}`);
  process.exit(1);
}

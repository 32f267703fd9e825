// Shared setup of the browser tests: the server under test (BASE_URL), Debian's Chromium, route lists.
import { chromium } from "playwright-core";
import AxeBuilder from "@axe-core/playwright";
import assert from "node:assert/strict";

export const baseUrl = (() => {
  const url = process.env.BASE_URL;
  if (!url) {
    console.error("BASE_URL is not set: start `academy serve` (or any server following its rules) and set BASE_URL.");
    process.exit(2);
  }
  return url.replace(/\/$/, "");
})();

/**
 * Debian's headless build of Chromium (package chromium-headless-shell: the same source and version as `chromium`,
 * without the windowed browser around Blink). The tests need no window, and it runs them in about half the time and
 * a third of the CPU of `chromium --headless=new` on this machine (docs/decisions/0049-tests-in-the-headless-shell.md).
 * CHROME_PATH=/usr/bin/chromium runs them in the full browser instead.
 */
export const chromiumPath = process.env.CHROME_PATH ?? "/usr/bin/chromium-headless-shell";

/** Flags that work as root and offline (shared/FIELD-NOTES.md); the shell is headless without being told. */
export const chromiumFlags = [
  ...(chromiumPath.endsWith("headless-shell") ? [] : ["--headless=new"]),
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

export const viewports = {
  desktop: { width: 1280, height: 800 },
  mobile: { width: 390, height: 844 },
};

/** The browser, with `extraFlags` after the usual ones. */
export function launch(extraFlags = []) {
  return chromium.launch({ executablePath: chromiumPath, args: [...chromiumFlags, ...extraFlags] });
}

export const url = (path) => `${baseUrl}${path}`;

/** Public pages, read from the site's own sitemap. */
export async function sitemapPaths() {
  const res = await fetch(url("/sitemap.xml"));
  if (!res.ok) throw new Error(`GET /sitemap.xml answered ${res.status}`);
  const xml = await res.text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
}

/** Pre-rendered pages kept out of the sitemap. */
export const utilityPaths = ["/Thank-you", "/FreeDemo/booking", "/enrollnow/paid", "/search", "/sign-in", "/sign-up"];

export const courseIds = ["665f1c2a9b3e4d0012a1b001", "665f1c2a9b3e4d0012a1b002", "665f1c2a9b3e4d0012a1b003", "665f1c2a9b3e4d0012a1b004"];

/** Client-only routes, served through the SPA fallback (or, for /verify, their own pre-rendered shell). */
export const clientOnlyPaths = [
  "/lms",
  `/course-outline/${courseIds[0]}`,
  `/batches/${courseIds[1]}`,
  "/recorded-lectures/665f1c2a9b3e4d0012a1c001",
  "/verify",
];

/**
 * What the generic browser checks open: /sign-in, /sign-up and the /lms gate leave for the OpenID provider at
 * once, so e2e/lms.test.mjs checks them (signed in, through the real flow) instead.
 */
export const browserUtilityPaths = utilityPaths.filter((p) => !p.startsWith("/sign-"));
export const browserClientOnlyPaths = clientOnlyPaths.filter((p) => p !== "/lms");

/** The product's (docs/product.md#pages) public routes: the sitemap must hold at least these. */
export const specPublicPaths = [
  "/", "/about", "/courses", "/CyberSecurityPage", "/DataAnalysisPage", "/AiPage", "/MernStackPage", "/services",
  "/WordPressDevelopment", "/AIChatbotIntegration", "/DataAnalysisServices", "/WebDevelopmentServices",
  "/CyberSecurityServices", "/UIUXServices", "/portfolio", "/FreeDemo", "/contact", "/privacy", "/terms", "/refund-policy",
];

/** Opens a page (on `base`, by default the server under test), collecting console errors and page errors, and waits for hydration. */
export async function openPage(context, path, { allowHttpErrors = false, base = baseUrl } = {}) {
  const page = await context.newPage();
  const errors = [];
  page.on("console", (m) => {
    if (m.type() !== "error") return;
    if (allowHttpErrors && /Failed to load resource: the server responded with a status of 404/.test(m.text())) return;
    errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  const response = await page.goto(`${base}${path}`, { waitUntil: "load" });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true", null, { timeout: 15000 });
  return { page, errors, response };
}

/** The text of each <h1> in raw HTML (no scripts run). */
export function rawH1s(html) {
  return [...html.matchAll(/<h1\b[^>]*>([\s\S]*?)<\/h1>/g)].map((m) =>
    m[1].replace(/<[^>]+>/g, "").replace(/&#x27;|&#39;/g, "'").replace(/&amp;/g, "&").replace(/\s+/g, " ").trim(),
  );
}

/** Pagefind (site search) compiles WebAssembly, which the CSP allows only with this in script-src. */
export const wasmCspSource = "'wasm-unsafe-eval'";

// ---- sign-in, Secret IDs (LMS) ----------------------------------------------------------------------------

/** The local OpenID provider the site was built against (with-server.sh exports it when OIDC_PORT is set). */
export const oidcIssuer = process.env.OIDC_ISSUER ?? "";

/** The accessibility rules axe checks pages against. */
const wcagTags = ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"];

/** What axe found, one line per rule with up to five of its elements. */
export function describeViolations(violations) {
  return violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.slice(0, 5).map((n) => `    ${n.target.join(" ")}`).join("\n")}`).join("\n");
}

/**
 * axe on `page` at the WCAG tags above, as every browser test runs it. Only violations are gathered in full
 * (`resultTypes`: axe then skips building a selector for each node that passed) and axe runs in the page itself
 * (`setLegacyMode`: one `axe.run`, not a partial run per frame finished in a blank page of its own), about half
 * the time per check on this machine (2.2 → 1.2 s a page). Legacy mode leaves out cross-origin frames; the site's
 * only ones are third parties' (a lecture's video embed, the card Element, which the payment checks exclude).
 */
export const axe = (page) =>
  new AxeBuilder({ page }).options({ resultTypes: ["violations"] }).setLegacyMode().withTags(wcagTags);

/**
 * axe finds nothing on `page` (or inside `include`, a selector), at the WCAG tags above. Sonner's toasts fade in and
 * out, and axe would measure their text mid-fade, so it runs once they are gone. `exclude` (a selector) leaves out
 * what is not the site's own: the card payment's third-party Element (Stripe's iframe, or localstripe's stand-in).
 */
export async function expectNoAxeViolations(page, what, include, exclude) {
  await page.waitForFunction(() => !document.querySelector("[data-sonner-toast]"), null, { timeout: 15000 });
  const builder = axe(page);
  if (include) builder.include(include);
  if (exclude) builder.exclude(exclude);
  const result = await builder.analyze();
  assert.deepEqual(result.violations.map((v) => v.id), [], `${what}:\n${describeViolations(result.violations)}`);
}

/**
 * Resolves once `holds(video)` is true of the media element `video` (a locator), checked every 100 ms, for at most
 * `timeout` ms; past that it fails with `what` and where the element stood (ready and network state, time, error).
 * A media event awaited inside the page instead (`loadeddata`, `ended`) has no time limit: a stream that stops
 * would hold the whole run.
 */
export async function untilMedia(video, what, holds, timeout = 30_000) {
  const element = await video.elementHandle();
  try {
    await video.page().waitForFunction(holds, element, { polling: 100, timeout });
  } catch (error) {
    const state = await element
      .evaluate((v) => ({ readyState: v.readyState, networkState: v.networkState, currentTime: v.currentTime, paused: v.paused, ended: v.ended, error: v.error?.message ?? null, src: v.currentSrc }))
      .catch((e) => String(e));
    throw new Error(`${what}, but after ${timeout} ms the video stood at ${JSON.stringify(state)}`, { cause: error });
  }
}

/** Resolves once React has hydrated the page. */
export const hydrated = (page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");

/** The browser for tests that sign in: refuses to start without the local provider. */
export function launchForSignIn(extraFlags = []) {
  if (!oidcIssuer) throw new Error("OIDC_ISSUER is not set: run through infra/scripts/with-server.sh with OIDC_PORT");
  return launch(extraFlags);
}

/**
 * Signs in through the real flow: open `path` (or /sign-in), fill the local provider's form, come back.
 * With `signUp`, starts at /sign-up and fills the account-creation form.
 */
export async function signIn(context, { email = "student@example.com", name, path = "/sign-in", signUp = false } = {}) {
  const page = await context.newPage();
  await page.goto(url(signUp ? "/sign-up" : path));
  await page.waitForURL((u) => u.href.startsWith(oidcIssuer), { timeout: 15000 });
  if (name) await page.getByLabel("Full name").fill(name);
  await page.getByLabel("E-mail").fill(email);
  await page.getByRole("button", { name: signUp ? "Create account" : "Sign in" }).click();
  await page.waitForURL((u) => u.href.startsWith(baseUrl) && !u.pathname.startsWith("/sign-"), { timeout: 15000 });
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
  return page;
}

/** `academy grant` against the server's store: the Secret ID (the last line of its output). */
export async function grantSecretId(batchId) {
  const { execFileSync } = await import("node:child_process");
  const out = execFileSync(process.env.ACADEMY_BIN, ["grant", "--batch", batchId, "--label", "e2e"], { encoding: "utf8" });
  return out.trim().split("\n").at(-1).trim();
}

/** The Secret IDs the site keeps in this page's browser, by batch (docs/product.md#secret-ids-in-the-browser). */
export const keptSecretIds = (page) => page.evaluate(() => JSON.parse(localStorage.getItem("videoSecretIds") ?? "{}"));

/** Keeps `secretId` for `batchId` as a signed-out visitor's, as the site does once it has opened that batch. */
export const keepSecretId = (page, batchId, secretId) =>
  page.evaluate(([batchId, secretId]) => {
    const kept = JSON.parse(localStorage.getItem("videoSecretIds") ?? "{}");
    kept[batchId] = { secretId, account: null };
    localStorage.setItem("videoSecretIds", JSON.stringify(kept));
  }, [batchId, secretId]);

export async function revokeSecretId(batchId, secret) {
  const { execFileSync } = await import("node:child_process");
  execFileSync(process.env.ACADEMY_BIN, ["revoke", "--batch", batchId, "--secret", secret], { encoding: "utf8" });
}

// ---- a server of the test's own -----------------------------------------------------------------------------

/**
 * Another `academy serve` (ACADEMY_BIN) on a free port with a store of its own (an SQLite file in a fresh
 * folder, seeded by the server), serving the same site build: for tests that must break its store. Resolves
 * once /api/health answers; `stop()` ends it and removes the folder.
 */
export async function startServer() {
  const { spawn } = await import("node:child_process");
  const { mkdtemp, rm } = await import("node:fs/promises");
  const { createServer } = await import("node:net");
  const { tmpdir } = await import("node:os");
  const { join } = await import("node:path");
  const dir = await mkdtemp(join(tmpdir(), "academy-e2e-"));
  const port = await new Promise((resolve) => {
    const probe = createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });
  const database = join(dir, "academy.db");
  const env = { ...process.env, ACADEMY_STORE: `embedded:${database}`, ACADEMY_OUTBOX: join(dir, "outbox"), ACADEMY_LECTURES: join(dir, "lectures") };
  const child = spawn(process.env.ACADEMY_BIN, ["serve", "--port", String(port), "--site", "build/client"], { env, stdio: ["ignore", "ignore", "pipe"] });
  let log = "";
  child.stderr.on("data", (chunk) => (log += chunk));
  const base = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`academy serve exited: ${log}`);
    if (await fetch(`${base}/api/health`).then((r) => r.ok, () => false)) break;
    if (i > 300) throw new Error(`academy serve did not answer on ${base}: ${log}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = async () => {
    child.kill("SIGTERM");
    if (child.exitCode === null) await new Promise((r) => child.once("exit", r));
    await rm(dir, { recursive: true, force: true });
  };
  return { base, database, env, stop };
}

// ---- the outbox (mail the server under test sent) ------------------------------------------------------------

/** The decoded text of every .eml in the outbox (quoted-printable and base64 parts decoded too). */
export async function outboxTexts() {
  const { readdir, readFile } = await import("node:fs/promises");
  const { join } = await import("node:path");
  const dir = process.env.ACADEMY_OUTBOX;
  if (!dir) throw new Error("ACADEMY_OUTBOX is not set (run through infra/scripts/with-server.sh)");
  const names = (await readdir(dir).catch(() => [])).filter((n) => n.endsWith(".eml"));
  return Promise.all(
    names.map(async (n) => {
      const raw = await readFile(join(dir, n), "utf8");
      const qp = raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, h) => String.fromCharCode(parseInt(h, 16)));
      const b64 = [...raw.matchAll(/\r?\n\r?\n([A-Za-z0-9+/=\r\n]{40,})/g)]
        .map((m) => Buffer.from(m[1].replace(/\s+/g, ""), "base64").toString("utf8"))
        .join("\n");
      return `${raw}\n${Buffer.from(qp, "latin1").toString("utf8")}\n${b64}`;
    }),
  );
}

/** The first .eml in the outbox whose text passes `matches` (a string it must contain, or a predicate), within 10 s. */
export async function waitForMail(matches) {
  const test = typeof matches === "string" ? (t) => t.includes(matches) : matches;
  for (let i = 0; i < 50; i++) {
    const mail = (await outboxTexts()).find(test);
    if (mail) return mail;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no .eml in the outbox matches ${matches}`);
}

/** A visitor sends the contact form in a context of its own (`viewport`), and lands on the thank-you page. */
export async function sendContactForm(browser, viewport, { first, last, email }, message) {
  const visitor = await browser.newContext({ viewport });
  const form = await visitor.newPage();
  await form.goto(url("/contact"));
  await hydrated(form);
  await form.fill("#firstName", first);
  await form.fill("#lastName", last);
  await form.fill("#email", email);
  await form.fill("#message", message);
  await form.locator("#contact-form button[type=submit]").click();
  await form.waitForURL((u) => u.pathname === "/Thank-you", { timeout: 10000 });
  await visitor.close();
}

// Shared setup of the browser tests: the server under test (BASE_URL), Debian's Chromium, route lists.
import { chromium } from "playwright-core";

export const baseUrl = (() => {
  const url = process.env.BASE_URL;
  if (!url) {
    console.error("BASE_URL is not set: start `academy serve` (or any server following its rules) and set BASE_URL.");
    process.exit(2);
  }
  return url.replace(/\/$/, "");
})();

export const chromiumPath = process.env.CHROME_PATH ?? "/usr/bin/chromium";

/** Flags that work as root and offline (shared/FIELD-NOTES.md). */
export const chromiumFlags = [
  "--headless=new",
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

export function launch() {
  return chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
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
export const utilityPaths = ["/Thank-you", "/search", "/sign-in", "/sign-up"];

export const courseIds = ["665f1c2a9b3e4d0012a1b001", "665f1c2a9b3e4d0012a1b002", "665f1c2a9b3e4d0012a1b003", "665f1c2a9b3e4d0012a1b004"];

/** Client-only routes, served through the SPA fallback. */
export const clientOnlyPaths = [
  "/lms",
  `/course-outline/${courseIds[0]}`,
  `/batches/${courseIds[1]}`,
  "/recorded-lectures/665f1c2a9b3e4d0012a1c001",
];

/** SPEC §2's public routes: the sitemap must hold at least these. */
export const specPublicPaths = [
  "/", "/about", "/courses", "/CyberSecurityPage", "/DataAnalysisPage", "/AiPage", "/MernStackPage", "/services",
  "/WordPressDevelopment", "/AIChatbotIntegration", "/DataAnalysisServices", "/WebDevelopmentServices",
  "/CyberSecurityServices", "/UIUXServices", "/portfolio", "/FreeDemo", "/contact", "/privacy", "/terms", "/refund-policy",
];

/** Opens a page, collecting console errors and page errors, and waits for hydration. */
export async function openPage(context, path, { allowHttpErrors = false } = {}) {
  const page = await context.newPage();
  const errors = [];
  page.on("console", (m) => {
    if (m.type() !== "error") return;
    if (allowHttpErrors && /Failed to load resource: the server responded with a status of 404/.test(m.text())) return;
    errors.push(m.text());
  });
  page.on("pageerror", (e) => errors.push(e.message));
  const response = await page.goto(url(path), { waitUntil: "load" });
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

// @vitest-environment node
// Each built page's scripts start after its first paint: React Router's preloads and loader become one loader that
// names the same modules in the same order, and a page the rewrite cannot read fails the build.
import { describe, expect, it } from "vitest";
import { hydrateAfterPaint, parseLoader } from "./hydrate-after-paint";
import { scriptRefs } from "./page-weight.mjs";

// As React Router 7 writes a pre-rendered page (the head's preloads, the end of the body's loader).
const loader = [
  'import "/assets/manifest-1bec0e55.js";',
  'import * as route0 from "/assets/root-xt2ZbsPy.js";',
  'import * as route1 from "/assets/home-DYw0BmNn.js";',
  "  ",
  '  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};',
  "",
  'import("/assets/entry.client-OC3xA_QP.js");',
].join("\n");
const preloads = ["/assets/manifest-1bec0e55.js", "/assets/entry.client-OC3xA_QP.js", "/assets/framework-SCH4RpB7.js"];
const page = (body = `<script type="module" async="">${loader}</script>`) =>
  `<html><head><title>x</title>${preloads.map((p) => `<link rel="modulepreload" href="${p}"/>`).join("")}</head>` +
  `<body><h1>Hello</h1><script>window.__reactRouterContext = {};</script>${body}</body></html>`;

describe("hydrateAfterPaint", () => {
  it("moves the preloads and the loader behind the first paint, naming the same modules", () => {
    const before = page();
    const after = hydrateAfterPaint(before);
    expect(after).not.toContain('<link rel="modulepreload"');
    expect(after).not.toContain('async=""');
    expect(after).toContain("<h1>Hello</h1><script>window.__reactRouterContext = {};</script>");
    expect(after).toContain('"first-contentful-paint"');
    // The route modules are handed to React Router before its entry runs, as before.
    expect(after).toMatch(/then\(\(\[_0,route0,route1\]\)=>\{window\.__reactRouterRouteModules=\{"root":route0,"routes\/home":route1\};return import\("\/assets\/entry\.client-OC3xA_QP\.js"\)/);
    expect(new Set(scriptRefs(after))).toEqual(new Set(scriptRefs(before)));
  });

  it("runs in a browser's order once the first contentful paint is reported: preloads, modules, then the entry", async () => {
    const script = /<script type="module" data-after-paint="">([\s\S]*)<\/script>/.exec(hydrateAfterPaint(page()))![1]!;
    const events: string[] = [];
    const head = { append: (l: { rel: string; href: string }) => events.push(`${l.rel} ${l.href}`) };
    const document = { visibilityState: "visible", head, createElement: () => ({ rel: "", href: "" }) };
    type Entries = { getEntriesByName: (name: string) => unknown[] };
    let report: ((list: Entries, observer: { disconnect: () => void }) => void) | undefined;
    let observed: unknown;
    class PerformanceObserver {
      static supportedEntryTypes = ["paint", "resource"];
      constructor(callback: typeof report) {
        report = callback;
      }
      observe(options: unknown) {
        observed = options;
      }
    }
    const painted = (...names: string[]) => report!({ getEntriesByName: (n) => names.filter((m) => m === n) }, { disconnect: () => events.push("disconnected") });
    const window: { __reactRouterRouteModules?: Record<string, unknown> } = {};
    const load = (url: string) => (events.push(`import ${url}`), Promise.resolve({ url }));
    // The loader as a function of the browser's globals (import() becomes `load$`, which records the order).
    const run = new Function("document", "window", "PerformanceObserver", "load$", script.replace(/import\(/g, "load$("));
    run(document, window, PerformanceObserver, load);
    expect(observed).toEqual({ type: "paint", buffered: true });
    painted("first-paint");
    expect(events).toEqual([]);
    painted("first-contentful-paint");
    await new Promise((r) => setTimeout(r));
    expect(events).toEqual([
      "disconnected",
      ...preloads.map((p) => `modulepreload ${p}`),
      "import /assets/manifest-1bec0e55.js",
      "import /assets/root-xt2ZbsPy.js",
      "import /assets/home-DYw0BmNn.js",
      "import /assets/entry.client-OC3xA_QP.js",
    ]);
    expect(window.__reactRouterRouteModules).toEqual({ root: { url: "/assets/root-xt2ZbsPy.js" }, "routes/home": { url: "/assets/home-DYw0BmNn.js" } });
  });

  it("loads at once in a hidden tab, which paints nothing", () => {
    const script = /<script type="module" data-after-paint="">([\s\S]*)<\/script>/.exec(hydrateAfterPaint(page()))![1]!;
    const urls: string[] = [];
    const document = { visibilityState: "hidden", head: { append: () => {} }, createElement: () => ({}) };
    new Function("document", "window", "load$", script.replace(/import\(/g, "load$("))(document, {}, (url: string) => (urls.push(url), new Promise(() => {})));
    expect(urls).toEqual(["/assets/manifest-1bec0e55.js", "/assets/root-xt2ZbsPy.js", "/assets/home-DYw0BmNn.js"]);
  });

  it("fails the build on a page it cannot read rather than leaving it half rewritten", () => {
    expect(() => hydrateAfterPaint(page(""), "a.html")).toThrow(/a\.html has 0 React Router loader scripts/);
    expect(() => hydrateAfterPaint(page(`<script type="module" async="">${loader}</script>`.repeat(2)))).toThrow(/2 React Router loader/);
    expect(() => parseLoader(`${loader}\nconsole.log("new in React Router 8");`)).toThrow(/does not know: console\.log/);
    expect(() => parseLoader('import "/assets/manifest.js";')).toThrow(/not as expected/);
    const foreign = page().replace("</head>", '<link rel="modulepreload" href="https://cdn.example/x.js"/></head>');
    expect(() => hydrateAfterPaint(foreign, "b.html")).toThrow(/b\.html has 1 module preloads this build cannot read/);
  });
});

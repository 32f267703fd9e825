// Every route in a real browser (that each pre-rendered page hydrates with no console errors and keeps the <h1> of
// its raw HTML is checked in e2e/a11y.test.mjs, on the loads axe makes): no page scrolls sideways at 360 px, the
// client-only shells, the 404 page; and with JavaScript disabled each public page still shows its full content.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { browserClientOnlyPaths as clientOnlyPaths, browserUtilityPaths as utilityPaths, launch, openPage, sitemapPaths, url, viewports } from "./support.mjs";

let browser;
let publicPaths = [];
before(async () => {
  browser = await launch();
  publicPaths = await sitemapPaths();
});
after(() => browser?.close());

describe("pages in the browser", () => {
  it("no page scrolls sideways on a small phone (360 px)", async () => {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
    const page = await context.newPage();
    for (const path of [...publicPaths, ...utilityPaths]) {
      await page.goto(url(path));
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(width <= 360, `${path} is ${width}px wide`);
    }
    await context.close();
  });

  it("a public page paints before its scripts start loading, then hydrates (site/scripts/hydrate-after-paint.ts)", async () => {
    const context = await browser.newContext({ viewport: viewports.desktop });
    for (const path of ["/", "/contact", "/FreeDemo", "/no-such-page"]) {
      const { page, errors } = await openPage(context, path, { allowHttpErrors: path === "/no-such-page" });
      const { paint, scripts } = await page.evaluate(() => ({
        paint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
        scripts: performance
          .getEntriesByType("resource")
          .filter((r) => new URL(r.name).pathname.startsWith("/assets/") && r.name.endsWith(".js"))
          .map((r) => r.startTime),
      }));
      assert.ok(paint > 0, `${path}: no first contentful paint`);
      assert.ok(scripts.length >= 3, `${path}: ${scripts.length} scripts`);
      assert.ok(Math.min(...scripts) >= paint, `${path}: a script started at ${Math.min(...scripts)} ms, before the first paint at ${paint} ms`);
      assert.deepEqual(errors, [], `${path}: console errors`);
      await page.close();
    }
    await context.close();
  });

  it("client-only routes render their shell without errors", async () => {
    const context = await browser.newContext({ viewport: viewports.desktop });
    for (const path of clientOnlyPaths) {
      const { page, errors } = await openPage(context, path);
      await page.locator("h1").first().waitFor();
      assert.equal(await page.locator("h1").count(), 1, path);
      assert.deepEqual(errors, [], `${path}: console errors`);
      await page.close();
    }
    await context.close();
  });

  it("an unknown path shows the 404 page, logs the path and raises no other error", async () => {
    const context = await browser.newContext({ viewport: viewports.desktop });
    const logs = [];
    const page = await context.newPage();
    page.on("console", (m) => logs.push(`${m.type()}: ${m.text()}`));
    const response = await page.goto(url("/this/page/does-not-exist"));
    assert.equal(response.status(), 404);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    assert.equal(await page.locator("h1").innerText(), "Oops! Page not found");
    assert.ok(logs.some((l) => l.startsWith("log:") && l.includes("/this/page/does-not-exist")), logs.join("\n"));
    assert.deepEqual(logs.filter((l) => l.startsWith("error:") && !l.includes("status of 404")), []);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await page.waitForURL(url("/"));
    await context.close();
  });

  it("without JavaScript every public page shows its full content", async () => {
    const context = await browser.newContext({ viewport: viewports.desktop, javaScriptEnabled: false });
    for (const path of publicPaths) {
      const page = await context.newPage();
      await page.goto(url(path));
      assert.ok(await page.locator("h1").isVisible(), `${path}: <h1> not visible`);
      assert.ok(await page.locator("footer").isVisible(), `${path}: footer not visible`);
      await page.close();
    }
    const page = await context.newPage();
    await page.goto(url("/"));
    // FAQ answers are native disclosures: one click opens them without any script.
    await page.locator("summary").first().click();
    assert.ok(await page.locator("details[open] p").first().isVisible());
    await context.close();
  });
});

// axe-core (WCAG 2.0/2.1/2.2 A and AA) on every route at a desktop and a mobile viewport: zero violations.
import AxeBuilder from "@axe-core/playwright";
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { browserClientOnlyPaths, browserUtilityPaths, launch, openPage, sitemapPaths, viewports } from "./support.mjs";

const tags = ["wcag2a", "wcag2aa", "wcag21aa", "wcag22aa"];

let browser;
let paths = [];
before(async () => {
  browser = await launch();
  paths = [...(await sitemapPaths()), ...browserUtilityPaths, ...browserClientOnlyPaths.slice(0, 1), "/no-such-page"];
});
after(() => browser?.close());

function describeViolations(violations) {
  return violations
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.slice(0, 5).map((n) => `    ${n.target.join(" ")}: ${n.failureSummary?.split("\n").slice(1, 3).join(" ")}`).join("\n")}`)
    .join("\n");
}

for (const [name, viewport] of Object.entries(viewports)) {
  describe(`axe at ${name} (${viewport.width}x${viewport.height})`, () => {
    it("finds no violations on any route", async () => {
      const context = await browser.newContext({ viewport });
      const found = new Map();
      // Two pages at a time (each route in a page of its own), the report in the routes' order.
      const queue = [...paths];
      const worker = async () => {
        for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
          const { page } = await openPage(context, path, { allowHttpErrors: true });
          // Client-only routes load their module after hydration: wait until their page is on screen.
          await page.locator("h1").first().waitFor();
          const result = await new AxeBuilder({ page }).withTags(tags).analyze();
          if (result.violations.length) found.set(path, `${path}:\n${describeViolations(result.violations)}`);
          await page.close();
        }
      };
      await Promise.all([worker(), worker()]);
      await context.close();
      const failures = paths.filter((path) => found.has(path)).map((path) => found.get(path));
      assert.deepEqual(failures, [], failures.join("\n\n"));
    });

    it("finds no violations with the menus open", async () => {
      const context = await browser.newContext({ viewport });
      const { page } = await openPage(context, "/");
      if (name === "mobile") {
        await page.getByRole("button", { name: "Open menu" }).click();
        await page.getByRole("button", { name: "Expand Our Services" }).click();
      } else {
        await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Online Courses" }).hover();
      }
      const result = await new AxeBuilder({ page }).withTags(tags).analyze();
      await context.close();
      assert.deepEqual(result.violations.map((v) => v.id), [], describeViolations(result.violations));
    });
  });
}

// axe-core (WCAG 2.0/2.1/2.2 A and AA) on every route at a desktop and a mobile viewport: zero violations. The same
// page loads check that each pre-rendered page hydrates with no console errors and keeps the one <h1> of its raw
// HTML (one load of each route per viewport serves both checks: the browser tests are bound by Chromium's CPU).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { axe, browserClientOnlyPaths, browserUtilityPaths, launch, openPage, rawH1s, sitemapPaths, url, viewports } from "./support.mjs";

let browser;
let paths = [];
/** The pre-rendered routes: the public pages and the utility ones. */
let prerendered = new Set();
const missing = "/no-such-page";
before(async () => {
  browser = await launch();
  prerendered = new Set([...(await sitemapPaths()), ...browserUtilityPaths]);
  paths = [...prerendered, ...browserClientOnlyPaths.slice(0, 1), missing];
});
after(() => browser?.close());

function describeViolations(violations) {
  return violations
    .map((v) => `${v.id} (${v.impact}): ${v.help}\n${v.nodes.slice(0, 5).map((n) => `    ${n.target.join(" ")}: ${n.failureSummary?.split("\n").slice(1, 3).join(" ")}`).join("\n")}`)
    .join("\n");
}

for (const [name, viewport] of Object.entries(viewports)) {
  describe(`axe at ${name} (${viewport.width}x${viewport.height})`, () => {
    it("finds no violations on any route; each pre-rendered page hydrates with no console errors and keeps its one <h1>", async () => {
      const context = await browser.newContext({ viewport });
      const found = new Map();
      // Two pages at a time (each route in a page of its own), the report in the routes' order.
      const queue = [...paths];
      const worker = async () => {
        for (let path = queue.shift(); path !== undefined; path = queue.shift()) {
          const problems = [];
          const raw = prerendered.has(path) ? rawH1s(await (await fetch(url(path))).text()) : null;
          const { page, errors } = await openPage(context, path, { allowHttpErrors: path === missing });
          // Client-only routes load their module after hydration: wait until their page is on screen.
          await page.locator("h1").first().waitFor();
          if (raw) {
            const h1s = (await page.locator("h1").allInnerTexts()).map((h) => h.replace(/\s+/g, " ").trim());
            if (h1s.length !== 1) problems.push(`${h1s.length} <h1> after hydration`);
            else if (h1s[0] !== raw[0]) problems.push(`<h1> changed on hydration: "${raw[0]}" became "${h1s[0]}"`);
          }
          if (errors.length) problems.push(`console errors: ${errors.join(" | ")}`);
          const result = await axe(page).analyze();
          if (result.violations.length) problems.push(describeViolations(result.violations));
          if (problems.length) found.set(path, `${path}:\n${problems.join("\n")}`);
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
      const result = await axe(page).analyze();
      await context.close();
      assert.deepEqual(result.violations.map((v) => v.id), [], describeViolations(result.violations));
    });
  });
}

// /search?q= (the SearchAction target): Pagefind results with title, excerpt and link, the empty and no-result
// states, the header's search entry, axe on the page, and no model URL or key in the built site.
import assert from "node:assert/strict";
import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { axe, launch, openPage, url, viewports, wasmCspSource } from "./support.mjs";

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

async function search(query, viewport = viewports.desktop) {
  const context = await browser.newContext({ viewport });
  const { page, errors } = await openPage(context, `/search?q=${encodeURIComponent(query)}`);
  const heading = page.getByRole("heading", { level: 2, name: /results? for|No results for|not available/ });
  await heading.waitFor();
  return { context, page, errors, heading: await heading.innerText() };
}

const results = (page) =>
  page.getByTestId("search-results").locator("li").evaluateAll((items) =>
    items.map((li) => ({ title: li.querySelector("a").textContent, href: li.querySelector("a").getAttribute("href"), excerpt: li.querySelector("p").textContent })),
  );

describe("site search", () => {
  it("finds the MERN course for 'mern'", async () => {
    const { context, page, errors, heading } = await search("mern");
    assert.match(heading, /\d+ results? for “mern”/);
    const found = await results(page);
    const mern = found.find((r) => r.href === "/MernStackPage");
    assert.ok(mern, JSON.stringify(found, null, 2));
    assert.equal(mern.title, "MERN Stack Development Course");
    assert.match(mern.excerpt, /mern/i);
    assert.ok(found.every((r) => !/^\/(404|search|Thank-you|sign-in|sign-up)/.test(r.href)), JSON.stringify(found));
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("finds the refund policy for 'refund', and the result link opens it", async () => {
    const { context, page, errors } = await search("refund");
    const found = await results(page);
    assert.equal(found[0]?.href, "/refund-policy", JSON.stringify(found, null, 2));
    assert.equal(found[0].title, "Refund Policy");
    await page.getByTestId("search-results").getByRole("link", { name: "Refund Policy" }).click();
    await page.waitForURL(url("/refund-policy"));
    await page.getByRole("heading", { level: 1, name: "Refund Policy" }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("says so when nothing matches, and asks for a word when the query is empty", async () => {
    const { context, page, heading } = await search("zzxqwv");
    assert.equal(heading, "No results for “zzxqwv”");
    assert.equal(await page.getByTestId("search-results").count(), 0);
    await page.goto(url("/search"));
    await page.getByRole("heading", { level: 2, name: "Type a word to search" }).waitFor();
    await context.close();
  });

  it("searches again from the page's own form", async () => {
    const { context, page } = await search("mern");
    await page.getByLabel("Search the site").fill("ethical hacking");
    await page.getByRole("main").getByRole("button", { name: "Search" }).click();
    await page.getByRole("heading", { level: 2, name: /results? for “ethical hacking”/ }).waitFor();
    assert.ok((await results(page)).some((r) => r.href === "/CyberSecurityPage"));
    await context.close();
  });

  it("is offered by the header on desktop and in the mobile menu", async () => {
    const desktop = await browser.newContext({ viewport: viewports.desktop });
    const { page } = await openPage(desktop, "/about");
    await page.getByRole("banner").getByRole("link", { name: "Search" }).click();
    await page.waitForURL(url("/search"));
    await desktop.close();

    const mobile = await browser.newContext({ viewport: viewports.mobile });
    const m = await openPage(mobile, "/");
    await m.page.getByRole("button", { name: "Open menu" }).click();
    await m.page.getByLabel("Search the website").fill("refund");
    await m.page.getByLabel("Search the website").press("Enter");
    await m.page.waitForURL(url("/search?q=refund"));
    await m.page.getByRole("link", { name: "Refund Policy" }).first().waitFor();
    await mobile.close();
  });

  for (const [name, viewport] of Object.entries(viewports)) {
    it(`has no axe violations with results (${name})`, async () => {
      const { context, page } = await search("refund", viewport);
      const result = await axe(page).analyze();
      assert.deepEqual(result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`), []);
      await context.close();
    });
  }
});

describe("the server's CSP", () => {
  // Pagefind needs WebAssembly; under script-src 'self' 'unsafe-inline' alone the browser refuses to compile it.
  it("lets Pagefind compile its WebAssembly", async () => {
    const res = await fetch(url("/search"));
    assert.match(res.headers.get("content-security-policy") ?? "", new RegExp(`script-src [^;]*${wasmCspSource}`));
  });
});

describe("the built site", () => {
  it("contains no model URL and no API key", async () => {
    const root = new URL("../build/client/", import.meta.url).pathname;
    const offenders = [];
    async function walk(dir) {
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) await walk(path);
        else if (/\.(html|js|data|json|css|txt|xml)$/.test(entry.name)) {
          const text = await readFile(path, "utf8");
          if (/generativelanguage|googleapis\.com|GEMINI_API_KEY|x-goog-api-key|AIza[0-9A-Za-z_-]{20,}/.test(text)) offenders.push(path);
        }
      }
    }
    await walk(root);
    assert.deepEqual(offenders, []);
  });
});

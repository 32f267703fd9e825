// Header menus by mouse and keyboard, the mobile menu, Contact, scrolling, FAQ and portfolio behaviour.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { launch, openPage, url, viewports } from "./support.mjs";

let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

const desktop = () => browser.newContext({ viewport: viewports.desktop });
const mobile = () => browser.newContext({ viewport: viewports.mobile, hasTouch: true, isMobile: true });
const pathOf = (page) => new URL(page.url()).pathname;

describe("desktop header", () => {
  it("opens a dropdown on hover and navigates from it", async () => {
    const context = await desktop();
    const { page, errors } = await openPage(context, "/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const menu = nav.getByRole("list", { name: "Online Courses" });
    assert.equal(await menu.isVisible(), false);
    await nav.getByRole("link", { name: "Online Courses" }).hover();
    await menu.waitFor({ state: "visible" });
    await menu.getByRole("link", { name: "Data Analysis" }).click();
    await page.waitForURL(url("/DataAnalysisPage"));
    await page.locator("h1", { hasText: "Data Analysis" }).waitFor();
    await page.mouse.move(640, 600);
    assert.equal(await menu.isVisible(), false, "the dropdown closes after choosing a link and leaving");
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("opens a dropdown on keyboard focus, moves into it with Tab and closes on Escape", async () => {
    const context = await desktop();
    const { page } = await openPage(context, "/about");
    const nav = page.getByRole("navigation", { name: "Main" });
    const services = nav.getByRole("link", { name: "Our Services" });
    const menu = nav.getByRole("list", { name: "Our Services" });
    await services.focus();
    await menu.waitFor({ state: "visible" });
    await page.keyboard.press("Escape");
    await menu.waitFor({ state: "hidden" });
    await page.keyboard.press("Tab");
    await page.keyboard.press("Shift+Tab");
    await menu.waitFor({ state: "visible" });
    await page.keyboard.press("Tab");
    const focused = await page.evaluate(() => document.activeElement?.textContent);
    assert.equal(focused, "WordPress Development");
    await page.keyboard.press("Enter");
    await page.waitForURL(url("/WordPressDevelopment"));
    await nav.locator('a[href="/services"][data-active="true"]').waitFor({ state: "attached" });
    await context.close();
  });

  it("the Free Demo dropdown reaches #book and #recorded", async () => {
    const context = await desktop();
    const { page } = await openPage(context, "/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Free Demo" }).hover();
    await nav.getByRole("link", { name: "Recorded Demo" }).click();
    await page.waitForURL(url("/FreeDemo#recorded"));
    await page.waitForFunction(() => {
      const top = document.getElementById("recorded")?.getBoundingClientRect().top ?? 9999;
      return top >= 0 && top < 200;
    });
    await context.close();
  });

  it("highlights home exactly and other routes by prefix", async () => {
    const context = await desktop();
    const { page } = await openPage(context, "/");
    const nav = page.getByRole("navigation", { name: "Main" });
    assert.equal(await nav.getByRole("link", { name: "Home" }).getAttribute("aria-current"), "page");
    await nav.getByRole("link", { name: "About" }).click();
    await page.waitForURL(url("/about"));
    await nav.locator('a[href="/about"][aria-current="page"]').waitFor({ state: "attached" });
    assert.equal(await nav.getByRole("link", { name: "Home" }).getAttribute("aria-current"), null);
    await context.close();
  });

  it("Contact scrolls to the home contact section, and elsewhere goes to /contact with a check mark", async () => {
    const context = await desktop();
    const { page } = await openPage(context, "/");
    const contact = page.getByRole("banner").getByRole("link", { name: "Contact", exact: true }).first();
    await contact.click();
    await page.waitForFunction(() => Math.abs(document.getElementById("contact").getBoundingClientRect().top) < 120);
    assert.equal(pathOf(page), "/");
    await page.goto(url("/about"));
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
    await page.getByRole("banner").getByRole("link", { name: "Contact", exact: true }).first().click();
    await page.waitForURL(url("/contact"));
    await page.getByRole("banner").locator('a[href="/contact"][aria-current="page"] svg:not([hidden]) use[href$="#check"]').first().waitFor({ state: "attached" });
    await context.close();
  });

  it("every route change scrolls to the top, footer links included", async () => {
    const context = await desktop();
    const { page } = await openPage(context, "/");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await page.waitForURL(url("/privacy"));
    await page.waitForFunction(() => window.scrollY === 0);
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole("contentinfo").getByRole("link", { name: "Privacy Policy" }).click();
    await page.waitForFunction(() => window.scrollY === 0);
    await context.close();
  });

  it("footer social links open in a new tab safely", async () => {
    const context = await desktop();
    const { page } = await openPage(context, "/");
    const social = page.getByRole("list", { name: "Social media" }).getByRole("link");
    assert.ok((await social.count()) >= 3);
    for (const link of await social.all()) {
      assert.equal(await link.getAttribute("target"), "_blank");
      assert.equal(await link.getAttribute("rel"), "noopener noreferrer");
    }
    const footer = await page.getByRole("contentinfo").innerText();
    assert.match(footer, /© 2025/);
    assert.equal((footer.match(/\+\d{2} \d/g) ?? []).length >= 2, true, "two phone numbers");
    await context.close();
  });
});

describe("mobile header", () => {
  it("opens the menu, expands one dropdown and navigates", async () => {
    const context = await mobile();
    const { page, errors } = await openPage(context, "/");
    const toggle = page.getByRole("button", { name: "Open menu" });
    await toggle.click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await menu.waitFor({ state: "visible" });
    await menu.getByRole("button", { name: "Expand Online Courses" }).click();
    assert.equal(await menu.getByRole("link", { name: "Cyber Security" }).isVisible(), true);
    assert.equal(await menu.getByRole("link", { name: "WordPress Development" }).isVisible(), false);
    await menu.getByRole("link", { name: "Cyber Security" }).click();
    await page.waitForURL(url("/CyberSecurityPage"));
    await menu.waitFor({ state: "hidden" });
    assert.deepEqual(errors, []);
    await context.close();
  });
});

describe("page behaviour", () => {
  it("FAQ Show all / Hide all", async () => {
    const context = await desktop();
    const { page } = await openPage(context, "/FreeDemo");
    assert.equal(await page.locator("details").count(), 12);
    await page.getByRole("button", { name: "Show all" }).click();
    assert.equal(await page.locator("details[open]").count(), 12);
    await page.getByRole("button", { name: "Hide all" }).click();
    assert.equal(await page.locator("details[open]").count(), 0);
    await context.close();
  });

  it("portfolio filter and details dialog", async () => {
    const context = await desktop();
    const { page } = await openPage(context, "/portfolio");
    const cards = page.locator("li[data-category]");
    assert.equal(await cards.count(), 6);
    await page.getByRole("button", { name: "Mobile Development" }).click();
    assert.equal(await cards.count(), 2);
    assert.deepEqual([...new Set(await cards.evaluateAll((els) => els.map((e) => e.dataset.category)))], ["Mobile Development"]);
    await page.getByRole("button", { name: "All" }).click();
    assert.equal(await cards.count(), 6);
    await page.getByRole("button", { name: /View details/ }).first().click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    await context.close();
  });

  it("course pages open the full outline in a new tab", async () => {
    const context = await desktop();
    const { page } = await openPage(context, "/MernStackPage");
    const link = page.getByRole("link", { name: /View Full Course Outline/ });
    assert.equal(await link.getAttribute("href"), "/course-outline/665f1c2a9b3e4d0012a1b001");
    assert.equal(await link.getAttribute("target"), "_blank");
    assert.equal(await page.locator("ol > li").count(), 9);
    await context.close();
  });

  it("content protection blocks the context menu but not inside form fields", async () => {
    const context = await desktop();
    const { page } = await openPage(context, "/contact");
    // Protection's code loads beside hydration (lib/content-protection.ts), so it may switch on a
    // moment after the page is hydrated: wait until a context menu on text is blocked (or time out).
    const fire = (selector) =>
      page.evaluate((s) => !document.querySelector(s).dispatchEvent(new MouseEvent("contextmenu", { bubbles: true, cancelable: true })), selector);
    await page.waitForFunction(
      () => !document.querySelector("h1").dispatchEvent(new MouseEvent("contextmenu", { bubbles: true, cancelable: true })),
      null,
      { timeout: 15000, polling: 100 },
    );
    assert.deepEqual({ text: await fire("h1"), field: await fire("#message") }, { text: true, field: false });
    await context.close();
  });

  it("the contact form validates in the browser", async () => {
    const context = await desktop();
    const { page } = await openPage(context, "/contact");
    const form = page.locator("#contact-form");
    assert.equal(await form.evaluate((f) => f.checkValidity()), false);
    await page.getByLabel("First name *").fill("Test");
    await page.getByLabel("Last name *").fill("Visitor");
    await page.getByLabel("E-mail *").fill("not-an-email");
    await page.getByLabel("Message *").fill("Hello");
    assert.equal(await form.evaluate((f) => f.checkValidity()), false);
    await page.getByLabel("E-mail *").fill("visitor@example.com");
    assert.equal(await form.evaluate((f) => f.checkValidity()), true, "phone is optional");
    await context.close();
  });

  it("the free demo course chooser books the chosen course on WhatsApp", async () => {
    const context = await desktop();
    const { page } = await openPage(context, "/FreeDemo#book");
    const book = page.locator("#book");
    await book.getByLabel("Data Analysis").check();
    const href = await page.getByTestId("book-link").getAttribute("href");
    assert.match(href, /^https:\/\/wa\.me\/\d+\?text=/);
    assert.ok(decodeURIComponent(href).includes("free demo class for Data Analysis"), href);
    await context.close();
  });

  it("the thank-you page throws 30 pieces of confetti and offers Return to Home", async () => {
    const context = await desktop();
    const { page } = await openPage(context, "/Thank-you");
    assert.equal(await page.locator("[data-confetti]").count(), 30);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await page.waitForURL(url("/"));
    await context.close();
  });

  it("the search page (the WebSite SearchAction target) finds pages", async () => {
    const context = await desktop();
    const { page, errors } = await openPage(context, "/search?q=power%20bi");
    const results = page.locator("main");
    await results.getByRole("link", { name: "Data Analysis Course", exact: true }).waitFor();
    await page.getByLabel("Search the site").fill("ethical hacking");
    await results.getByRole("button", { name: "Search" }).click();
    await results.getByRole("link", { name: "Cyber Security Course", exact: true }).waitFor();
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("the floating chat button opens WhatsApp with the product's greeting", async () => {
    const context = await desktop();
    const { page } = await openPage(context, "/");
    const href = await page.getByRole("link", { name: /Chat with us on WhatsApp/ }).getAttribute("href");
    assert.ok(href.includes(encodeURIComponent("Hello! I'm interested in your services.")), href);
    await context.close();
  });

  it("a failed image is replaced by a placeholder carrying its title", async () => {
    const context = await desktop();
    await context.route("**/images/courses/data-analyst.webp", (route) => route.fulfill({ status: 404, body: "" }));
    const { page } = await openPage(context, "/courses", { allowHttpErrors: true });
    const placeholder = page.getByTestId("img-placeholder").filter({ hasText: "Data Analysis" });
    await placeholder.first().scrollIntoViewIfNeeded();
    await placeholder.first().waitFor();
    await context.close();
  });
});

// The assistant widget (docs/product.md#behaviour, #validation, #messages) and the chat-messaging button against the real server: keyboard use,
// blank questions, the typing indicator, the offline answer from the generated knowledge, failure text, and the
// open-state event that raises the messaging button's stacking order.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { launch, openPage, viewports } from "./support.mjs";

const company = "Skyline Tech Academy";
let browser;
before(async () => {
  browser = await launch();
});
after(() => browser?.close());

async function openAssistant(path = "/", { viewport = viewports.desktop, route } = {}) {
  const context = await browser.newContext({ viewport });
  if (route) await context.route("**/api/chat", route);
  const { page, errors } = await openPage(context, path);
  await page.evaluate(() => {
    window.__assistantEvents = [];
    window.addEventListener("academy:assistant-open", (e) => window.__assistantEvents.push(e.detail.open));
  });
  await page.getByRole("button", { name: `Ask the ${company} assistant` }).click();
  const dialog = page.getByRole("dialog", { name: `${company} assistant` });
  await dialog.waitFor();
  return { context, page, errors, dialog, input: dialog.getByRole("textbox", { name: "Your question" }) };
}

const zIndex = (locator) => locator.evaluate((el) => getComputedStyle(el).zIndex);

describe("the assistant widget", () => {
  it("opens with the greeting and focus in the input, and closes with Escape back to its button", async () => {
    const { context, page, errors, dialog, input } = await openAssistant();
    assert.match(await dialog.getByRole("log").innerText(), /Hi! Ask me anything about Skyline Tech Academy\./);
    assert.equal(await input.evaluate((el) => el === document.activeElement), true);
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    assert.equal(
      await page.getByRole("button", { name: `Ask the ${company} assistant` }).evaluate((el) => el === document.activeElement),
      true,
    );
    assert.deepEqual(await page.evaluate(() => window.__assistantEvents), [true, false]);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("raises the messaging button from 40/41/42 to 999/1000/1001 while open", async () => {
    const context = await browser.newContext({ viewport: viewports.desktop });
    const { page } = await openPage(context, "/about");
    const messaging = page.getByTestId("messaging-button");
    const launcher = page.getByTestId("assistant-button");
    assert.deepEqual([await zIndex(messaging), await zIndex(launcher)], ["40", "41"]);
    await launcher.click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    assert.deepEqual([await zIndex(messaging), await zIndex(launcher), await zIndex(dialog)], ["999", "1000", "1001"]);
    await page.getByRole("button", { name: "Close the assistant" }).first().click();
    await dialog.waitFor({ state: "hidden" });
    assert.deepEqual([await zIndex(messaging), await zIndex(launcher)], ["40", "41"]);
    await context.close();
  });

  it("does not send an empty or blank question", async () => {
    let calls = 0;
    const { context, dialog, input } = await openAssistant("/", {
      route: (route) => {
        calls += 1;
        return route.continue();
      },
    });
    const send = dialog.getByRole("button", { name: "Send" });
    assert.equal(await send.isDisabled(), true);
    await input.fill("   ");
    assert.equal(await send.isDisabled(), true);
    await input.press("Enter");
    await new Promise((r) => setTimeout(r, 300));
    assert.equal(calls, 0);
    assert.equal(await dialog.getByRole("log").locator("li").count(), 1);
    await context.close();
  });

  it("sends with Enter, shows the typing indicator with the input disabled, then answers from the site's FAQ", async () => {
    let release;
    const gate = new Promise((r) => (release = r));
    const { context, errors, dialog, input } = await openAssistant("/", {
      route: async (route) => {
        await gate;
        await route.continue();
      },
    });
    await input.fill("How long is the free demo?");
    await input.press("Enter");
    await dialog.getByTestId("typing-indicator").waitFor();
    assert.equal(await input.isDisabled(), true);
    release();
    const answer = dialog.locator('li[data-role="bot"]').nth(1);
    await answer.waitFor();
    assert.match(await answer.innerText(), /30–45 minutes/);
    assert.equal(await answer.getByRole("link", { name: "/FreeDemo" }).getAttribute("href"), "/FreeDemo");
    await dialog.getByTestId("typing-indicator").waitFor({ state: "detached" });
    assert.equal(await input.inputValue(), "");
    assert.equal(await input.isEnabled(), true);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("declines an off-topic question", async () => {
    const { context, dialog, input } = await openAssistant();
    await input.fill("What is the capital of France?");
    await input.press("Enter");
    const answer = dialog.locator('li[data-role="bot"]').nth(1);
    await answer.waitFor();
    assert.equal((await answer.innerText()).replace(/^Assistant:\s*/, ""), `⚠️ I can only provide information about ${company} and its services.`);
    await context.close();
  });

  it("shows the product's failure text when the server fails, and renders answers as text", async () => {
    let status = 500;
    const { context, errors, dialog, input } = await openAssistant("/", {
      route: (route) =>
        status === 500
          ? route.fulfill({ status, contentType: "application/json", body: '{"error":"internal","message":"boom"}' })
          : route.fulfill({ status, contentType: "application/json", body: '{"answer":"<img src=x onerror=alert(1)>","source":"model"}' }),
    });
    await input.fill("What are your opening hours?");
    await input.press("Enter");
    await dialog.getByText("❌ Error contacting Gemini API.").waitFor();
    assert.ok(errors.some((e) => /assistant could not answer/.test(e)), errors.join("\n"));
    status = 200;
    await input.fill("hello");
    await input.press("Enter");
    await dialog.getByText("<img src=x onerror=alert(1)>").waitFor();
    assert.equal(await dialog.locator("img").count(), 0);
    await context.close();
  });

  it("works at a phone viewport", async () => {
    const { context, page, dialog } = await openAssistant("/FreeDemo", { viewport: viewports.mobile });
    const box = await dialog.boundingBox();
    assert.ok(box.x >= 0 && box.y >= 0 && box.x + box.width <= viewports.mobile.width, JSON.stringify(box));
    await page.keyboard.press("Escape");
    await context.close();
  });
});

describe("the chat-messaging button", () => {
  it("opens WhatsApp with the product's prefilled text in a new tab", async () => {
    const context = await browser.newContext({ viewport: viewports.desktop });
    const { page } = await openPage(context, "/contact");
    const link = page.getByRole("link", { name: /Chat with us on WhatsApp/ });
    const href = new URL(await link.getAttribute("href"));
    assert.equal(href.origin, "https://wa.me");
    assert.equal(href.searchParams.get("text"), "Hello! I'm interested in your services.");
    assert.equal(await link.getAttribute("target"), "_blank");
    assert.match(await link.getAttribute("rel"), /\bnoopener\b/);
    await context.close();
  });
});

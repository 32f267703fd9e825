// Paying for a plan through the real pages (docs/product.md#plan-form, #billing, #staff-console), against
// localstripe (LOCALSTRIPE_URL, which the harness exports with the server configured for it: its Stripe.js
// stand-in is what /api/payments/options names) and the real OpenID Connect flow (infra/oidc):
// - a visitor outside Pakistan buys Standard for a MERN batch with 4242 4242 4242 4242 and lands on the success page
//   showing enrolled (the server, asked directly, says so too); the welcome mail is in the outbox; signed in with that
//   e-mail, the batch is on /lms and Billing shows the plan;
// - a declined card (4000 0000 0000 0002) shows its message, keeps the form, and enrols nobody;
// - staff record a bank transfer for a new e-mail and the student is enrolled (the welcome mail carries the Secret ID);
// - staff refund the card payment within its window and the student's access ends;
// - axe finds nothing on the payment step and on Billing at 1280 and 390 px (the card Element itself is the
//   processor's, not the site's, and is left out), nor on the console's Payments on a phone, which it fits.
// localstripe's card Element renders plain inputs into the mount node, named by their placeholders (number,
// exp_month, exp_year as two digits, cvc, postal_code).
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { after, before, describe, it } from "node:test";
import { expectNoAxeViolations, hydrated, launchForSignIn, signIn, url, viewports, waitForMail, outboxTexts } from "./support.mjs";

const localstripe = process.env.LOCALSTRIPE_URL ?? "";
const staffEmail = "staff@example.com";
const countryHeader = "CloudFront-Viewer-Country";
const marker = `P${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const buyer = { first: "Emma", last: `Payer${marker}`, email: `buyer-${marker.toLowerCase()}@example.com`, phone: "+44 7700 900123" };
const declined = { first: "Dan", last: `Declined${marker}`, email: `declined-${marker.toLowerCase()}@example.com`, phone: "+44 7700 900456" };
const banked = { first: "Sara", last: `Bank${marker}`, email: `bank-${marker.toLowerCase()}@example.pk` };
const cardElement = "[data-card-element]";

let browser;
before(async () => {
  if (localstripe) browser = await launchForSignIn();
});
after(() => browser?.close());

/**
 * A visitor from the UK: the CDN's country header on the location check. Only there: a header added to every request
 * would go to localstripe's API too, whose CORS preflight refuses it.
 */
async function visitorContext(viewport = viewports.desktop) {
  const context = await browser.newContext({ viewport });
  await context.route(url("/api/geo"), (route) => route.continue({ headers: { ...route.request().headers(), [countryHeader.toLowerCase()]: "GB" } }));
  return context;
}

/** A browser of its own signed in as `email`, on `path`. */
async function signedIn(email, path, viewport = viewports.desktop) {
  const context = await browser.newContext({ viewport });
  const page = await signIn(context, { email, path });
  if (new URL(page.url()).pathname + new URL(page.url()).search !== path) await page.goto(url(path));
  await hydrated(page);
  return { context, page };
}

/** The plan form filled for `who` (MERN, Standard, the first MERN batch taking students), up to the card step. Answers the batch's name. */
async function toCardStep(page, who) {
  await page.goto(url("/enrollnow?course=mern-full-stack-development&plan=standard"));
  await hydrated(page);
  await page.locator("#registration-form").waitFor();
  assert.match(await page.locator("#course").inputValue(), /mern/i);
  const batch = page.locator("#batchId");
  await batch.or(page.getByText(/No batch of this course is taking students right now/)).waitFor();
  assert.equal(await batch.count(), 1, "the seed has a MERN batch taking students (MERN-09)");
  const [first] = (await batch.locator("option").evaluateAll((os) => os.map((o) => ({ value: o.value, text: o.textContent })))).filter((o) => o.value);
  assert.ok(first, "the plan form offers a MERN batch");
  await batch.selectOption(first.value);
  assert.equal(await page.locator("input[name=plan][value=standard]").isChecked(), true);
  await page.fill("#firstName", who.first);
  await page.fill("#lastName", who.last);
  await page.fill("#email", who.email);
  await page.fill("#phone", who.phone);
  await page.getByRole("button", { name: "Proceed to Payment" }).click();
  const step = page.getByTestId("card-step");
  await step.getByRole("button", { name: "Pay $149.00" }).waitFor();
  // Stripe.js is loaded for the payment step only, from the options' URL.
  await page.locator(`${cardElement} input[placeholder=number]`).waitFor();
  assert.equal(await page.locator("script[data-stripe-js]").count(), 1);
  return { step, batchName: first.text.split(":")[0].trim(), batchId: first.value };
}

async function typeCard(page, number) {
  const field = (name) => page.locator(`${cardElement} input[placeholder=${name}]`);
  await field("number").fill(number);
  await field("exp_month").fill("12");
  await field("exp_year").fill("34");
  await field("cvc").fill("123");
  await field("postal_code").fill("12345");
}

const myBatches = (page) => page.locator("section", { has: page.getByRole("heading", { name: "My batches" }) });

describe("payments", { skip: !localstripe && "LOCALSTRIPE_URL is not set: the payments harness (localstripe) is not running" }, () => {
  let paid; // { paymentId, secret, batchName, batchId }

  it("a visitor outside Pakistan buys Standard for a MERN batch by card and lands on the success page, enrolled", async () => {
    const context = await visitorContext();
    const page = await context.newPage();
    const errors = [];
    page.on("pageerror", (e) => errors.push(e.message));
    // Stripe.js is not on the form before the payment step.
    await page.goto(url("/enrollnow"));
    await hydrated(page);
    await page.locator("#registration-form").waitFor();
    assert.equal(await page.locator("script[data-stripe-js]").count(), 0, "no Stripe.js before the payment step");

    const { step, batchName, batchId } = await toCardStep(page, buyer);
    await expectNoAxeViolations(page, "the payment step at 1280 px", "#registration-form", cardElement);
    await typeCard(page, "4242424242424242");
    const checkout = page.waitForRequest((r) => r.method() === "POST" && new URL(r.url()).pathname === "/api/payments/checkout");
    await step.getByRole("button", { name: "Pay $149.00" }).click();
    const key = (await checkout).headers()["idempotency-key"];
    assert.match(key ?? "", /^[A-Za-z0-9_-]{8,64}$/);
    await page.waitForURL((u) => u.pathname === "/enrollnow/paid", { timeout: 20000 });
    const done = page.getByTestId("payment-done");
    await done.waitFor({ timeout: 30000 });
    const text = await done.innerText();
    assert.match(text, new RegExp(`You're enrolled\\. We've e-mailed your access to ${buyer.email.replace(/\./g, "\\.")}\\. Sign in with that e-mail at /lms to see your batch\\.`));
    assert.ok(text.includes(batchName), text);

    // The server, asked as the success page asks it, says the same.
    const here = new URL(page.url());
    paid = { paymentId: here.searchParams.get("payment"), secret: here.searchParams.get("secret"), batchName, batchId };
    assert.match(paid.secret ?? "", /^pi_\w+_secret_/);
    const status = await (await fetch(url(`/api/payments/${encodeURIComponent(paid.paymentId)}?secret=${encodeURIComponent(paid.secret)}`))).json();
    assert.deepEqual([status.status, status.enrolled, status.email, status.plan, status.amount, status.months], ["paid", true, buyer.email, "standard", 14900, 4]);
    // The status is the payer's only: the wrong secret reads nothing.
    const wrong = await fetch(url(`/api/payments/${encodeURIComponent(paid.paymentId)}?secret=pi_x_secret_y`));
    assert.ok(wrong.status >= 400 && wrong.status < 500, `a wrong secret is refused (${wrong.status})`);

    // The welcome mail, to the buyer, names the batch and the way in.
    const welcome = await waitForMail((t) => t.includes(buyer.email) && t.includes(batchName));
    assert.match(welcome, /\/lms/);
    assert.deepEqual(errors, []);
    await context.close();
  });

  it("signed in with that e-mail, the batch is on /lms and Billing shows the plan (axe at 1280 and 390 px)", async () => {
    assert.ok(paid, "the purchase above ran");
    for (const viewport of [viewports.desktop, viewports.mobile]) {
      const { context, page } = await signedIn(buyer.email, "/lms", viewport);
      await myBatches(page).getByRole("heading", { name: paid.batchName, exact: true }).waitFor({ timeout: 15000 });
      const billing = page.getByTestId("billing");
      await billing.waitFor({ timeout: 15000 });
      const text = await billing.innerText();
      assert.match(text, /Standard plan, \$149\.00 a month: 1 of 4 months paid/);
      assert.ok(text.includes(paid.batchName), text);
      assert.match(text, /ending 4242/);
      await billing.getByRole("button", { name: "Cancel auto-renewal" }).waitFor();
      await billing.getByRole("button", { name: "Update card" }).waitFor();
      await expectNoAxeViolations(page, `Billing at ${viewport.width} px`, "[data-testid=billing]");
      const wide = await page.evaluate(() => document.documentElement.scrollWidth);
      assert.ok(wide <= viewport.width, `/lms is ${wide} px wide on a ${viewport.width} px screen`);
      await context.close();
    }
  });

  it("a declined card shows its message, keeps the form, and enrols nobody; the payment step passes axe at 390 px", async () => {
    const context = await visitorContext(viewports.mobile);
    const page = await context.newPage();
    const { step } = await toCardStep(page, declined);
    await expectNoAxeViolations(page, "the payment step at 390 px", "#registration-form", cardElement);
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= viewports.mobile.width, `the payment step is ${wide} px wide on a phone`);
    await typeCard(page, "4000000000000002");
    await step.getByRole("button", { name: "Pay $149.00" }).click();
    const alert = step.getByRole("alert");
    await alert.waitFor({ timeout: 20000 });
    assert.match(await alert.innerText(), /declined/i);
    assert.equal(new URL(page.url()).pathname, "/enrollnow");
    // The form keeps what was typed, and Pay is offered again.
    assert.equal(await page.inputValue("#email"), declined.email);
    assert.equal(await page.inputValue("#lastName"), declined.last);
    assert.equal(await step.getByRole("button", { name: "Pay $149.00" }).isEnabled(), true);
    // Nobody is enrolled: no welcome mail goes to that address.
    await new Promise((r) => setTimeout(r, 3000));
    assert.equal((await outboxTexts()).filter((t) => t.includes(declined.email)).length, 0, "no mail to the declined payer");
    await context.close();

    // Staff see no paid payment for that e-mail.
    const staff = await signedIn(staffEmail, `/staff?section=payments&q=${encodeURIComponent(declined.email)}`);
    await staff.page.getByRole("heading", { level: 2, name: "Payments" }).waitFor();
    await staff.page.getByText(/No payments match these filters\.|Payments, newest first/).first().waitFor();
    assert.equal(await staff.page.getByRole("row", { name: /Paid/ }).count(), 0);
    await staff.context.close();
  });

  it("staff record a bank transfer for a new e-mail and the student is enrolled", async () => {
    assert.ok(paid, "the purchase above ran");
    const { context, page } = await signedIn(staffEmail, "/staff?section=payments");
    await page.getByRole("heading", { level: 2, name: "Payments" }).waitFor();
    await page.getByRole("button", { name: "Record a manual payment" }).click();
    const form = page.getByRole("form", { name: "Record a manual payment" });
    await form.getByLabel("Student's e-mail").fill(banked.email);
    await form.getByLabel("First name").fill(banked.first);
    await form.getByLabel("Last name").fill(banked.last);
    await form.getByLabel("Batch").selectOption(paid.batchId);
    await form.getByLabel("Plan").selectOption("basic");
    await form.getByLabel("Method").selectOption("bank");
    await form.getByLabel("Currency").selectOption("pkr");
    await form.getByLabel(/^Amount/).fill("27500");
    await form.getByText("Recorded as PKR 27,500").waitFor();
    await form.getByLabel(/^Reference/).fill(`TX-${marker}`);
    // The payer's bank slip, sent in parts to the local server's upload route and checked by its content.
    const png = Buffer.concat([Buffer.from("89504e470d0a1a0a0000000d49484452", "hex"), Buffer.alloc(2048, 7)]);
    await form.getByTestId("receipt-input").setInputFiles({ name: "slip.png", mimeType: "image/png", buffer: png });
    await form.getByText("Attached: slip.png").waitFor({ timeout: 15000 });
    await expectNoAxeViolations(page, "the manual payment form", "main");
    await form.getByRole("button", { name: "Record payment" }).click();
    const recorded = page.getByTestId("manual-recorded");
    await recorded.waitFor({ timeout: 15000 });
    const text = await recorded.innerText();
    assert.match(text, /Bank transfer payment of PKR 27,500 recorded\./);
    assert.ok(text.includes(`is enrolled in ${paid.batchName}`), text);
    const secretId = (await recorded.locator("[data-secret-id]").innerText()).trim();
    assert.ok(secretId.length >= 16, `the new enrolment's Secret ID is shown once: ${secretId}`);
    // The payment is listed with its receipt file, and the welcome mail carries the Secret ID.
    const row = page.getByRole("row", { name: new RegExp(`TX-${marker}`) });
    await row.waitFor();
    const [slip] = await Promise.all([page.waitForEvent("download"), row.getByRole("button", { name: /^Receipt file of / }).click()]);
    assert.equal(slip.suggestedFilename(), "slip.png");
    await waitForMail((t) => t.includes(banked.email) && t.includes(secretId));
    await context.close();

    // The student signs in with that e-mail: the batch is theirs, and so is the month's receipt (a PDF).
    const student = await signedIn(banked.email, "/lms");
    await myBatches(student.page).getByRole("heading", { name: paid.batchName, exact: true }).waitFor({ timeout: 15000 });
    const billing = student.page.getByTestId("billing");
    await billing.waitFor({ timeout: 15000 });
    const [receipt] = await Promise.all([
      student.page.waitForEvent("download"),
      billing.getByRole("button", { name: "Receipt (PDF) for month 1" }).click(),
    ]);
    assert.match(receipt.suggestedFilename(), /^receipt-[0-9a-f]{32}\.pdf$/);
    const bytes = await readFile(await receipt.path());
    assert.equal(bytes.subarray(0, 5).toString(), "%PDF-");
    await expectNoAxeViolations(student.page, "Billing with a receipt", "main");
    await student.context.close();
  });

  it("the console's Payments fits a 390 px phone and passes axe, with the list, the ledger and the manual form open", async () => {
    assert.ok(paid, "the purchase above ran");
    const { context, page } = await signedIn(staffEmail, `/staff?section=payments&q=${encodeURIComponent(buyer.email)}`, viewports.mobile);
    await page.getByRole("row", { name: new RegExp(buyer.last) }).waitFor({ timeout: 15000 });
    await page.getByRole("button", { name: new RegExp(`^Ledger of `) }).first().click();
    await page.getByTestId("ledger").getByRole("table").first().waitFor({ timeout: 15000 });
    await page.getByRole("button", { name: "Record a manual payment" }).click();
    await page.getByRole("form", { name: "Record a manual payment" }).waitFor();
    const wide = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(wide <= viewports.mobile.width, `Payments is ${wide} px wide on a phone`);
    await expectNoAxeViolations(page, "Payments at 390 px");
    await context.close();
  });

  it("staff refund the card payment within its window and the student's access ends", async () => {
    assert.ok(paid, "the purchase above ran");
    const { context, page } = await signedIn(staffEmail, `/staff?section=payments&q=${encodeURIComponent(buyer.email)}`);
    const row = page.getByRole("row", { name: new RegExp(buyer.last) });
    await row.waitFor({ timeout: 15000 });
    assert.match(await row.innerText(), /\$149\.00[\s\S]*Paid/);
    assert.ok(await row.getByRole("link", { name: /^Stripe/ }).count(), "the card payment links to Stripe");
    await row.getByRole("button", { name: /^Refund \$149\.00 to / }).click();
    const dialog = page.getByRole("alertdialog", { name: "Refund $149.00?" });
    await dialog.waitFor();
    assert.equal(await dialog.getByLabel("Reason for the refund").count(), 0, "within the window no reason is asked");
    await dialog.getByRole("button", { name: "Refund" }).click();
    await dialog.waitFor({ state: "detached", timeout: 15000 });
    await row.getByText("Refunded").waitFor();
    await context.close();

    // The student's access has ended: the batch is no longer theirs, and the success page says refunded.
    const student = await signedIn(buyer.email, "/lms");
    const mine = myBatches(student.page);
    await mine.getByText(/Link a Secret ID to see your batches here|lectures watched/).first().waitFor({ timeout: 15000 });
    assert.equal(await mine.getByRole("heading", { name: paid.batchName, exact: true }).count(), 0, "the refunded batch is gone from /lms");
    await student.context.close();
    const status = await (await fetch(url(`/api/payments/${encodeURIComponent(paid.paymentId)}?secret=${encodeURIComponent(paid.secret)}`))).json();
    assert.equal(status.status, "refunded");
  });
});

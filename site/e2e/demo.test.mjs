// Booking the free demo class through the real OpenID Connect flow (infra/oidc) for staff and a visitor in the UK's
// time zone (the browser context's timezoneId): staff publishes two slots in Pakistan time and sees the UK time
// beside them; the visitor (on a 390 px phone) finds them on /FreeDemo#book in UK time, books the first, reads the
// time in both zones on the thank-you page; the .eml in the outbox carries the invitation (text/calendar,
// METHOD:REQUEST) and the signed link; from that link the visitor moves the booking to the second slot; staff then
// sees the booking under the new time and opens Enrol prefilled, then cancels both slots (the booking is mailed
// METHOD:CANCEL). axe finds nothing on the booking section, the manage page and the console's Demo classes; none of
// them scrolls sideways on a 390 px phone.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { hydrated, launchForSignIn, signIn, url, viewports, waitForMail, expectNoAxeViolations } from "./support.mjs";

const staffEmail = "staff@example.com";
const marker = `D${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const visitor = { name: `Ayesha Demo${marker}`, email: `demo-${marker.toLowerCase()}@example.com`, phone: "+44 7700 900123" };
const meetingUrl = `https://meet.example.com/${marker.toLowerCase()}`;
const KARACHI = "Asia/Karachi";
const LONDON = "Europe/London";

let browser;
before(async () => {
  browser = await launchForSignIn();
});
after(() => browser?.close());

// ---- times, written as the site writes them (Intl with a time zone; site/app/lib/demo-time.ts) -------------------

const plain = (text) => text.replace(/[\u202f\u00a0]/g, " ");
const clock = (instant, timeZone) => plain(new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit", hour12: true }).format(instant));
const day = (instant, timeZone) => new Intl.DateTimeFormat("en-GB", { timeZone, weekday: "long", day: "numeric", month: "long" }).format(instant);

/** Karachi is UTC+5 all year: its wall-clock time `days` from today at `hour`:`minute`, as the instant and the input's text. */
function karachiSlot(days, hour, minute) {
  const karachiNow = new Date(Date.now() + 5 * 3600_000);
  const wall = Date.UTC(karachiNow.getUTCFullYear(), karachiNow.getUTCMonth(), karachiNow.getUTCDate() + days, hour, minute);
  const instant = new Date(wall - 5 * 3600_000);
  const input = new Date(wall).toISOString().slice(0, 16);
  return { instant, input };
}

// Two slots three and four days ahead (inside the 14 days visitors see, well past the two-hour cut-off).
const first = karachiSlot(3, 19, 5);
const second = karachiSlot(4, 20, 35);



async function expectNoSidewaysScroll(page, what) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= viewports.mobile.width, `${what} is ${wide} px wide on a ${viewports.mobile.width} px phone`);
}

const toast = (page, title) => page.locator("[data-sonner-toast]").filter({ hasText: title }).first();
const demoPath = "/staff?section=demo";

async function staffConsole() {
  const context = await browser.newContext({ viewport: viewports.desktop, timezoneId: LONDON });
  const page = await signIn(context, { email: staffEmail, path: demoPath });
  if (new URL(page.url()).search !== "?section=demo") await page.goto(url(demoPath));
  await hydrated(page);
  await page.getByRole("heading", { level: 2, name: "Demo classes" }).waitFor();
  return { context, page };
}

async function publish(page, slot) {
  await page.getByRole("button", { name: "Publish a slot" }).click();
  const form = page.getByRole("form", { name: "Publish a demo slot" });
  await form.getByLabel("Starts (Pakistan time)").fill(slot.input);
  // The UK time shows beside the Karachi time as it is typed.
  await form.getByTestId("uk-time").filter({ hasText: `${clock(slot.instant, LONDON)} UK time` }).waitFor();
  await form.getByLabel(/^Length/).fill("45");
  await form.getByLabel(/^Seats/).fill("3");
  await form.getByLabel(/^Meeting link/).fill(meetingUrl);
  await form.getByRole("button", { name: "Publish slot" }).click();
  await toast(page, "Slot published").waitFor();
}

/** The staff list's item of a slot, by its Karachi time. */
const staffSlot = (page, slot) =>
  page.getByRole("list", { name: "Demo slots" }).getByRole("listitem").filter({ hasText: `${clock(slot.instant, KARACHI)} Pakistan time` });

describe("demo booking", () => {
  it("staff publishes, a UK visitor books, gets the invitation, reschedules from the mail's link, staff sees the new time", async () => {
    // Staff publishes two slots in Pakistan time.
    const staff = await staffConsole();
    await publish(staff.page, first);
    await publish(staff.page, second);
    for (const slot of [first, second]) {
      const item = staffSlot(staff.page, slot);
      await item.waitFor();
      assert.match(await item.getByTestId("slot-uk-time").innerText(), new RegExp(`${clock(slot.instant, LONDON)} UK time`));
    }

    // A visitor in the UK, on a phone, books the first in UK time.
    const visit = await browser.newContext({ viewport: viewports.mobile, timezoneId: LONDON });
    const page = await visit.newPage();
    await page.goto(url("/FreeDemo#book"));
    await hydrated(page);
    const booking = page.getByTestId("demo-booking");
    await booking.waitFor();
    const firstDay = page.getByTestId("slot-picker").getByRole("group", { name: day(first.instant, LONDON) });
    const firstChoice = firstDay.getByLabel(new RegExp(`^${clock(first.instant, LONDON)} UK time`));
    await firstChoice.waitFor();
    // The switch shows the institute's time, and back.
    await page.getByLabel("Pakistan time (the institute's)").check();
    await page.getByTestId("slot-picker").getByLabel(new RegExp(`^${clock(first.instant, KARACHI)} Pakistan time`)).waitFor();
    await page.getByLabel("UK time (yours)").check();
    await expectNoAxeViolations(page, "the booking section", "#book");
    await expectNoSidewaysScroll(page, "/FreeDemo");

    await firstChoice.check();
    await booking.getByLabel(/^Full name/).fill(visitor.name);
    await booking.getByLabel(/^E-mail/).fill(visitor.email);
    await booking.getByLabel(/^Phone/).fill(visitor.phone);
    await booking.getByRole("button", { name: "Book This Time" }).click();
    await page.waitForURL((u) => u.pathname === "/Thank-you");
    const notice = page.getByTestId("booked-notice");
    await notice.waitFor();
    const both = await notice.innerText();
    assert.match(both, new RegExp(`${clock(first.instant, LONDON)} UK time`));
    assert.match(both, new RegExp(`${clock(first.instant, KARACHI)} Pakistan time`));

    // The invitation is in the outbox, with the signed link.
    const mail = await waitForMail((text) => text.includes(visitor.email) && /METHOD:REQUEST/.test(text));
    assert.match(mail, /text\/calendar/i);
    assert.match(mail, /BEGIN:VCALENDAR/);
    // The decoded text part's link (the raw quoted-printable one comes first in outboxTexts).
    const link = mail.match(/https?:\/\/[^\s"'<>]+\/FreeDemo\/booking\?id=[0-9a-f]{24}&(?:amp;)?token=[\w.-]+/)?.[0]?.replace(/&amp;/g, "&");
    assert.ok(link, "the mail carries the link to manage the booking");

    // From the mail's link, the visitor moves the booking to the second slot.
    await page.goto(url(new URL(link).pathname + new URL(link).search));
    await hydrated(page);
    const time = page.getByTestId("booking-time");
    await time.waitFor();
    assert.match(await time.innerText(), new RegExp(`${clock(first.instant, LONDON)} UK time`));
    await expectNoAxeViolations(page, "the manage page");
    await expectNoSidewaysScroll(page, "/FreeDemo/booking");
    await page.getByRole("button", { name: "Reschedule" }).click();
    await page.getByTestId("reschedule").getByLabel(new RegExp(`^${clock(second.instant, LONDON)} UK time`)).check();
    await expectNoAxeViolations(page, "the manage page while rescheduling");
    await page.getByRole("button", { name: "Move My Booking" }).click();
    await page.getByTestId("booking-notice").filter({ hasText: "Your class is moved to" }).waitFor();
    assert.match(await time.innerText(), new RegExp(`${clock(second.instant, LONDON)} UK time`));
    await waitForMail((text) => text.includes(visitor.email) && /SEQUENCE:[1-9]/.test(text) && /METHOD:REQUEST/.test(text));
    // The page now holds the move's fresh link: a reload opens the booking at its new time.
    await page.reload();
    await hydrated(page);
    await time.filter({ hasText: `${clock(second.instant, LONDON)} UK time` }).waitFor();

    // Staff sees the booking under the new time, and none left under the old one.
    await staff.page.getByRole("button", { name: "Refresh slots" }).click();
    const moved = staffSlot(staff.page, second);
    await moved.getByRole("button", { name: /\(1\)$/ }).waitFor();
    await staffSlot(staff.page, first).getByRole("button", { name: /\(0\)$/ }).waitFor();
    await moved.getByRole("button", { name: /^Bookings of / }).click();
    await moved.getByRole("cell", { name: visitor.name, exact: true }).waitFor();
    await moved.getByRole("button", { name: `Enrol ${visitor.name}` }).click();
    const enrol = staff.page.getByRole("form", { name: "Enrol a student" });
    assert.equal(await enrol.getByLabel("Name").inputValue(), visitor.name);
    assert.equal(await enrol.getByLabel("E-mail").inputValue(), visitor.email);
    await expectNoAxeViolations(staff.page, "Demo classes with a slot's bookings and the Enrol form");
    await staff.page.setViewportSize(viewports.mobile);
    await expectNoSidewaysScroll(staff.page, "/staff?section=demo");
    await expectNoAxeViolations(staff.page, "Demo classes on a phone");

    // Staff cancels both slots after the confirmation (the booking is mailed the cancellation), so the free demo
    // section is the enquiry again for the browser tests after this one.
    await staff.page.setViewportSize(viewports.desktop);
    for (const slot of [second, first]) {
      await staffSlot(staff.page, slot).getByRole("button", { name: /^Cancel / }).click();
      const confirm = staff.page.getByRole("alertdialog");
      await confirm.getByRole("button", { name: "Cancel slot" }).click();
      await confirm.waitFor({ state: "detached" });
      await staffSlot(staff.page, slot).getByText("Cancelled", { exact: true }).first().waitFor();
    }
    await waitForMail((text) => text.includes(visitor.email) && /METHOD:CANCEL/.test(text));

    await visit.close();
    await staff.context.close();
  });
});

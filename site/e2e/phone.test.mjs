// The staff console and the student's lecture list on a 390 × 844 phone, signed in through the real flow: no page is
// wider than the screen (wide tables scroll inside their own region), and the actions that matter (Open, Close,
// Enrol, Mark handled, Revoke, Publish slot, Later, Edit, Watch) lie inside the screen and are what a tap there
// reaches (nothing, a floating button included, covers them). E-mail addresses wrap at sensible points, toasts sit
// below the header, the floating buttons never cover a form's control and stay off the console, and the signed-in
// header keeps to one line at 1280 px. axe finds nothing on the pages this checks, at both widths.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { hydrated, launchForSignIn, openPage, sendContactForm, signIn, url, viewports, expectNoAxeViolations } from "./support.mjs";

const staffEmail = "staff@example.com";
const mern08 = { id: "665f1c2a9b3e4d0012a1c002", name: "MERN-08 Weekend Batch" };
const marker = `P${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
// A long address, as the ones that broke one character a line.
const student = {
  first: "Zainab",
  last: `Qureshi${marker}`,
  email: `zainab.qureshi.${marker.toLowerCase()}@students.example-institute.com`,
};
const studentName = `${student.first} ${student.last}`;
const phone = viewports.mobile;

let browser;
before(async () => {
  browser = await launchForSignIn();
});
after(() => browser?.close());

async function signedIn(email, path, viewport = phone) {
  const context = await browser.newContext({ viewport });
  const page = await signIn(context, { email, path });
  if (new URL(page.url()).pathname + new URL(page.url()).search !== path) await page.goto(url(path));
  await hydrated(page);
  return { context, page };
}



/** The document is no wider than the screen: nothing pans sideways. */
async function expectNoSidewaysScroll(page, what) {
  const { wide, screen, past } = await page.evaluate(() => {
    const screen = window.innerWidth;
    // The elements (or their text) reaching past the screen's right edge, to say what widens the page.
    const reach = (el) => Math.max(el.getBoundingClientRect().right, el.getBoundingClientRect().left + el.scrollWidth);
    const past = [...document.body.querySelectorAll("*")]
      .filter((el) => reach(el) > screen + 0.5)
      .filter((el) => {
        // Not clipped by a scrolling box: one around it and (for a positioned element) around what it is placed in.
        let placed = getComputedStyle(el).position === "absolute";
        if (getComputedStyle(el).position === "fixed") return false;
        for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) {
          const style = getComputedStyle(up);
          if (placed && style.position === "static") continue;
          placed = false;
          if (style.overflowX !== "visible") return false;
        }
        return true;
      })
      .slice(-3)
      .map((el) => `${el.tagName.toLowerCase()}.${String(el.className).slice(0, 60)} (to ${Math.round(reach(el))} px)`);
    return { wide: document.documentElement.scrollWidth, screen, past };
  });
  assert.ok(wide <= screen, `${what} is ${wide} px wide on a ${screen} px screen: ${past.join("; ")}`);
}

/**
 * `action` is on screen without panning sideways: brought into view by scrolling up or down only (the page, or a
 * drawer, never a table sideways), its box lies inside the screen and a tap at its centre reaches it (nothing covers it).
 */
async function expectReachable(action, what) {
  await action.waitFor();
  const found = await action.evaluate((el) => {
    for (let box = el.parentElement; box; box = box.parentElement) {
      const { overflowY } = getComputedStyle(box);
      if (/(auto|scroll)/.test(overflowY) && box.scrollHeight > box.clientHeight) {
        const [inner, outer] = [el.getBoundingClientRect(), box.getBoundingClientRect()];
        box.scrollTop += inner.top - outer.top - Math.max(0, (outer.height - inner.height) / 2);
      }
    }
    const r = el.getBoundingClientRect();
    window.scrollBy(0, r.top - Math.max(0, (window.innerHeight - r.height) / 2));
    return new Promise((resolve) =>
      requestAnimationFrame(() =>
        requestAnimationFrame(() => {
          const b = el.getBoundingClientRect();
          const hit = document.elementFromPoint(b.left + b.width / 2, b.top + b.height / 2);
          resolve({
            box: { left: Math.round(b.left), right: Math.round(b.right), top: Math.round(b.top), bottom: Math.round(b.bottom) },
            screen: { width: window.innerWidth, height: window.innerHeight },
            reached: hit !== null && (el === hit || el.contains(hit)),
            hit: hit ? `${hit.tagName.toLowerCase()} ${hit.textContent?.trim().slice(0, 40) ?? ""}` : "nothing",
          });
        }),
      ),
    );
  });
  const { box, screen } = found;
  assert.ok(box.left >= 0 && box.right <= screen.width && box.top >= 0 && box.bottom <= screen.height, `${what} lies outside the ${screen.width} × ${screen.height} screen: ${JSON.stringify(box)}`);
  assert.ok(found.reached, `a tap on ${what} reaches ${found.hit} instead`);
}

const floatingButtons = (page) => page.locator("[data-testid=messaging-button], [data-testid=assistant-button]");

describe("on a 390 px phone", () => {
  it("the console's lists, the enquiry drawer, the batch page and the student's lecture list fit the screen with their actions", async () => {
    // A visitor with a long e-mail address writes in.
    await sendContactForm(browser, phone, student, `Please call me back about the weekend batch (${marker}).`);

    // Enquiries: the list, its Open action and the address in a readable column.
    const { context, page } = await signedIn(staffEmail, `/staff?q=${encodeURIComponent(student.email)}`);
    const row = page.getByRole("row", { name: new RegExp(marker) });
    await row.waitFor();
    await expectNoSidewaysScroll(page, "Enquiries");
    assert.equal(await floatingButtons(page).count(), 0, "no floating button on the console");
    const email = row.getByRole("cell", { name: student.email });
    const emailBox = await email.boundingBox();
    assert.ok(emailBox.width >= 120, `the e-mail column is ${emailBox.width} px wide`);
    const open = row.getByRole("button", { name: `Open enquiry from ${studentName}` });
    await expectReachable(open, "Open");
    await expectNoAxeViolations(page, "Enquiries on a phone");

    // A toast sits below the header, clear of its navigation.
    await expectReachable(page.getByRole("button", { name: "Export CSV" }), "Export CSV");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("button", { name: "Export CSV" }).click()]);
    await download.path();
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Export ready" }).first();
    await toast.waitFor();
    // Measured once it has slid in (polled: the machine may be slow).
    const headerBox = await page.getByRole("banner").boundingBox();
    let toastBox = await toast.boundingBox();
    for (let i = 0; i < 30 && toastBox && toastBox.y < headerBox.y + headerBox.height; i++) {
      await new Promise((r) => setTimeout(r, 100));
      toastBox = await toast.boundingBox();
    }
    assert.ok(toastBox && toastBox.y >= headerBox.y + headerBox.height, `the toast (top ${toastBox?.y}) covers the header (bottom ${headerBox.y + headerBox.height})`);

    // The drawer fits the screen: Close, Mark handled and Enrol, then the Enrol form's own button.
    await open.click();
    const detail = page.getByRole("dialog", { name: `Enquiry from ${studentName}` });
    await detail.getByText(`(${marker})`, { exact: false }).waitFor();
    const drawer = await detail.boundingBox();
    assert.ok(drawer.x >= 0 && drawer.x + drawer.width <= phone.width, `the drawer spans ${drawer.x}–${drawer.x + drawer.width} px`);
    await expectNoSidewaysScroll(page, "The enquiry drawer");
    await expectReachable(detail.getByRole("button", { name: "Close" }), "the drawer's Close");
    await expectReachable(detail.getByRole("button", { name: "Mark handled" }), "Mark handled");
    await expectReachable(detail.getByRole("button", { name: "Enrol", exact: true }), "the drawer's Enrol");
    await detail.getByRole("button", { name: "Enrol", exact: true }).click();
    const enrolForm = detail.getByRole("form", { name: "Enrol a student" });
    await expectReachable(enrolForm.getByRole("button", { name: "Enrol", exact: true }), "the Enrol form's Enrol");
    await expectNoSidewaysScroll(page, "The enquiry drawer with the Enrol form");
    await expectNoAxeViolations(page, "The enquiry drawer on a phone");
    await page.keyboard.press("Escape");
    await detail.waitFor({ state: "detached" });

    // Batches.
    await page.goto(url("/staff?section=batches"));
    await hydrated(page);
    await page.getByRole("table", { name: "Batches with their enrolments" }).waitFor();
    await expectNoSidewaysScroll(page, "Batches");
    await expectReachable(page.getByRole("link", { name: mern08.name }), `the ${mern08.name} link`);

    // A batch: enrol the student (the form's Enrol), then their row's Revoke and the confirmation's buttons; the lectures' Edit.
    await page.getByRole("link", { name: mern08.name }).click();
    await page.getByRole("heading", { level: 2, name: mern08.name }).waitFor();
    const one = page.getByRole("form", { name: "Enrol a student" });
    await one.getByLabel("Name", { exact: true }).fill(studentName);
    await one.getByLabel("E-mail", { exact: true }).fill(student.email);
    await expectReachable(one.getByRole("button", { name: "Enrol", exact: true }), "the batch's Enrol");
    await one.getByRole("button", { name: "Enrol", exact: true }).click();
    await page.locator("[data-secret-id]").or(one.getByRole("alert")).waitFor();
    assert.equal(await one.getByRole("alert").count(), 0, await one.innerText());
    const students = page.getByRole("table", { name: `Students of ${mern08.name}` });
    const enrolment = students.getByRole("row", { name: new RegExp(marker) });
    await enrolment.waitFor();
    await page.getByRole("list", { name: `Lectures of ${mern08.name}` }).waitFor();
    await page.getByRole("table", { name: "Report by student", exact: true }).waitFor();
    await expectNoSidewaysScroll(page, "The batch page");
    await expectReachable(enrolment.getByRole("button", { name: `Revoke ${studentName}` }), "Revoke");
    await expectReachable(enrolment.getByRole("button", { name: `Resend welcome to ${studentName}` }), "Resend welcome");
    await expectReachable(page.getByRole("button", { name: /^Edit / }).first(), "a lecture's Edit");
    await enrolment.getByRole("button", { name: `Revoke ${studentName}` }).click();
    const confirm = page.getByRole("alertdialog");
    await expectReachable(confirm.getByRole("button", { name: "Revoke access" }), "the confirmation's Revoke access");
    await expectReachable(confirm.getByRole("button", { name: "Cancel" }), "the confirmation's Cancel");
    await page.keyboard.press("Escape");
    await confirm.waitFor({ state: "detached" });

    // Demo classes: the Publish form's buttons, Later, and a slot's actions (the slot is cancelled again).
    await page.goto(url("/staff?section=demo"));
    await hydrated(page);
    await page.getByRole("heading", { level: 2, name: "Demo classes" }).waitFor();
    await page.getByRole("button", { name: "Publish a slot" }).click();
    const publish = page.getByRole("form", { name: "Publish a demo slot" });
    const meeting = `https://meet.example.com/${marker.toLowerCase()}`;
    const start = new Date(Date.now() + (5 * 24 + 5) * 3600_000).toISOString().slice(0, 11) + "06:50";
    await publish.getByLabel("Starts (Pakistan time)").fill(start);
    await publish.getByLabel(/^Length/).fill("45");
    await publish.getByLabel(/^Seats/).fill("3");
    await publish.getByLabel(/^Meeting link/).fill(meeting);
    await expectNoSidewaysScroll(page, "Demo classes with the Publish form");
    await expectReachable(page.getByRole("button", { name: "Later", exact: true }), "Later");
    await expectReachable(publish.getByRole("button", { name: "Publish slot" }), "Publish slot");
    await publish.getByRole("button", { name: "Publish slot" }).click();
    const slot = page.getByRole("list", { name: "Demo slots" }).getByRole("listitem").filter({ hasText: meeting }).first();
    await slot.waitFor();
    await expectNoSidewaysScroll(page, "Demo classes");
    await expectReachable(slot.getByRole("button", { name: /^Edit / }), "a slot's Edit");
    await expectReachable(slot.getByRole("button", { name: /^Cancel / }), "a slot's Cancel slot");
    await expectNoAxeViolations(page, "Demo classes on a phone");
    await slot.getByRole("button", { name: /^Cancel / }).click();
    await expectReachable(page.getByRole("alertdialog").getByRole("button", { name: "Cancel slot" }), "the confirmation's Cancel slot");
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel slot" }).click();
    await page.getByRole("alertdialog").waitFor({ state: "detached" });

    // The audit trail.
    await page.goto(url("/staff?section=audit"));
    await hydrated(page);
    await page.getByRole("table", { name: "Audit trail, newest first" }).waitFor();
    await expectNoSidewaysScroll(page, "The audit trail");
    await expectReachable(page.getByRole("button", { name: "Refresh", exact: true }), "the audit trail's Refresh");
    await context.close();

    // The student signs in with that address: their lecture list, every Watch on screen.
    const learner = await signedIn(student.email, "/lms");
    const card = learner.page.getByRole("listitem").filter({ has: learner.page.getByRole("heading", { name: mern08.name }) });
    await card.waitFor();
    await expectNoSidewaysScroll(learner.page, "/lms");
    await expectReachable(card.getByRole("link", { name: /^Continue/ }), "the batch's Continue");
    await learner.page.goto(url(`/recorded-lectures/${mern08.id}`));
    await hydrated(learner.page);
    const table = learner.page.getByRole("table", { name: /^Recorded lectures of / });
    await table.waitFor();
    await expectNoSidewaysScroll(learner.page, "The student's lecture list");
    const watches = table.getByRole("button", { name: /^Watch lecture / });
    assert.ok((await watches.count()) >= 2);
    for (let i = 0; i < (await watches.count()); i++) await expectReachable(watches.nth(i), `Watch (lecture ${i + 1})`);
    await expectNoAxeViolations(learner.page, "The student's lecture list on a phone");
    await learner.context.close();
  });

  it("the floating buttons never cover a form's control: they stand aside while one lies under them", async () => {
    const context = await browser.newContext({ viewport: phone });
    const { page } = await openPage(context, "/contact");
    await page.locator("#contact-form").waitFor();
    const controls = page.locator("#contact-form").locator("input, textarea, select, button");
    const overlaps = async () =>
      page.evaluate(() => {
        const floating = [...document.querySelectorAll("[data-testid=messaging-button], [data-testid=assistant-button]")].filter(
          (el) => getComputedStyle(el).visibility === "visible" && el.getBoundingClientRect().width > 0,
        );
        const controls = [...document.querySelectorAll("#contact-form input, #contact-form textarea, #contact-form select, #contact-form button")];
        const meet = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
        return floating.flatMap((f) =>
          controls.filter((c) => meet(f.getBoundingClientRect(), c.getBoundingClientRect())).map((c) => `${f.dataset.testid} over ${c.id || c.tagName}`),
        );
      });
    let shownOverPlainPage = false;
    for (let i = 0; i < (await controls.count()); i++) {
      // Scroll each control to the bottom right, where the buttons are; they stand aside within a few frames.
      await controls.nth(i).evaluate((el) => window.scrollBy(0, el.getBoundingClientRect().bottom - window.innerHeight + 30));
      let covered = await overlaps();
      for (let tries = 0; tries < 30 && covered.length; tries++) {
        await new Promise((r) => setTimeout(r, 100));
        covered = await overlaps();
      }
      assert.deepEqual(covered, [], `with control ${i} at the bottom of the screen`);
    }
    // Away from the form (at the foot of the page), they are there.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    for (let i = 0; i < 50 && !shownOverPlainPage; i++) {
      shownOverPlainPage = await page.getByTestId("messaging-button").evaluate((el) => getComputedStyle(el).visibility === "visible");
      if (!shownOverPlainPage) await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(shownOverPlainPage, "the WhatsApp button shows where it covers nothing");
    await context.close();
  });
});

describe("at 1280 px", () => {
  it("the signed-in staff header keeps to one line, and axe finds nothing on the console's lists", async () => {
    const { context, page } = await signedIn(staffEmail, "/staff", viewports.desktop);
    const banner = page.getByRole("banner");
    await banner.getByRole("link", { name: "Staff", exact: true }).first().waitFor();
    // Every text of the header's row on one line: a wrapped text has client rectangles on more than one line.
    const lines = await banner.evaluate((header) => {
      const row = header.querySelector(".container-page");
      const texts = document.createTreeWalker(row, NodeFilter.SHOW_TEXT);
      const wrapped = [];
      for (let node = texts.nextNode(); node; node = texts.nextNode()) {
        if (!node.textContent.trim()) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const tops = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
        if (tops.size > 1) wrapped.push(node.textContent.trim());
      }
      const outside = [...row.querySelectorAll("a, button")]
        .filter((el) => el.getBoundingClientRect().width > 0 && el.getBoundingClientRect().right > window.innerWidth)
        .map((el) => el.textContent.trim());
      return { header: header.getBoundingClientRect().height, wrapped, outside };
    });
    assert.deepEqual(lines.wrapped, [], `wrapped onto two lines: ${lines.wrapped.join(", ")}`);
    assert.deepEqual(lines.outside, [], `past the right edge: ${lines.outside.join(", ")}`);
    assert.ok(lines.header <= 66, `the header is ${lines.header} px high`);
    await expectNoAxeViolations(page, "Enquiries at 1280 px");
    for (const section of ["batches", "demo"]) {
      await page.goto(url(`/staff?section=${section}`));
      await hydrated(page);
      await page.getByRole("heading", { level: 2, name: section === "demo" ? "Demo classes" : "Batches" }).waitFor();
      await page.getByRole("status").filter({ hasText: /^Loading/ }).waitFor({ state: "detached" });
      await expectNoAxeViolations(page, `/staff?section=${section} at 1280 px`);
    }
    await context.close();
  });
});

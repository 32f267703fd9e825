// The staff console through the real OpenID Connect flow (infra/oidc, whose staff group holds ACADEMY_STAFF_EMAILS:
// staff@example.com here). The whole loop: a visitor's contact form → staff finds it under Enquiries and enrols them
// → the welcome .eml carries a Secret ID → the student signs in with that e-mail and finds the batch on /lms without
// it → watches part of a lecture → staff sees it in the batch report → staff revokes → the batch is gone and its
// lecture link refused. Also: a student at /staff sees "Staff only", the gate sends a visitor to sign in and back,
// and axe finds nothing on the console at 1280 and 390 px.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { hydrated, launchForSignIn, oidcIssuer, sendContactForm, signIn, url, viewports, waitForMail, expectNoAxeViolations, untilMedia } from "./support.mjs";

const staffEmail = "staff@example.com";
const mern08 = { id: "665f1c2a9b3e4d0012a1c002", name: "MERN-08 Weekend Batch", lectures: 4 };
const marker = `S${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const student = { first: "Ayesha", last: `Khan${marker}`, email: `student-${marker.toLowerCase()}@example.com` };
const studentName = `${student.first} ${student.last}`;

let browser;
before(async () => {
  browser = await launchForSignIn();
});
after(() => browser?.close());

/** A browser of its own signed in as `email`, on `path` (the sign-in starts there, so the gate brings them back). */
async function signedIn(email, path, viewport = viewports.desktop) {
  const context = await browser.newContext({ viewport });
  const page = await signIn(context, { email, path });
  if (new URL(page.url()).pathname !== path.split("?")[0]) await page.goto(url(path));
  await hydrated(page);
  return { context, page };
}

const accessTokenOf = (page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem(Object.keys(localStorage).find((k) => k.startsWith("oidc.user:")))).access_token);
const myBatches = (page) => page.locator("section", { has: page.getByRole("heading", { name: "My batches" }) });
const toast = (page, title) => page.locator("[data-sonner-toast]").filter({ hasText: title }).first();

/** What `act` downloads: the file's name and its text. */
async function downloaded(page, act) {
  const [download] = await Promise.all([page.waitForEvent("download"), act()]);
  const { readFile } = await import("node:fs/promises");
  return { name: download.suggestedFilename(), text: await readFile(await download.path(), "utf8") };
}



describe("staff console", () => {
  it("runs the loop: enquiry → enrol → welcome mail → the student's batch and progress → report → revoke", async () => {
    // A visitor writes in.
    await sendContactForm(browser, viewports.desktop, student, `I would like to join the MERN course (${marker}).`);

    // Staff signs in at /staff (the gate sends them to the provider and back), sees the Staff link, finds the enquiry.
    const staff = await signedIn(staffEmail, "/staff");
    const { page } = staff;
    await page.getByRole("heading", { level: 1, name: "Staff console" }).waitFor();
    await page.getByRole("banner").getByRole("link", { name: "Staff", exact: true }).first().waitFor(); // shown to staff only
    await page.getByLabel("Search by name or e-mail").fill(student.email);
    await page.getByRole("button", { name: "Search" }).click();
    await page.waitForURL((u) => u.searchParams.get("q") === student.email);
    const row = page.getByRole("row", { name: new RegExp(marker) });
    await row.waitFor();
    assert.match(await row.innerText(), /Not handled/);
    const exported = await downloaded(page, () => page.getByRole("button", { name: "Export CSV" }).click());
    assert.equal(exported.name, "enquiries.csv");
    // Every text cell quoted (a separator inside one stays inside it, whatever the spreadsheet splits on).
    assert.match(exported.text, new RegExp(`^"id","createdAt","formType","name","email"[^\r\n]*\r\n[^\r\n]*,"contact-form","${studentName}","${student.email}",`));
    assert.equal(exported.text.trim().split("\r\n").length, 2, "the export holds the filtered list only");
    await row.getByRole("button", { name: `Open enquiry from ${studentName}` }).click();

    // The detail: every field, then Enrol, prefilled from the enquiry.
    const detail = page.getByRole("dialog", { name: `Enquiry from ${studentName}` });
    await detail.getByText(`I would like to join the MERN course (${marker}).`).waitFor();
    await detail.getByRole("button", { name: "Enrol" }).click();
    const enrolForm = detail.getByRole("form", { name: "Enrol a student" });
    assert.equal(await enrolForm.getByLabel("Name", { exact: true }).inputValue(), studentName);
    assert.equal(await enrolForm.getByLabel("E-mail", { exact: true }).inputValue(), student.email);
    // The batches offered: open ones first, then those marked full, then those marked ended.
    const offered = (await enrolForm.getByLabel("Batch", { exact: true }).locator("option").allInnerTexts()).slice(1);
    const standing = (label) => (label.endsWith(" — ended") ? 2 : label.endsWith(" — full") ? 1 : 0);
    assert.ok(offered.some((label) => label.startsWith(mern08.name)), offered.join(" | "));
    assert.deepEqual(offered.map(standing), offered.map(standing).sort(), `open batches first: ${offered.join(" | ")}`);
    await enrolForm.getByLabel("Batch", { exact: true }).selectOption(mern08.id);
    await enrolForm.getByRole("button", { name: "Enrol" }).click();
    const shown = detail.locator("[data-secret-id]");
    await shown.or(enrolForm.getByRole("alert")).waitFor();
    assert.equal(await enrolForm.getByRole("alert").count(), 0, await detail.innerText());
    const secretId = (await shown.innerText()).trim();
    assert.ok(secretId.length >= 16, `a Secret ID is shown once: ${secretId}`);
    await detail.getByText(`It was mailed to ${student.email}`).waitFor();
    await toast(page, "Enrolled").waitFor();
    // The drawer says who handled the enquiry and when, at once.
    await detail.getByText(new RegExp(`^Yes, by ${staffEmail.replace(".", "\\.")} on \\d`)).waitFor();
    await page.keyboard.press("Escape");
    await row.getByText("Handled", { exact: true }).waitFor();

    // The welcome mail carries the Secret ID and the way in.
    const welcome = await waitForMail((t) => t.includes(student.email) && t.includes(secretId));
    assert.match(welcome, /Welcome to MERN-08 Weekend Batch/);
    assert.match(welcome, /\/lms/);

    // What the batch's report says of lecture 1 before this student watches: other tests' students
    // may have watched MERN-08 too (the store is shared), so the report is compared with this.
    const lectureOne = async () => {
      await page.goto(url(`/staff?section=batches&batch=${mern08.id}`));
      await hydrated(page);
      await page.getByRole("heading", { level: 2, name: mern08.name }).waitFor();
      const row = page.getByRole("table", { name: /^Report by lecture/ }).getByRole("row", { name: /How the web works/ });
      await row.waitFor();
      const [, , watchedBy, startedBy, furthest] = await row.getByRole("cell").or(row.getByRole("rowheader")).allInnerTexts();
      return { watchedBy: Number(watchedBy), startedBy: Number(startedBy), furthest };
    };
    const before = await lectureOne();

    // The student signs in with that e-mail: the batch is theirs on /lms without the Secret ID.
    const learner = await signedIn(student.email, "/lms");
    const mine = myBatches(learner.page);
    const card = mine.getByRole("listitem").filter({ has: learner.page.getByRole("heading", { name: mern08.name }) });
    await card.getByText(`0 of ${mern08.lectures} lectures watched`).waitFor();

    // They watch part of lecture 1 (the 4 s sample clip): the progress is saved.
    await card.getByRole("link", { name: "Continue: Lecture 1" }).click();
    await learner.page.waitForURL((u) => u.pathname === `/recorded-lectures/${mern08.id}`);
    const video = learner.page.getByRole("dialog").locator("video");
    await video.waitFor();
    await untilMedia(video, "lecture 1 loads", (v) => v.readyState >= 2);
    const lectureLink = await video.evaluate((v) => v.currentSrc);
    await learner.page.waitForFunction(() => document.querySelector("[role=dialog] video").currentTime >= 1.2);
    const saved = learner.page.waitForResponse((r) => r.request().method() === "PUT" && r.url().includes(`/api/me/progress/${mern08.id}/1`));
    await video.evaluate((v) => v.pause());
    assert.equal((await saved).status(), 200);
    assert.equal((await fetch(lectureLink)).status, 200, "the lecture link works while enrolled");

    // Staff sees it: the student linked, lecture 1 started by one more student (not finished), and
    // when they were last active.
    const after = await lectureOne();
    const students = page.getByRole("table", { name: `Students of ${mern08.name}` });
    const enrolment = students.getByRole("row", { name: new RegExp(marker) });
    await enrolment.waitFor();
    assert.match(await enrolment.innerText(), /Active[\s\S]*Linked[\s\S]*0 of 4/);
    assert.deepEqual(
      [after.watchedBy, after.startedBy],
      [before.watchedBy, before.startedBy + 1],
      "lecture 1 started by one more student, watched by no more",
    );
    // The average furthest point: this student's (1–4 s of the clip) when they are the only one.
    assert.match(after.furthest, before.startedBy === 0 ? /^0:0[1-4]$/ : /^\d+:\d{2}$/);
    const report = await downloaded(page, () => page.getByRole("button", { name: "Download report (CSV)" }).click());
    assert.equal(report.name, `report-${mern08.id}.csv`);
    assert.match(report.text, new RegExp(`"${studentName}","${student.email}","true",0,4,"\\d{4}-`));
    const reported = page.getByRole("table", { name: "Report by student", exact: true }).getByRole("row", { name: new RegExp(marker) });
    assert.doesNotMatch(await reported.innerText(), /—\s*$/, "the report knows when the student was last active");

    // Staff revokes, after confirming.
    await enrolment.getByRole("button", { name: `Revoke ${studentName}` }).click();
    const confirm = page.getByRole("alertdialog", { name: `Revoke ${studentName}'s access?` });
    await confirm.getByRole("button", { name: "Revoke access" }).click();
    await confirm.waitFor({ state: "detached" });
    await enrolment.getByText("Revoked", { exact: true }).waitFor();
    await toast(page, "Access revoked").waitFor();
    // What they watched stays: their last activity is still known, in the list and the report (marked revoked).
    assert.notEqual((await enrolment.getByRole("cell").nth(4).innerText()).trim(), "—", await enrolment.innerText());
    await reported.getByText("Revoked", { exact: true }).waitFor();
    assert.doesNotMatch(await reported.innerText(), /—\s*$/, "the report still knows when the student was last active");

    // The batch is gone from the student's /lms, its lecture link and its list refused.
    await learner.page.goto(url("/lms"));
    await hydrated(learner.page);
    await mine.getByText("Link a Secret ID to see your batches here").waitFor();
    assert.equal(await card.count(), 0);
    assert.notEqual((await fetch(lectureLink)).status, 200, "the lecture link is refused once revoked");
    const list = await fetch(url(`/api/batches/${mern08.id}/videos`), { headers: { Authorization: `Bearer ${await accessTokenOf(learner.page)}` } });
    assert.ok([401, 403].includes(list.status), `the lecture list answers ${list.status}`);

    // The audit trail has both writes, newest first.
    await page.getByRole("navigation", { name: "Staff sections" }).getByRole("link", { name: "Audit trail" }).click();
    const trail = page.getByRole("table", { name: "Audit trail, newest first" });
    await trail.waitFor();
    const actions = await trail.locator("tbody tr td:nth-child(3)").allInnerTexts();
    assert.deepEqual(actions.slice(0, 2), [`Revoked a student's access to ${mern08.name}`, `Enrolled a student in ${mern08.name}`]);
    await trail.getByRole("link", { name: mern08.name }).first().click();
    await page.getByRole("heading", { level: 2, name: mern08.name }).waitFor();
    for (const c of [staff, learner]) await c.context.close();
  });

  it("a student gets 'Staff only'; a visitor is sent to sign in and back", async () => {
    const { context, page } = await signedIn(`not-staff-${marker.toLowerCase()}@example.com`, "/staff");
    await page.getByRole("heading", { level: 1, name: "Staff only" }).waitFor();
    assert.equal(await page.getByRole("banner").getByRole("link", { name: "Staff" }).count(), 0, "no Staff link for a student");
    await page.getByRole("link", { name: "Return to Home" }).click();
    await page.waitForURL(url("/"));
    await context.close();

    const visitor = await browser.newContext({ viewport: viewports.desktop });
    const gate = await visitor.newPage();
    await gate.goto(url("/staff"));
    await gate.waitForURL((u) => u.href.startsWith(oidcIssuer));
    await gate.getByLabel("E-mail").fill(staffEmail);
    await gate.getByRole("button", { name: "Sign in" }).click();
    await gate.waitForURL(url("/staff"));
    await gate.getByRole("navigation", { name: "Staff sections" }).waitFor();
    const html = await (await fetch(url("/staff"))).text();
    assert.match(html, /<meta name="robots" content="noindex, nofollow"\/>/);
    await visitor.close();
  });

  for (const [name, viewport] of Object.entries(viewports)) {
    it(`passes axe at ${name} (${viewport.width} px): enquiries, an enquiry, a batch, a confirmation, the audit trail`, async () => {
      const { context, page } = await signedIn(staffEmail, "/staff", viewport);
      await page.getByRole("table", { name: "Enquiries, newest first" }).or(page.getByText(/^No enquiries yet\./)).waitFor();
      await expectNoAxeViolations(page, "enquiries");
      const open = page.getByRole("button", { name: /^Open enquiry from/ }).first();
      if (await open.count()) {
        await open.click();
        await page.getByRole("dialog").getByRole("button", { name: "Enrol" }).click();
        await page.getByRole("dialog").getByRole("form", { name: "Enrol a student" }).waitFor();
        await expectNoAxeViolations(page, "an enquiry with the Enrol form");
        await page.keyboard.press("Escape");
      }
      await page.goto(url(`/staff?section=batches&batch=${mern08.id}`));
      await hydrated(page);
      await page.getByRole("table", { name: "Report by student", exact: true }).or(page.getByText("No students yet.")).waitFor();
      await expectNoAxeViolations(page, "a batch");
      // Enrol one (the Secret ID shown once), then ask to revoke them: the confirmation.
      const one = page.getByRole("form", { name: "Enrol a student" });
      await one.getByLabel("Name", { exact: true }).fill(`Axe ${name}`);
      await one.getByLabel("E-mail", { exact: true }).fill(`axe-${name}-${marker.toLowerCase()}@example.com`);
      await one.getByRole("button", { name: "Enrol" }).click();
      await page.locator("[data-secret-id]").or(one.getByRole("alert")).waitFor();
      assert.equal(await one.getByRole("alert").count(), 0, await one.innerText());
      await page.getByRole("button", { name: `Revoke Axe ${name}` }).waitFor();
      await expectNoAxeViolations(page, "a batch with a Secret ID shown");
      await page.getByRole("button", { name: `Revoke Axe ${name}` }).click();
      await page.getByRole("alertdialog").waitFor();
      await expectNoAxeViolations(page, "a confirmation");
      await page.keyboard.press("Escape");
      await page.getByRole("alertdialog").waitFor({ state: "detached" });
      await page.goto(url("/staff?section=audit"));
      await hydrated(page);
      await page.getByRole("table", { name: "Audit trail, newest first" }).or(page.getByText("Nothing has been changed yet.")).waitFor();
      await expectNoAxeViolations(page, "the audit trail");
      await context.close();
    });
  }
});

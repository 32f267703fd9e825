// A certificate's whole life through the real OpenID Connect flow (infra/oidc): staff enrols a student with an accented
// name in DA-06 (a batch no other browser test changes); the student signs up with that e-mail, finds the batch on
// /lms and completes it (saying "completed" earns nothing; the recording played through at its pace, and staff mark
// the student complete for the two embeds), finds "Get your certificate" on /lms, confirms the name in the dialog,
// downloads the PDF; a visitor who is not signed in opens /verify/{id} and sees it valid; staff marks a second student
// (an account id holding @ and +) complete in the console and issues their certificate; staff revokes the first with a reason in the
// batch's Certificates section; the visitor's page then says revoked, with the date. Also: an unknown id is not found,
// the /verify shell says noindex before any script runs and starts the check before its scripts are served (the page
// then asks no second time), and axe finds nothing on /verify/{id} (1280 and 390 px) nor
// on the claim dialog.
import assert from "node:assert/strict";
import { readFile } from "node:fs/promises";
import { after, before, describe, it } from "node:test";
import { hydrated, launchForSignIn, signIn, url, viewports, expectNoAxeViolations } from "./support.mjs";

const staffEmail = "staff@example.com";
const da06 = { id: "665f1c2a9b3e4d0012a1c006", name: "DA-06 Late Evening Batch", lectures: 3 };
const marker = `C${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const student = { name: "Zoë Ñúñez-O’Brien", printed: "Zoë Ñúñez-O'Brien", email: `certificate-${marker.toLowerCase()}@example.com` };
const idPattern = /^SKY(-[0-9A-HJKMNP-TV-Z]{4}){4}$/;

let browser;
let staff;
before(async () => {
  browser = await launchForSignIn();
});
after(() => browser?.close());

/** Staff's browser, signed in on the batch's page in the console (one session for the whole file). */
async function staffPage() {
  if (staff) return staff;
  const path = `/staff?section=batches&batch=${da06.id}`;
  const context = await browser.newContext({ viewport: viewports.desktop });
  const page = await signIn(context, { email: staffEmail, path });
  if (new URL(page.url()).pathname !== "/staff") await page.goto(url(path));
  await hydrated(page);
  staff = page;
  return page;
}

const accessTokenOf = (page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem(Object.keys(localStorage).find((k) => k.startsWith("oidc.user:")))).access_token);

/** A call to the API from the page, with the signed-in user's token: its status and JSON. */
const apiCall = async (page, method, path, body) =>
  page.evaluate(
    async ([method, path, body, token]) => {
      const res = await fetch(path, {
        method,
        headers: { authorization: `Bearer ${token}`, ...(body ? { "content-type": "application/json" } : {}) },
        body: body ? JSON.stringify(body) : undefined,
      });
      return { status: res.status, json: await res.json().catch(() => null) };
    },
    [method, path, body, await accessTokenOf(page)],
  );

const myBatches = (page) => page.locator("section", { has: page.getByRole("heading", { name: "My batches" }) });
const batchCard = (page) => myBatches(page).getByRole("listitem").filter({ has: page.getByRole("heading", { name: da06.name }) });



/** /verify/{id} in a browser nobody signed in to, at `viewport`. */
async function visitorOpens(path, viewport = viewports.desktop) {
  const context = await browser.newContext({ viewport });
  const page = await context.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  const response = await page.goto(url(path));
  await hydrated(page);
  return { context, page, response, errors };
}

/** The page is no wider than its viewport (nothing scrolls sideways on a phone). */
const fitsWidth = (page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

describe("certificates", () => {
  let certificateId;

  it("a student completes a batch, claims the certificate with their name and downloads the PDF", async () => {
    // Staff enrols the student; signed up with that e-mail, they find the batch on /lms.
    const enrolled = await apiCall(await staffPage(), "POST", "/api/staff/enrolments", { batchId: da06.id, name: student.name, email: student.email });
    assert.equal(enrolled.status, 201, JSON.stringify(enrolled.json));
    const context = await browser.newContext({ viewport: viewports.desktop });
    const page = await signIn(context, { signUp: true, name: student.name, email: student.email });
    await page.goto(url("/lms"));
    await hydrated(page);
    await batchCard(page).waitFor();

    // Nothing watched yet: no certificate, and the API refuses one.
    const early = await apiCall(page, "POST", "/api/me/certificates", { batchId: da06.id, name: student.printed });
    assert.equal(early.status, 409, JSON.stringify(early.json));
    assert.ok(early.json?.message, "the refusal says why");

    // Saying "completed" earns nothing: the server measures the watching (docs/product.md#lecture-progress).
    for (let n = 1; n <= da06.lectures; n++) {
      const claimed = await apiCall(page, "PUT", `/api/me/progress/${da06.id}/${n}`, { positionSeconds: 600, completed: true });
      assert.equal(claimed.status, 200, `lecture ${n}: ${JSON.stringify(claimed.json)}`);
      assert.equal(claimed.json.completed, false, `lecture ${n} is not watched by saying so`);
    }
    assert.equal((await apiCall(page, "POST", "/api/me/certificates", { batchId: da06.id, name: student.printed })).status, 409);

    // The recording (the 4 s sample clip) played through at its pace: a save at its start, one at its end.
    const recording = 1;
    await apiCall(page, "PUT", `/api/me/progress/${da06.id}/${recording}`, { positionSeconds: 0 });
    await new Promise((resolve) => setTimeout(resolve, 2500));
    const played = await apiCall(page, "PUT", `/api/me/progress/${da06.id}/${recording}`, { positionSeconds: 4 });
    assert.equal(played.json.completed, true, JSON.stringify(played.json));
    // The two embeds would take ten minutes each on their page: staff mark the student complete instead
    // (a student who followed them in class).
    const staffSide = await apiCall(await staffPage(), "GET", `/api/staff/batches/${da06.id}/certificates`);
    const studentId = staffSide.json.students.find((s) => s.email === student.email).studentId;
    // The local provider's account id is the e-mail: '@', '.' and '-' are path characters as they are.
    const marked = await apiCall(await staffPage(), "PUT", `/api/staff/batches/${da06.id}/students/${studentId}/completion`, { complete: true });
    assert.equal(marked.status, 200, JSON.stringify(marked.json));
    const mine = await apiCall(page, "GET", "/api/me/batches");
    const listed = mine.json.batches.find((b) => b.batch._id === da06.id);
    assert.equal(listed.complete, true);
    assert.equal(listed.certificateId, null);

    await page.reload();
    await hydrated(page);
    const card = batchCard(page);
    await card.getByText(`1 of ${da06.lectures} lectures watched`).waitFor();
    await card.getByRole("button", { name: "Get your certificate" }).click();

    // The dialog: the account's name offered, the rule explained, a name against it refused on the field.
    const dialog = page.getByRole("dialog", { name: "Get your certificate" });
    await dialog.waitFor();
    const field = dialog.getByLabel("Name to print");
    assert.equal(await field.inputValue(), student.printed);
    await dialog.getByText(/Letters \(accents welcome\), spaces, hyphens, apostrophes and periods; 2 to 80 characters, starting with a letter/).waitFor();
    await expectNoAxeViolations(page, "the claim dialog", "[role=dialog]");
    await field.fill("Zoë 2");
    await dialog.getByRole("button", { name: "Get certificate" }).click();
    await dialog.getByRole("alert").filter({ hasText: "Use letters, spaces, hyphens, apostrophes and periods only (not 2)." }).waitFor();
    assert.equal(await field.getAttribute("aria-invalid"), "true");
    await expectNoAxeViolations(page, "the claim dialog with its error", "[role=dialog]");

    // Keyboard only: the name typed again, Enter confirms.
    await field.fill(student.printed);
    await field.press("Enter");
    await dialog.waitFor({ state: "detached" });
    const certificate = card.getByRole("region", { name: "Certificate of completion" });
    await certificate.waitFor();
    certificateId = (await certificate.locator("dd.font-mono").textContent()).trim();
    assert.match(certificateId, idPattern);
    await certificate.getByText(student.printed).waitFor();
    await certificate.getByText("Valid").waitFor();

    // The API agrees, and a second claim answers the same certificate.
    const again = await apiCall(page, "POST", "/api/me/certificates", { batchId: da06.id, name: "Someone Else" });
    assert.equal(again.status, 200);
    assert.equal(again.json.id, certificateId);
    assert.equal(again.json.name, student.printed);

    // "Add to LinkedIn profile": LinkedIn's add-to-profile form, in a new tab.
    const linkedIn = certificate.getByRole("link", { name: /Add to LinkedIn profile/ });
    const href = new URL(await linkedIn.getAttribute("href"));
    assert.equal(href.origin + href.pathname, "https://www.linkedin.com/profile/add");
    assert.equal(href.searchParams.get("startTask"), "CERTIFICATION_NAME");
    assert.equal(href.searchParams.get("certId"), certificateId);
    assert.equal(href.searchParams.get("certUrl"), url(`/verify/${certificateId}`));
    assert.equal(await linkedIn.getAttribute("target"), "_blank");

    // Download PDF: the holder's file, named after the id.
    const [download] = await Promise.all([page.waitForEvent("download"), certificate.getByRole("button", { name: "Download PDF" }).click()]);
    assert.equal(download.suggestedFilename(), `certificate-${certificateId}.pdf`);
    const pdf = await readFile(await download.path());
    assert.equal(pdf.subarray(0, 5).toString("latin1"), "%PDF-");
    assert.ok(pdf.length < 200_000, `${pdf.length} bytes`);

    // After a reload the batch shows the certificate, not the button.
    await page.reload();
    await hydrated(page);
    await batchCard(page).getByRole("region", { name: "Certificate of completion" }).waitFor();
    assert.equal(await batchCard(page).getByRole("button", { name: "Get your certificate" }).count(), 0);
    await context.close();
  });

  it("anyone opens /verify/{id} signed out and sees it valid, on a phone too", async () => {
    assert.ok(certificateId, "the first test issued a certificate");
    // Before any script: the pre-rendered shell, noindex.
    const raw = await fetch(url(`/verify/${certificateId}`));
    assert.equal(raw.status, 200);
    const html = await raw.text();
    assert.match(html, /<meta name="robots" content="noindex/);
    assert.match(html, /Checking the certificate…/);

    for (const [name, viewport] of Object.entries(viewports)) {
      const { context, page, errors } = await visitorOpens(`/verify/${certificateId}`, viewport);
      await page.getByRole("heading", { level: 2, name: "Valid certificate" }).waitFor();
      await page.getByText(`issued this certificate to ${student.printed}`).waitFor();
      await page.getByText(certificateId).waitFor();
      assert.ok(await fitsWidth(page), `${name}: nothing scrolls sideways`);
      await expectNoAxeViolations(page, `/verify/{id} at ${name}`);
      assert.deepEqual(errors, []);

      // Its Download PDF is the same certificate, for anyone.
      const pdfLink = page.getByRole("link", { name: "Download PDF" });
      const pdf = await fetch(url(await pdfLink.getAttribute("href")));
      assert.equal(pdf.status, 200);
      assert.match(pdf.headers.get("content-type"), /^application\/pdf/);
      await context.close();
    }

    // A hand-typed address (lower case) goes to the certificate's one address.
    const { context, page } = await visitorOpens(`/verify/${certificateId.toLowerCase()}`);
    await page.waitForURL((u) => u.pathname === `/verify/${certificateId}`);
    await page.getByRole("heading", { level: 2, name: "Valid certificate" }).waitFor();
    await context.close();
  });

  it("the /verify shell asks for the certificate before its scripts run, and the page does not ask again", async () => {
    assert.ok(certificateId, "the first test issued a certificate");
    const context = await browser.newContext({ viewport: viewports.mobile });
    const page = await context.newPage();
    const checkPath = `/api/certificates/${certificateId}`;
    const checks = [];
    let scriptsServed = 0;
    let checkStarted;
    const started = new Promise((resolve) => (checkStarted = resolve));
    page.on("request", (request) => {
      if (new URL(request.url()).pathname !== checkPath) return;
      checks.push({ scriptsServedBefore: scriptsServed });
      checkStarted();
    });
    // Every script waits until the check has started, or 5 s: only the shell's own inline script can start it then.
    await page.route(
      (u) => u.pathname.startsWith("/assets/") && u.pathname.endsWith(".js"),
      async (route) => {
        await Promise.race([started, new Promise((resolve) => setTimeout(resolve, 5000))]);
        scriptsServed += 1;
        await route.continue();
      },
    );
    await page.goto(url(`/verify/${certificateId}`));
    await page.getByRole("heading", { level: 2, name: "Valid certificate" }).waitFor();
    assert.deepEqual(checks, [{ scriptsServedBefore: 0 }], "one check, started before any script was served");
    await context.close();
  });

  it("an unknown id is not found, and another id can be typed", async () => {
    const { context, page } = await visitorOpens("/verify/SKY-0000-0000-0000-0000", viewports.mobile);
    await page.getByRole("heading", { level: 2, name: "No certificate has this ID" }).waitFor();
    await expectNoAxeViolations(page, "/verify/{unknown id} at mobile");
    await page.getByLabel("Certificate ID").fill(certificateId.toLowerCase().replaceAll("-", " "));
    await page.getByRole("button", { name: "Check certificate" }).click();
    await page.waitForURL((u) => u.pathname === `/verify/${certificateId}`);
    await page.getByRole("heading", { level: 2, name: "Valid certificate" }).waitFor();
    await context.close();
  });

  it("staff marks a student who finished in class complete and issues the certificate (an account id holding @ and +)", async () => {
    // The local provider's account id is the e-mail: the console sends it in the path, encoded.
    const inClass = { name: "Hira Baloch", email: `in.class+${marker.toLowerCase()}@example.com` };
    const page = await staffPage();
    const enrolled = await apiCall(page, "POST", "/api/staff/enrolments", { batchId: da06.id, name: inClass.name, email: inClass.email });
    assert.equal(enrolled.status, 201, JSON.stringify(enrolled.json));
    const context = await browser.newContext({ viewport: viewports.desktop });
    const learner = await signIn(context, { signUp: true, name: inClass.name, email: inClass.email });
    await learner.goto(url("/lms"));
    await hydrated(learner);
    await batchCard(learner).waitFor();

    await page.reload();
    await hydrated(page);
    const section = page.getByRole("region", { name: "Certificates", exact: true });
    const row = section.getByRole("row").filter({ has: page.getByRole("rowheader", { name: inClass.name }) });
    await row.getByRole("button", { name: `Mark ${inClass.name} complete` }).click();
    const mark = page.getByRole("alertdialog", { name: `Mark ${inClass.name} complete?` });
    await mark.getByRole("button", { name: "Mark complete" }).click();
    await mark.waitFor({ state: "detached" });
    await row.getByText("Marked complete").waitFor();
    await row.getByRole("button", { name: `Issue ${inClass.name}'s certificate` }).click();
    const issue = page.getByRole("alertdialog", { name: `Issue ${inClass.name}'s certificate?` });
    assert.equal(await issue.getByLabel("Name to print").inputValue(), inClass.name);
    await issue.getByRole("button", { name: "Issue certificate" }).click();
    await issue.waitFor({ state: "detached" });
    const link = row.getByRole("link", { name: /SKY-/ });
    await link.waitFor();

    // The student holds it.
    const theirs = await apiCall(learner, "GET", "/api/me/certificates");
    assert.equal(theirs.status, 200);
    assert.ok((await link.textContent()).includes(theirs.json.certificates[0].id), JSON.stringify(theirs.json));
    await context.close();
  });

  it("staff revokes it with a reason; the verification page then says revoked, with the date", async () => {
    const page = await staffPage();
    await page.reload();
    await hydrated(page);
    const section = page.getByRole("region", { name: "Certificates", exact: true });
    // The student is named as staff enrolled them.
    const row = section.getByRole("row").filter({ has: page.getByRole("rowheader", { name: student.name }) });
    // Complete by staff's mark (the embeds were not sat through for ten minutes each).
    await row.getByText("Marked complete").waitFor();
    await row.getByRole("link", { name: new RegExp(certificateId) }).waitFor();
    await expectNoAxeViolations(page, "the staff batch view with its Certificates", "main");

    await row.getByRole("button", { name: `Revoke ${student.name}'s certificate` }).click();
    const confirm = page.getByRole("alertdialog", { name: `Revoke ${student.name}'s certificate?` });
    await confirm.waitFor();
    // No reason, no revocation.
    await confirm.getByRole("button", { name: "Revoke certificate" }).click();
    await confirm.getByRole("alert").filter({ hasText: "Give the reason" }).waitFor();
    await confirm.getByLabel("Reason").fill(`Issued in error (${marker})`);
    await expectNoAxeViolations(page, "the revoke dialog", "[role=alertdialog]");
    await confirm.getByRole("button", { name: "Revoke certificate" }).click();
    await confirm.waitFor({ state: "detached" });
    await row.getByText(/^Revoked /).waitFor();

    // The audit trail has it.
    const audit = await apiCall(page, "GET", "/api/staff/audit");
    assert.equal(audit.status, 200);
    assert.ok(JSON.stringify(audit.json).includes(certificateId), "the revocation is in the audit trail");
    await page.context().close();

    const visitor = await visitorOpens(`/verify/${certificateId}`);
    await visitor.page.getByRole("heading", { level: 2, name: "Revoked certificate" }).waitFor();
    const today = new Date().toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
    await visitor.page.getByText(`revoked this certificate on ${today}`).waitFor();
    assert.equal(await visitor.page.getByText(marker).count(), 0, "the reason is never public");
    assert.equal(await visitor.page.getByRole("link", { name: "Download PDF" }).count(), 0);
    await expectNoAxeViolations(visitor.page, "/verify/{revoked id}");
    await visitor.context.close();
  });
});

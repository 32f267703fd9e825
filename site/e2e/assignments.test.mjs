// The weekly guided assignment through the real OpenID Connect flow (infra/oidc): staff enrol two students in AIML-04 (a
// batch no other browser test changes) and post an assignment in the batch's console view; the first student finds it
// under "Due this week" on /lms, hands in text, a link and a PDF (made here, uploaded in parts); staff find it in the
// review queue, open it (the PDF through its signed link, served as an attachment), write feedback and return it as
// passed; the student reloads and reads the feedback. The second student sees only their own work (nothing handed
// in) and gets "not found" for the first one's files; returned to them as "needs work", their work is handed in again
// as a second version. axe finds nothing on the student's assignment page and on staff's assignments and review
// pages, at 1280 and 390 px.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { hydrated, launchForSignIn, signIn, url, viewports, expectNoAxeViolations } from "./support.mjs";

const staffEmail = "staff@example.com";
const aiml04 = { id: "665f1c2a9b3e4d0012a1c009", name: "AIML-04 Late Evening Batch" };
const marker = `A${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const first = { name: `Hina Malik ${marker}`, email: `assign-one-${marker.toLowerCase()}@example.com` };
const second = { name: `Omar Farooq ${marker}`, email: `assign-two-${marker.toLowerCase()}@example.com` };
const title = `Week 3: a tidy dataset ${marker}`;
const feedback = `Good work ${marker}: the **cleaning** steps are clear. Read [the tidy data paper](https://vita.had.co.nz/papers/tidy-data.pdf).`;

let browser;
before(async () => {
  browser = await launchForSignIn();
});
after(() => browser?.close());

/** A browser of its own signed in as `email`, on `path` (the sign-in starts there, so the gate brings them back). */
async function signedIn(email, path, viewport = viewports.desktop) {
  const context = await browser.newContext({ viewport });
  const page = await signIn(context, { email, path });
  if (new URL(page.url()).pathname + new URL(page.url()).search !== path) await page.goto(url(path));
  await hydrated(page);
  return { context, page };
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



/** The smallest valid PDF: one empty page, with its cross-reference table at the right byte offsets. */
function tinyPdf() {
  const objects = [
    "<< /Type /Catalog /Pages 2 0 R >>",
    "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
    "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 200 200] >>",
  ];
  let body = "%PDF-1.4\n";
  const offsets = objects.map((object, i) => {
    const at = body.length;
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
    return at;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, "0")} 00000 n \n`).join("")}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, "latin1");
}

/** "2026-12-01T23:00": three days ahead, as a datetime-local value in the institute's zone. */
function dueValue() {
  const day = new Intl.DateTimeFormat("en-CA", { timeZone: "Asia/Karachi", year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date(Date.now() + 3 * 86400_000));
  return `${day}T23:00`;
}

const batchPath = `/staff?section=batches&batch=${aiml04.id}`;
let staff;
let assignmentId;
let submissionId;
let fileUrl;

describe("assignments", () => {
  it("staff post an assignment to a batch", async () => {
    staff = await signedIn(staffEmail, batchPath);
    const { page } = staff;
    await page.getByRole("heading", { level: 2, name: aiml04.name }).waitFor();
    for (const student of [first, second]) {
      const enrolled = await apiCall(page, "POST", "/api/staff/enrolments", { batchId: aiml04.id, name: student.name, email: student.email });
      assert.equal(enrolled.status, 201, JSON.stringify(enrolled.json));
    }

    await page.getByRole("button", { name: "New assignment" }).click();
    const form = page.getByRole("form", { name: "New assignment" });
    await form.getByLabel("Title").fill(title);
    await form.getByLabel("Instructions").fill(`# Tidy a dataset\n\nClean the file and explain each step. See [pandas](https://pandas.pydata.org/docs/).\n\n<script>window.hacked = true</script>`);
    await form.getByRole("button", { name: "Preview" }).click();
    const preview = form.getByRole("region", { name: "Instructions: preview" });
    await preview.getByRole("link", { name: /pandas/ }).waitFor();
    assert.equal(await preview.locator("script").count(), 0, "raw HTML stays text in the preview");
    await form.getByRole("button", { name: "Back to writing" }).click();
    await form.getByLabel(/^Due/).fill(dueValue());
    await form.getByRole("button", { name: "Post assignment" }).click();
    await form.waitFor({ state: "detached" });
    const row = page.getByRole("row", { name: new RegExp(marker) });
    await row.waitFor();
    assert.match(await row.innerText(), /Published/);
    assignmentId = new URL(page.url()).searchParams.get("assignment");
    assert.match(assignmentId ?? "", /^[0-9a-f]{24}$/, page.url());
    await page.getByText("No student has handed in yet.").waitFor();
  });

  it("a student hands in text, a link and a PDF", async () => {
    const student = await signedIn(first.email, "/lms");
    const { page } = student;
    const due = page.locator("section", { has: page.getByRole("heading", { name: "Due this week" }) });
    const item = due.getByRole("listitem").filter({ hasText: title });
    await item.waitFor();
    assert.match(await item.innerText(), /Not started/);
    await item.getByRole("link", { name: title }).click();
    await page.waitForURL((u) => u.pathname === `/lms/assignments/${assignmentId}`);
    await page.getByRole("heading", { level: 1, name: title }).waitFor();

    // The instructions: Markdown shown safely (the script is text; the link opens apart, nofollow).
    const instructions = page.locator("section", { has: page.getByRole("heading", { name: "Instructions" }) });
    const link = instructions.getByRole("link", { name: /pandas/ });
    assert.equal(await link.getAttribute("rel"), "noopener nofollow");
    assert.equal(await page.locator("article script").count(), 0);
    assert.equal(await page.evaluate(() => window.hacked), undefined);

    await page.getByLabel("Text").fill(`My cleaning notebook ${marker}.`);
    await page.getByLabel("Link 1").fill("not a link");
    await page.getByRole("button", { name: "Save draft" }).click();
    await page.getByText(/Enter a full address starting with https:\/\//).waitFor();
    await page.getByLabel("Link 1").fill("https://github.com/hina/tidy-data");
    await page.getByTestId("submission-files").setInputFiles({ name: "report.pdf", mimeType: "application/pdf", buffer: tinyPdf() });
    const files = page.getByRole("list", { name: "Files of this submission" });
    await files.getByRole("link", { name: "report.pdf" }).waitFor({ timeout: 20000 });
    await page.getByRole("button", { name: "Save draft" }).click();
    await page.getByText("Draft saved.").waitFor();
    await page.reload();
    await hydrated(page);
    assert.equal(await page.getByLabel("Text").inputValue(), `My cleaning notebook ${marker}.`, "the draft is kept");
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByText("Submitted. Your teacher will review it.").waitFor();
    await page.getByText(/^Submitted [A-Z][a-z]+day \d+ [A-Z][a-z]+, \d+:\d\d [AP]M/).first().waitFor();
    await page.getByRole("heading", { name: "Versions handed in" }).waitFor();
    await expectNoAxeViolations(page, "the student's assignment page (1280 px)");
    await student.context.close();

    const phone = await signedIn(first.email, `/lms/assignments/${assignmentId}`, viewports.mobile);
    await phone.page.getByRole("heading", { level: 1, name: title }).waitFor();
    await phone.page.getByRole("heading", { name: "Versions handed in" }).waitFor();
    await expectNoAxeViolations(phone.page, "the student's assignment page (390 px)");
    const overflow = await phone.page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    assert.ok(overflow <= 0, `the page does not scroll sideways at 390 px (${overflow} px)`);
    await phone.context.close();
  });

  it("staff review it from the queue with feedback, and the student reads it after a reload", async () => {
    const { page } = staff;
    await page.goto(url("/staff?section=reviews"));
    await hydrated(page);
    const queue = page.getByRole("table", { name: "Hand-ins to review, oldest first" });
    const row = queue.getByRole("row", { name: new RegExp(first.email.replace(/[.+]/g, "\\$&")) });
    await row.waitFor();
    await row.getByRole("link", { name: /^Review / }).click();
    await page.getByRole("heading", { level: 2, name: `${title}: ${first.email}` }).waitFor();
    submissionId = new URL(page.url()).searchParams.get("submission");
    await page.getByText(`My cleaning notebook ${marker}.`).waitFor();
    await page.getByRole("link", { name: /github\.com\/hina\/tidy-data/ }).waitFor();
    fileUrl = await page.getByRole("link", { name: "report.pdf" }).getAttribute("href");
    const download = await fetch(new URL(fileUrl, url("/")));
    assert.equal(download.status, 200);
    assert.match(download.headers.get("content-disposition") ?? "", /^attachment/);
    assert.equal(download.headers.get("x-content-type-options"), "nosniff");
    assert.equal(Buffer.from(await download.arrayBuffer()).subarray(0, 5).toString(), "%PDF-");
    await expectNoAxeViolations(page, "staff's review page (1280 px)");

    await page.getByLabel("Feedback").fill(feedback);
    await page.getByLabel("Passed").check();
    await page.getByRole("button", { name: "Return" }).click();
    await page.getByRole("heading", { name: "Reviews returned" }).waitFor();
    await page.getByText(/Version 1: Passed/).waitFor();

    const student = await signedIn(first.email, `/lms/assignments/${assignmentId}`);
    await student.page.reload();
    await hydrated(student.page);
    const review = student.page.locator("section", { has: student.page.getByRole("heading", { name: "Feedback" }) });
    await review.getByText("Result: Passed").waitFor();
    await review.getByText(`Good work ${marker}: the`).waitFor();
    assert.equal(await review.getByRole("link", { name: /tidy data paper/ }).getAttribute("rel"), "noopener nofollow");
    await student.page.goto(url("/lms"));
    await hydrated(student.page);
    const item = student.page.locator("section", { has: student.page.getByRole("heading", { name: "Due this week" }) });
    await item.getByRole("button", { name: /^All assignments/ }).or(item.getByText(/^All assignments/)).first().click();
    await item.getByText("Reviewed: Passed").first().waitFor();
    await student.context.close();
  });

  it("a second student sees only their own work, and not-found for the first one's", async () => {
    const other = await signedIn(second.email, "/lms");
    const { page } = other;
    const due = page.locator("section", { has: page.getByRole("heading", { name: "Due this week" }) });
    const item = due.getByRole("listitem").filter({ hasText: title });
    await item.waitFor();
    assert.match(await item.innerText(), /Not started/);
    const mine = await apiCall(page, "GET", `/api/me/assignments/${assignmentId}/submission`);
    assert.equal(mine.status, 200, JSON.stringify(mine.json));
    assert.equal(mine.json.state, "not-started");
    assert.deepEqual(mine.json.versions, []);
    assert.doesNotMatch(JSON.stringify(mine.json), new RegExp(marker), "nothing of the first student's");
    // The first student's submission through the staff route: refused to a student.
    const theirs = await apiCall(page, "GET", `/api/staff/submissions/${submissionId}`);
    assert.ok([403, 404].includes(theirs.status), `a student reading a submission by id: ${theirs.status}`);
    // The first student's file (its id is in its signed link) through the second's own routes: not found, not taken.
    const fileId = new URL(fileUrl, url("/")).pathname.split("/").filter((p) => /^[0-9a-f]{24}$/.test(p)).at(-1);
    assert.match(fileId ?? "", /^[0-9a-f]{24}$/, fileUrl);
    const complete = await apiCall(page, "POST", `/api/me/assignments/${assignmentId}/files/${fileId}/complete`, { parts: [{ number: 1, etag: "x" }] });
    assert.equal(complete.status, 404, JSON.stringify(complete.json));
    const borrowed = await apiCall(page, "PUT", `/api/me/assignments/${assignmentId}/submission`, { text: "", links: [], files: [fileId] });
    assert.ok(borrowed.status >= 400 && borrowed.status < 500, `a draft naming another's file: ${borrowed.status}`);
    assert.doesNotMatch(JSON.stringify(borrowed.json), /report\.pdf/);
    await page.goto(url(`/lms/assignments/${assignmentId}`));
    await hydrated(page);
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    assert.equal(await page.getByText(`My cleaning notebook ${marker}.`).count(), 0);
    assert.equal(await page.getByRole("heading", { name: "Feedback" }).count(), 0);
    await other.context.close();

    // Someone outside the batch: the assignment is not found.
    const stranger = await signedIn(`assign-stranger-${marker.toLowerCase()}@example.com`, `/lms/assignments/${assignmentId}`);
    await stranger.page.getByRole("heading", { level: 1, name: "Assignment not found" }).waitFor();
    await stranger.context.close();
  });

  it("'needs work' lets the student hand in again, as a new version", async () => {
    const learner = await signedIn(second.email, `/lms/assignments/${assignmentId}`);
    const { page } = learner;
    await page.getByRole("heading", { level: 1, name: title }).waitFor();
    await page.getByLabel("Text").fill(`A first try ${marker}.`);
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByText("Submitted. Your teacher will review it.").waitFor();
    const mine = await apiCall(page, "GET", `/api/me/assignments/${assignmentId}/submission`);
    assert.equal(mine.json.versions.length, 1);

    // Staff return it as needs work (through the queue's API, as the console does).
    const queue = await apiCall(staff.page, "GET", `/api/staff/submissions?batchId=${aiml04.id}&state=waiting`);
    const row = queue.json.submissions.find((s) => s.student === second.email);
    assert.ok(row, JSON.stringify(queue.json));
    const returned = await apiCall(staff.page, "POST", `/api/staff/submissions/${row.id}/review`, { feedback: "Add the *missing* step.", result: "needs-work" });
    assert.equal(returned.status, 200, JSON.stringify(returned.json));

    await page.reload();
    await hydrated(page);
    const review = page.locator("section", { has: page.getByRole("heading", { name: "Feedback" }) });
    await review.getByText("Result: Needs work · improve it and submit again").waitFor();
    await page.getByLabel("Text").fill(`A second try ${marker}.`);
    await page.getByRole("button", { name: "Submit again" }).click();
    await page.getByText("Submitted. Your teacher will review it.").waitFor();
    const again = await apiCall(page, "GET", `/api/me/assignments/${assignmentId}/submission`);
    assert.deepEqual(again.json.versions.map((v) => v.text), [`A second try ${marker}.`, `A first try ${marker}.`]);
    await page.getByText(/^Version 2 · submitted/).waitFor();
    await learner.context.close();
  });

  for (const [name, viewport] of Object.entries(viewports)) {
    it(`passes axe at ${name} (${viewport.width} px): a batch's assignments, one opened, the queue, a review`, async () => {
      const { context, page } = await signedIn(staffEmail, `${batchPath}&assignment=${assignmentId}`, viewport);
      await page.getByRole("heading", { level: 4, name: title }).waitFor();
      await page.getByRole("table", { name: `Hand-ins of ${title}` }).waitFor();
      await expectNoAxeViolations(page, "a batch's assignments with one opened");
      await page.getByRole("button", { name: "Change" }).click();
      await page.getByRole("form", { name: `Change ${title}` }).waitFor();
      await expectNoAxeViolations(page, "an assignment's form");
      await page.goto(url("/staff?section=reviews"));
      await hydrated(page);
      await page.getByRole("table", { name: "Hand-ins to review, oldest first" }).or(page.getByText(/^Nothing to review/)).waitFor();
      await expectNoAxeViolations(page, "the review queue");
      await page.goto(url(`/staff?section=reviews&submission=${submissionId}`));
      await hydrated(page);
      await page.getByRole("heading", { name: "Reviews returned" }).waitFor();
      await expectNoAxeViolations(page, "a returned hand-in");
      await context.close();
    });
  }
});

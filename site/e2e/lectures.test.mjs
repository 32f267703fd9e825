// A lecture's whole journey through the real OpenID Connect flow (infra/oidc): staff adds a lecture to a batch no other
// browser test changes (MERN-09), uploads a clip made here with ffmpeg in parts, the connection drops after two
// parts, the page reloads and the same file chosen again sends only the missing parts; the local ffmpeg worker makes
// it Ready; a signed-in student of the batch plays it (hls.js: the time advances), switches to the lowest rung, and
// after a reload resumes at the saved second. Also: an embed added and deleted after its confirmation, and axe finds
// nothing on the Lectures panel at 1280 and 390 px.
//
// Needs the server with small upload parts (`ACADEMY_UPLOAD_PART_BYTES=65536`, infra/scripts/with-server.sh sets it,
// so the short clip makes several parts) and ffmpeg on PATH.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { hydrated, launchForSignIn, signIn, url, viewports, expectNoAxeViolations, untilMedia } from "./support.mjs";

const staffEmail = "staff@example.com";
const mern09 = { id: "665f1c2a9b3e4d0012a1c003", name: "MERN-09 Morning Batch" };
const batchPath = `/staff?section=batches&batch=${mern09.id}`;
const marker = `L${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

let browser;
let work;
let clip;
before(async () => {
  browser = await launchForSignIn();
  work = mkdtempSync(join(tmpdir(), "academy-lectures-"));
  clip = join(work, "clip.mp4");
  try {
    execFileSync("ffmpeg", [
      "-hide_banner", "-loglevel", "error",
      "-f", "lavfi", "-i", "testsrc2=size=640x360:rate=25", "-f", "lavfi", "-i", "sine",
      "-t", "8", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest", "-y", clip,
    ]);
  } catch (e) {
    throw new Error(`ffmpeg could not make the test clip (is it on PATH? apt-get install -y ffmpeg): ${e.message}`, { cause: e });
  }
});
after(async () => {
  await browser?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

/** A browser of its own signed in as `email`, on `path`. */
async function signedIn(email, path, viewport = viewports.desktop) {
  const context = await browser.newContext({ viewport });
  const page = await signIn(context, { email, path });
  if (new URL(page.url()).pathname + new URL(page.url()).search !== path) await page.goto(url(path));
  await hydrated(page);
  // A reload while parts are on their way asks first (beforeunload): the test means it.
  page.on("dialog", (dialog) => void dialog.accept());
  return { context, page };
}

const accessTokenOf = (page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem(Object.keys(localStorage).find((k) => k.startsWith("oidc.user:")))).access_token);

/** The Lectures section of the open batch. */
const lecturesPanel = (page) => page.getByRole("region", { name: "Lectures", exact: true });
const lectureItem = (page, title) => lecturesPanel(page).getByRole("listitem").filter({ has: page.getByRole("heading", { name: new RegExp(`: ${title}$`) }) });

/** A part's PUT goes to the storage's URL, never to the API. */
const isPartPut = (request) => request.method() === "PUT" && !new URL(request.url()).pathname.startsWith("/api/");
/** A local part URL is `/upload/{uploadId}/{partNumber}?…`. */
const partNumber = (request) => Number(new URL(request.url()).pathname.split("/").pop());
const isUploadBegin = (response, n) => response.request().method() === "POST" && new URL(response.url()).pathname.endsWith(`/lectures/${n}/upload`);

async function openBatch(page) {
  await page.goto(url(batchPath));
  await hydrated(page);
  await page.getByRole("heading", { level: 2, name: mern09.name }).waitFor();
  const panel = lecturesPanel(page);
  await panel.getByRole("list", { name: `Lectures of ${mern09.name}` }).or(panel.getByText("No lectures yet — add the first.")).waitFor();
  return panel;
}

async function addLecture(page, { title, embedUrl }) {
  const panel = lecturesPanel(page);
  await panel.getByRole("button", { name: "Add lecture" }).click();
  const form = panel.getByRole("form", { name: "Add a lecture" });
  const offered = Number(await form.getByLabel("Number").inputValue());
  await form.getByLabel("Title").fill(title);
  if (embedUrl) {
    await form.getByLabel("A YouTube, Vimeo or Google Drive video").check();
    await form.getByLabel("Embed address").fill(embedUrl);
  }
  await form.getByRole("button", { name: "Add lecture" }).click();
  await lectureItem(page, title).waitFor();
  return offered;
}



describe("lectures", () => {
  it("staff uploads a clip in parts, resumed after a lost connection and a reload; it becomes Ready and a student plays it", async () => {
    const staff = await signedIn(staffEmail, batchPath);
    const { page } = staff;
    await openBatch(page);
    const title = `Pipeline clip ${marker}`;
    const number = await addLecture(page, { title });
    const item = lectureItem(page, title);
    await item.getByText("No file yet").waitFor();
    assert.ok(number > 3, `the next free number after the batch's three lectures: ${number}`);

    // Refused before any request: a file that is not a video.
    let puts = 0;
    page.on("request", (r) => isPartPut(r) && puts++);
    const input = page.locator(`[data-testid="recording-input-${number}"]`);
    await input.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a video") });
    await item.getByRole("alert").filter({ hasText: "“notes.txt” is not a video file" }).waitFor();

    // The connection drops after parts 1 and 2: every later part fails its three tries, and the upload stops with
    // Resume. (By part number, not by arrival: three parts are in flight at once, in any order.)
    await page.route((u) => !u.pathname.startsWith("/api/"), (route) =>
      isPartPut(route.request()) && partNumber(route.request()) > 2 ? route.abort("internetdisconnected") : route.continue(),
    );
    const begun = page.waitForResponse((r) => isUploadBegin(r, number));
    await input.setInputFiles(clip);
    const first = await (await begun).json();
    const total = first.parts.length;
    assert.ok(total >= 4, `the clip (${statSync(clip).size} bytes) makes ${total} parts of ${first.partSize}: run the server with ACADEMY_UPLOAD_PART_BYTES=65536`);
    assert.deepEqual(first.uploaded, []);
    await item.getByRole("alert").filter({ hasText: /could not be sent after 3 tries/ }).waitFor({ timeout: 30000 });
    await item.getByRole("button", { name: `Resume the upload of Lecture ${number}: ${title}` }).waitFor();
    const bar = item.getByRole("progressbar", { name: `Upload of Lecture ${number}: ${title}` });
    assert.ok(Number(await bar.getAttribute("aria-valuenow")) > 0, "the bar shows the two parts sent");
    const remembered = await page.evaluate(() => Object.values(JSON.parse(localStorage.getItem("academy.lectureUploads"))));
    assert.deepEqual(remembered.map((u) => [u.lectureNumber, u.fileName, u.parts.length]), [[number, "clip.mp4", 2]]);

    // Back online, a reload: the panel says what is unfinished; the same file chosen again sends only the rest.
    await page.unrouteAll();
    await page.reload();
    await hydrated(page);
    await item.getByText(/An upload of clip\.mp4 .* is unfinished/).waitFor();
    puts = 0;
    const resumed = page.waitForResponse((r) => isUploadBegin(r, number));
    await page.locator(`[data-testid="recording-input-${number}"]`).setInputFiles(clip);
    const again = await (await resumed).json();
    assert.equal(again.uploadId, first.uploadId, "the same upload goes on");
    assert.deepEqual(again.uploaded.map((p) => p.number), [1, 2]);
    const settled = item.getByText(/^Processing \d+ %$/).or(item.getByText(/^(Ready|Failed)$/));
    await settled.waitFor({ timeout: 60000 });
    assert.notEqual(await settled.first().innerText(), "Failed", `the upload completed but: ${await item.innerText()}`);
    assert.equal(puts, total - 2, `only the ${total - 2} missing parts were sent`);
    assert.equal(await page.evaluate(() => localStorage.getItem("academy.lectureUploads")), null, "nothing left to resume");

    // The local worker makes the renditions; the list is read again until it is Ready.
    await item.getByText(/^(Ready|Failed)$/).waitFor({ timeout: 300000 });
    assert.equal(await item.getByText(/^(Ready|Failed)$/).innerText(), "Ready", `processed: ${await item.innerText()}`);
    assert.match(await item.innerText(), /0:0[78] · \d+p/);

    // A student of the batch (enrolled by e-mail through the staff API) plays it.
    const email = `lectures-${marker.toLowerCase()}@example.com`;
    const enrolled = await fetch(url("/api/staff/enrolments"), {
      method: "POST",
      headers: { "content-type": "application/json", authorization: `Bearer ${await accessTokenOf(page)}` },
      body: JSON.stringify({ batchId: mern09.id, name: `Lecture Student ${marker}`, email }),
    });
    assert.ok(enrolled.ok, `enrolled: ${enrolled.status} ${await enrolled.text()}`);
    // Signed in at /lms (which links the enrolment to the account by its e-mail), then the batch's lectures.
    const student = await signedIn(email, "/lms");
    await student.page.goto(url(`/recorded-lectures/${mern09.id}`));
    await hydrated(student.page);
    const watch = student.page.getByRole("table").getByRole("button", { name: new RegExp(`^Watch lecture ${number}:`) });
    await watch.click();
    const dialog = student.page.getByRole("dialog");
    const video = dialog.locator("video");
    await video.waitFor();
    await student.page.waitForFunction(() => (document.querySelector("[role=dialog] video")?.currentTime ?? 0) >= 1.5, null, { timeout: 30000 });

    // The quality menu: Auto, then each rung highest first; the lowest is the last.
    const quality = dialog.getByLabel("Quality");
    const options = await quality.locator("option").allInnerTexts();
    assert.equal(options[0], "Auto");
    assert.ok(options.length >= 2, `a rung to choose: ${options}`);
    await quality.selectOption({ index: options.length - 1 });
    await dialog.getByTestId("quality-status").filter({ hasText: options.at(-1) }).waitFor();
    const before = await video.evaluate((v) => v.currentTime);
    await student.page.waitForFunction((t) => document.querySelector("[role=dialog] video").currentTime > t + 0.5, before, { timeout: 20000 });

    // Paused past three seconds: the position is saved; after a reload the lecture resumes there.
    await student.page.waitForFunction(() => document.querySelector("[role=dialog] video").currentTime >= 3);
    const saved = student.page.waitForResponse((r) => r.request().method() === "PUT" && r.url().includes(`/api/me/progress/${mern09.id}/${number}`));
    await video.evaluate((v) => v.pause());
    const stored = await (await saved).json();
    assert.ok(stored.positionSeconds >= 3 && stored.positionSeconds < 8, `saved at ${stored.positionSeconds}`);
    await student.page.reload();
    await hydrated(student.page);
    if ((await student.page.getByRole("dialog").count()) === 0) await watch.click();
    const reopened = student.page.getByRole("dialog").locator("video");
    await reopened.waitFor();
    await untilMedia(reopened, "the reopened lecture loads its metadata", (v) => v.readyState >= 1);
    await student.page.waitForFunction(() => (document.querySelector("[role=dialog] video")?.currentTime ?? 0) > 0.5, null, { timeout: 15000 });
    const resumedAt = await reopened.evaluate((v) => v.currentTime);
    assert.ok(resumedAt >= stored.positionSeconds - 0.5 && resumedAt < stored.positionSeconds + 3, `resumed at ${resumedAt}, saved ${stored.positionSeconds}`);
    for (const c of [staff, student]) await c.context.close();
  });

  for (const [name, viewport] of Object.entries(viewports)) {
    it(`passes axe at ${name} (${viewport.width} px): the Lectures panel, its form, an embed and its delete confirmation`, async () => {
      const { context, page } = await signedIn(staffEmail, batchPath, viewport);
      await openBatch(page);
      await expectNoAxeViolations(page, "the Lectures panel");
      await lecturesPanel(page).getByRole("button", { name: "Add lecture" }).click();
      await lecturesPanel(page).getByRole("form", { name: "Add a lecture" }).waitFor();
      await expectNoAxeViolations(page, "the Add lecture form");
      await lecturesPanel(page).getByRole("button", { name: "Cancel" }).click();

      const title = `Embed ${name} ${marker}`;
      const number = await addLecture(page, { title, embedUrl: "https://www.youtube.com/embed/dQw4w9WgXcQ" });
      const item = lectureItem(page, title);
      await item.getByText("Ready", { exact: true }).waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(overflow <= 0, `the page does not scroll sideways (${overflow} px too wide)`);
      await expectNoAxeViolations(page, "the Lectures panel with an embed");

      await item.getByRole("button", { name: `Delete lecture ${number}` }).click();
      const confirm = page.getByRole("alertdialog", { name: `Delete lecture ${number}, “${title}”?` });
      await confirm.waitFor();
      await expectNoAxeViolations(page, "the delete confirmation");
      await confirm.getByRole("button", { name: "Delete lecture" }).click();
      await confirm.waitFor({ state: "detached" });
      await item.waitFor({ state: "detached" });
      await context.close();
    });
  }
});

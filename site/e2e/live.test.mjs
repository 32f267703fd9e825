// Live classes through the real OpenID Connect flow (infra/oidc): staff opens a batch in the console, enrols two
// students and sets the batch's weekly timetable in Pakistan time, then adds a one-off session starting a few minutes
// from now (inside the Join window, whatever the weekday). A student in Europe/London and one in Asia/Karachi
// (browser contexts with those zones) see that session as their Next class at their own local times (the London one
// with the batch's Pakistan time beside it), and Join, a real navigation through /api/me/sessions/{id}/join, reaches
// the meeting (an https server of the test's own, reached as meet.example.com: there is no internet here). Staff then see both
// as present in the session's attendance and in the term's. axe finds nothing on the timetable editor and on Next
// class at 1280 and 390 px, and neither page scrolls sideways on a 390 px phone. Then staff cancel one session with a
// reason and move another: the student's term shows both, the calendar feed (as its webcal:// link names it) carries
// STATUS:CANCELLED and a raised SEQUENCE and no meeting link; reminders go off and stay off; a new feed link retires the
// old one. On a 390 px phone staff upload a two-second clip (made here with ffmpeg) as the one-off session's recording
// from its Recording dialog: the dialog adds the lecture, sends the file, attaches it, and the row shows the lecture.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { after, before, describe, it } from "node:test";
import { hydrated, launchForSignIn, signIn, url, viewports, expectNoAxeViolations } from "./support.mjs";

const staffEmail = "staff@example.com";
// A batch whose term (2026-11-03 to 2027-01-23) other browser tests leave alone.
const batch = { id: "665f1c2a9b3e4d0012a1c009", name: "AIML-04 Late Evening Batch" };
const marker = `L${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const meetingUrl = `https://meet.example.com/${marker.toLowerCase()}`;
const KARACHI = "Asia/Karachi";
const LONDON = "Europe/London";
const students = {
  london: { name: `Oliver London${marker}`, email: `live-london-${marker.toLowerCase()}@example.com`, zone: LONDON },
  karachi: { name: `Sana Karachi${marker}`, email: `live-karachi-${marker.toLowerCase()}@example.com`, zone: KARACHI },
};
const batchPath = `/staff?section=batches&batch=${batch.id}`;

// The meeting service: an https server of the test's own (a certificate made here with openssl) answering a page that
// names the meeting for any path, which the browser reaches as meet.example.com (there is no internet here). A real
// server, not a route: the browser reaches it through the API's redirect, which a route does not see in every build.
let browser;
let meeting;
const certificates = mkdtempSync(join(tmpdir(), "academy-meet-"));
before(async () => {
  const [key, cert] = [join(certificates, "key.pem"), join(certificates, "cert.pem")];
  execFileSync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-subj", "/CN=meet.example.com", "-days", "1", "-keyout", key, "-out", cert], { stdio: "ignore" });
  meeting = createServer({ key: readFileSync(key), cert: readFileSync(cert) }, (req, res) => {
    res.writeHead(200, { "content-type": "text/html" });
    res.end(`<!doctype html><title>Meeting</title><h1>Meeting ${new URL(req.url, "https://meet.example.com").pathname}</h1>`);
  });
  await new Promise((resolve) => meeting.listen(0, "127.0.0.1", resolve));
  browser = await launchForSignIn([`--host-resolver-rules=MAP meet.example.com:443 127.0.0.1:${meeting.address().port}`]);
});
after(async () => {
  await browser?.close();
  meeting?.close();
  rmSync(certificates, { recursive: true, force: true });
});

// ---- times, written as the site writes them (Intl with a time zone; site/app/lib/class-time.ts) ----------------

const plain = (text) => text.replace(/[\u202f\u00a0]/g, " ");
const clock = (instant, timeZone) => plain(new Intl.DateTimeFormat("en-US", { timeZone, hour: "numeric", minute: "2-digit", hour12: true }).format(instant));
const day = (instant, timeZone) => new Intl.DateTimeFormat("en-GB", { timeZone, weekday: "long", day: "numeric", month: "long" }).format(instant);
const zoneWords = { [LONDON]: "UK time", [KARACHI]: "Pakistan time" };
/** "Saturday 28 November, 5:35 PM – 6:35 PM UK time". */
const sessionIn = (start, minutes, zone) => `${day(start, zone)}, ${clock(start, zone)} – ${clock(new Date(start.getTime() + minutes * 60_000), zone)} ${zoneWords[zone]}`;

/** A datetime-local value in Karachi (UTC+5 all year) for an instant. */
const karachiInput = (instant) => new Date(instant.getTime() + 5 * 3600_000).toISOString().slice(0, 16);



async function expectNoSidewaysScroll(page, what) {
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= viewports.mobile.width, `${what} is ${wide} px wide on a ${viewports.mobile.width} px phone`);
}

const toast = (page, title) => page.locator("[data-sonner-toast]").filter({ hasText: title }).first();

/** A browser of its own in `timezoneId`, signed in as `email`, on `path`. */
async function signedIn(email, path, { viewport = viewports.desktop, timezoneId = KARACHI } = {}) {
  // The meeting server's certificate is the test's own.
  const context = await browser.newContext({ viewport, timezoneId, ignoreHTTPSErrors: true });
  const page = await signIn(context, { email, path });
  if (`${new URL(page.url()).pathname}${new URL(page.url()).search}` !== path) await page.goto(url(path));
  await hydrated(page);
  return { context, page };
}

const livePanel = (page) => page.getByRole("region", { name: "Live classes", exact: true });
const timetableForm = (page) => page.getByRole("form", { name: "Timetable" });
const sessionsTable = (page) => page.getByRole("table", { name: `Sessions of ${batch.name} (Pakistan time)` });

async function openBatch(page) {
  await page.getByRole("heading", { level: 2, name: batch.name }).waitFor();
  await timetableForm(page).waitFor();
}

/** The student's card for the batch on /lms, and its Next class. */
const batchCard = (page) =>
  page
    .locator("section", { has: page.getByRole("heading", { name: "My batches" }) })
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 3, name: batch.name }) });

describe("live classes", () => {

  it("staff set a timetable; students in London and Karachi see the next class at their own times and join; staff see both attended", async () => {
    const staff = await signedIn(staffEmail, batchPath, { timezoneId: KARACHI });
    const { page } = staff;
    await openBatch(page);

    // Enrol the two students.
    for (const s of Object.values(students)) {
      const one = page.getByRole("form", { name: "Enrol a student" });
      await one.getByLabel("Name", { exact: true }).fill(s.name);
      await one.getByLabel("E-mail", { exact: true }).fill(s.email);
      await one.getByRole("button", { name: "Enrol", exact: true }).click();
      await page.locator("[data-secret-id]").or(one.getByRole("alert")).waitFor();
      assert.equal(await one.getByRole("alert").count(), 0, await one.innerText());
      await page.getByRole("table", { name: `Students of ${batch.name}` }).getByRole("row", { name: new RegExp(s.name) }).waitFor();
    }

    // The timetable: Pakistan time, Tuesdays and Thursdays 9 PM for two hours, the meeting link.
    const form = timetableForm(page);
    // The demo batches start with a timetable of their own: keep one slot and set it anew.
    while (await form.getByRole("button", { name: "Remove slot 2" }).count()) await form.getByRole("button", { name: "Remove slot 2" }).click();
    await form.getByLabel("Time zone").selectOption(KARACHI);
    await form.getByLabel("Weekday of slot 1").selectOption("tue");
    await form.getByLabel("Starts (slot 1)").fill("21:00");
    await form.getByLabel("Minutes (slot 1)").fill("120");
    await form.getByRole("button", { name: "Add a slot" }).click();
    await form.getByLabel("Weekday of slot 2").selectOption("thu");
    await form.getByLabel("Starts (slot 2)").fill("21:00");
    await form.getByLabel("Minutes (slot 2)").fill("120");
    await form.getByLabel(/^Meeting link of this slot \(slot 1\)/).fill("");
    await form.getByLabel(/^Meeting link of this slot \(slot 2\)/).fill("");
    await form.getByLabel(/^Batch meeting link/).fill(meetingUrl);
    await expectNoAxeViolations(page, "the timetable editor at 1280 px");
    await form.getByRole("button", { name: "Save timetable" }).click();
    const saved = livePanel(page).getByText(/^Timetable saved: \d+ sessions in the term\.$/);
    await saved.or(form.getByRole("alert")).or(form.locator("[aria-invalid=true]")).first().waitFor();
    assert.equal(await form.getByRole("alert").count(), 0, await form.innerText());
    await saved.waitFor();
    await toast(page, "Timetable saved").waitFor();
    const count = Number(/(\d+) sessions/.exec(await saved.innerText())[1]);
    assert.ok(count >= 4 && count <= 2 * 12, `a term of Tuesdays and Thursdays until 23 January: ${count} sessions`);
    // Every generated session is on a Tuesday or Thursday at 9 PM Pakistan time.
    await livePanel(page).getByLabel("Show", { exact: true }).selectOption("all");
    const whens = await sessionsTable(page).locator("tbody th[scope=row]").allInnerTexts();
    assert.equal(whens.length, count);
    for (const w of whens) assert.match(w, /^(Tue|Thu), \d{1,2} \w{3} 20\d\d, 9:00 PM – 11:00 PM$/, w);

    // A one-off session five minutes from now (inside the Join window), an hour long.
    const start = new Date(Math.ceil((Date.now() + 5 * 60_000) / 60_000) * 60_000);
    await livePanel(page).getByRole("button", { name: "Add a one-off session" }).click();
    const extra = page.getByRole("form", { name: "Add a one-off session" });
    await extra.getByLabel("Starts (Pakistan time)").fill(karachiInput(start));
    await extra.getByLabel("Length (minutes)").fill("60");
    await extra.getByRole("button", { name: "Add session" }).click();
    await toast(page, "Session added").waitFor();
    const when = `${new Intl.DateTimeFormat("en-GB", { timeZone: KARACHI, weekday: "short", day: "numeric", month: "short", year: "numeric" }).format(start)}, ${clock(start, KARACHI)} – ${clock(new Date(start.getTime() + 3600_000), KARACHI)}`;
    const row = sessionsTable(page).getByRole("row", { name: new RegExp(`^${when.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`) });
    await row.waitFor();
    assert.match(await row.innerText(), /One-off/);

    // Each student signs in, in their own zone, and finds the session as their Next class.
    const learners = {};
    for (const [key, s] of Object.entries(students)) {
      const learner = await signedIn(s.email, "/lms", { timezoneId: s.zone });
      learners[key] = learner;
      const card = batchCard(learner.page);
      const time = card.getByTestId("next-class-time");
      await time.or(card.getByRole("alert")).or(card.getByText(/^No live classes|^This batch has no more/)).first().waitFor();
      assert.equal(await time.count(), 1, `${key}: ${await card.innerText()}`);
      assert.equal(await time.innerText(), sessionIn(start, 60, s.zone), `${key}: the session in their own zone`);
      const beside = card.getByTestId("next-class-batch-time");
      if (s.zone === KARACHI) assert.equal(await beside.count(), 0, "no second time in the batch's own zone");
      else assert.equal(await beside.innerText(), `Batch time: ${sessionIn(start, 60, KARACHI)}`);
      assert.match(await card.getByRole("timer").innerText(), /^Starts in (\d minutes?( \d+ seconds?)?|\d+ seconds?)\.$/);
    }
    // Both read the same instant.
    const londonAt = await batchCard(learners.london.page).getByTestId("next-class-time").getAttribute("datetime");
    const karachiAt = await batchCard(learners.karachi.page).getByTestId("next-class-time").getAttribute("datetime");
    assert.equal(Date.parse(londonAt), start.getTime());
    assert.equal(Date.parse(karachiAt), start.getTime());
    await expectNoAxeViolations(learners.london.page, "Next class at 1280 px");

    // Join: a real navigation through the API's join link to the meeting, in a new tab.
    for (const [key, { context, page: lms }] of Object.entries(learners)) {
      const join = batchCard(lms).getByRole("link", { name: new RegExp(`^Join the class of ${batch.name}`) });
      const href = await join.getAttribute("href");
      assert.match(href, /\/api\/me\/sessions\/[^/]+\/join/, `${key}: Join goes through the API`);
      assert.ok(!href.includes("meet.example.com"), "the meeting link is not in the page");
      const joins = [];
      const seen = (r) => /\/api\/me\/sessions\/[^/]+\/join/.test(r.url()) && joins.push({ url: r.url(), status: r.status(), to: r.headers().location });
      context.on("response", seen);
      const [meeting] = await Promise.all([context.waitForEvent("page"), join.click()]);
      await meeting.waitForURL(meetingUrl, { timeout: 10000 });
      context.off("response", seen);
      assert.deepEqual(
        joins.map((j) => [j.status, j.to]),
        [[302, meetingUrl]],
        `${key}: one navigation through the join link, answered with a redirect to the meeting: ${JSON.stringify(joins)}`,
      );
      await meeting.getByRole("heading", { name: /^Meeting / }).waitFor();
      await meeting.close();
    }
    assert.ok(!(await learners.london.page.content()).includes(meetingUrl), "no meeting link in /lms");

    // Staff see both present in the session's attendance, with when they joined, and in the term's attendance.
    await page.reload();
    await hydrated(page);
    await openBatch(page);
    await row.getByRole("button", { name: /^Attendance of / }).click();
    const attendance = page.getByRole("table", { name: `Attendance of ${when}` });
    await attendance.waitFor();
    for (const s of Object.values(students)) {
      const line = attendance.getByRole("row", { name: new RegExp(s.name) });
      assert.equal(await line.getByRole("combobox", { name: `Attendance of ${s.name}` }).inputValue(), "present");
      assert.doesNotMatch(await line.innerText(), /Did not join/);
    }
    const term = page.getByRole("table", { name: `Attendance by student, ${batch.name}` });
    for (const s of Object.values(students)) await term.getByRole("row", { name: new RegExp(s.name) }).waitFor();

    // A correction: the Karachi student marked excused; the mark stays after a reload.
    await attendance.getByRole("combobox", { name: `Attendance of ${students.karachi.name}` }).selectOption("excused");
    await toast(page, "Attendance saved").waitFor();
    await page.reload();
    await hydrated(page);
    await openBatch(page);
    await row.getByRole("button", { name: /^Attendance of / }).click();
    await attendance.waitFor();
    assert.equal(await attendance.getByRole("combobox", { name: `Attendance of ${students.karachi.name}` }).inputValue(), "excused");

    for (const c of [staff, ...Object.values(learners)]) await c.context.close();
  });

  it("staff cancel one session and move another; the student's term and calendar feed follow; reminders off; a new feed link", async () => {
    const staff = await signedIn(staffEmail, batchPath, { timezoneId: KARACHI });
    const { page } = staff;
    await openBatch(page);
    const table = sessionsTable(page);
    await table.waitFor();
    // Two sessions of the timetable still ahead (not the one-off of the first test).
    const ahead = table.locator("tbody tr").filter({ hasNotText: "One-off" }).filter({ has: page.getByRole("button", { name: /^Cancel / }) });
    const [first, second] = [await ahead.nth(0).locator("th").innerText(), await ahead.nth(1).locator("th").innerText()];
    const rowOf = (when) => table.getByRole("row", { name: new RegExp(`^${when.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`) });

    // Cancel the first, with a reason.
    await rowOf(first).getByRole("button", { name: `Cancel ${first}` }).click();
    const cancel = page.getByRole("alertdialog", { name: `Cancel the session of ${first}?` });
    await cancel.getByRole("button", { name: "Cancel session" }).click();
    await cancel.getByText("Give the reason: students read it.").waitFor();
    await cancel.getByLabel(/^Reason/).fill(`Instructor travelling ${marker}`);
    await cancel.getByRole("button", { name: "Cancel session" }).click();
    await cancel.waitFor({ state: "detached" });
    await toast(page, "Session cancelled").waitFor();
    await rowOf(first).getByText("Cancelled", { exact: true }).waitFor();
    await rowOf(first).getByText(`Instructor travelling ${marker}`).waitFor();

    // Move the second to 6:15 AM Pakistan time three days from now.
    const karachiToday = new Date(Date.now() + 5 * 3600_000);
    const wall = Date.UTC(karachiToday.getUTCFullYear(), karachiToday.getUTCMonth(), karachiToday.getUTCDate() + 3, 6, 15);
    const moved = new Date(wall - 5 * 3600_000);
    await rowOf(second).getByRole("button", { name: `Move ${second}` }).click();
    const move = page.getByRole("alertdialog", { name: `Move the session of ${second}?` });
    await move.getByLabel("New start (Pakistan time)").fill(new Date(wall).toISOString().slice(0, 16));
    await move.getByRole("button", { name: "Move session" }).click();
    await move.waitFor({ state: "detached" });
    await toast(page, "Session moved").waitFor();
    await table.getByRole("row", { name: new RegExp(`^\\w{3}, \\d{1,2} \\w{3} \\d{4}, 6:15 AM – 8:15 AM`) }).waitFor();

    // The student in London: the cancelled session with its reason, the moved one at its new time.
    const learner = await signedIn(students.london.email, "/lms", { timezoneId: LONDON });
    const card = batchCard(learner.page);
    await card.getByText(/^All classes this term/).click();
    const term = card.getByRole("list", { name: `Classes of ${batch.name}` });
    await term.getByText(`Reason: Instructor travelling ${marker}`).waitFor();
    const iso = moved.toISOString().replace(".000Z", "Z");
    const movedItem = term.locator(`time[datetime="${iso}"]`);
    await movedItem.waitFor();
    assert.equal(await movedItem.innerText(), `${new Intl.DateTimeFormat("en-GB", { timeZone: LONDON, weekday: "short", day: "numeric", month: "short", year: "numeric" }).format(moved)}, ${clock(moved, LONDON)} – ${clock(new Date(moved.getTime() + 2 * 3600_000), LONDON)}`);

    // The calendar feed: subscribed as webcal://, fetched over http(s): the cancellation, the move, no meeting link.
    const feedField = learner.page.getByLabel("Your calendar link");
    const webcal = await feedField.inputValue();
    assert.match(webcal, /^webcal:\/\/[^/]+\/calendar\/[A-Za-z0-9_-]+\.ics$/);
    const feedUrl = webcal.replace(/^webcal:/, new URL(url("/")).protocol);
    const feed = await fetch(feedUrl);
    assert.equal(feed.status, 200, `GET ${feedUrl}: ${feed.status} ${await feed.clone().text()}`);
    assert.match(feed.headers.get("content-type"), /^text\/calendar/);
    const ics = (await feed.text()).replace(/\r\n[ \t]/g, "");
    assert.match(ics, /STATUS:CANCELLED/);
    assert.match(ics, /SEQUENCE:[1-9]/);
    assert.ok(!ics.includes(meetingUrl), "no meeting link in the feed");
    const google = new URL(await learner.page.getByRole("link", { name: /^Add to Google Calendar/ }).getAttribute("href"));
    assert.equal(google.hostname, "calendar.google.com");
    assert.ok(decodeURIComponent(google.search).includes(new URL(feedUrl).pathname), "Google subscribes to this feed");
    const outlook = new URL(await learner.page.getByRole("link", { name: /^Add to Outlook/ }).getAttribute("href"));
    assert.ok(decodeURIComponent(outlook.search).includes(new URL(feedUrl).pathname), "Outlook subscribes to this feed");

    // Reminders off, and still off after a reload.
    const reminders = learner.page.getByRole("switch", { name: "Mail me a reminder an hour before each class" });
    assert.equal(await reminders.getAttribute("aria-checked"), "true");
    await reminders.click();
    await learner.page.getByText("Reminders are off.").waitFor();
    await learner.page.reload();
    await hydrated(learner.page);
    assert.equal(await learner.page.getByRole("switch", { name: "Mail me a reminder an hour before each class" }).getAttribute("aria-checked"), "false");

    // A new feed link: the old one stops answering.
    await learner.page.getByRole("button", { name: "Reset link" }).click();
    await learner.page.getByRole("group", { name: "Reset your calendar link?" }).getByRole("button", { name: "Reset link" }).click();
    await learner.page.getByText(/^Your calendar link was reset/).waitFor();
    assert.notEqual(await feedField.inputValue(), webcal);
    assert.notEqual((await fetch(feedUrl)).status, 200, "the old feed link no longer answers");
    for (const c of [staff, learner]) await c.context.close();
  });

  it("staff upload the one-off session's recording from its Recording dialog on a phone; the row shows the lecture", async () => {
    const work = mkdtempSync(join(tmpdir(), "academy-live-"));
    const clip = join(work, "class.mp4");
    execFileSync("ffmpeg", [
      "-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25",
      "-t", "2", "-c:v", "libx264", "-pix_fmt", "yuv420p", "-y", clip,
    ]);
    const staff = await signedIn(staffEmail, batchPath, { timezoneId: KARACHI, viewport: viewports.mobile });
    const { page } = staff;
    try {
      await openBatch(page);
      await livePanel(page).getByLabel("Show", { exact: true }).selectOption("all");
      const row = sessionsTable(page).locator("tbody tr").filter({ hasText: "One-off" }).first();
      const when = await row.locator("th").innerText();
      await row.getByRole("button", { name: `Recording of ${when}` }).click();
      const dialog = page.getByRole("alertdialog", { name: `The recording of ${when}` });
      await dialog.getByRole("radio", { name: "Upload a video file" }).check();
      await dialog.getByRole("button", { name: "Add the lecture" }).click();
      const title = `Live class — ${when.split(", ").slice(0, 2).join(", ")}`;
      await dialog.getByText(new RegExp(`^Lecture \\d+ “${title}” added\\.`)).waitFor();
      await expectNoAxeViolations(page, "the Recording dialog's upload at 390 px");
      await expectNoSidewaysScroll(page, "the Recording dialog's upload");
      await dialog.locator('[data-testid^="recording-input-"]').setInputFiles(clip);
      const done = dialog.getByText(new RegExp(`“${title}” is this session's recording\\. (Processing \\d+ %|Ready)`));
      await done.or(dialog.getByRole("alert")).first().waitFor({ timeout: 30_000 });
      assert.equal(await dialog.getByRole("alert").count(), 0, await dialog.innerText());
      await toast(page, /uploaded and attached/).waitFor();
      await dialog.getByRole("button", { name: "Close" }).click();
      await dialog.waitFor({ state: "detached" });
      await row.getByText(new RegExp(`^Lecture \\d+: ${title}$`)).waitFor();
    } finally {
      await staff.context.close();
      rmSync(work, { recursive: true, force: true });
    }
  });

  it("passes axe on a phone (390 px): the timetable editor and Next class, neither wider than the screen", async () => {
    const staff = await signedIn(staffEmail, batchPath, { viewport: viewports.mobile, timezoneId: LONDON });
    await openBatch(staff.page);
    await sessionsTable(staff.page).or(livePanel(staff.page).getByText(/^No sessions/)).first().waitFor();
    await expectNoAxeViolations(staff.page, "the timetable editor at 390 px");
    await expectNoSidewaysScroll(staff.page, "the batch page with its live classes");
    await staff.context.close();

    const learner = await signedIn(students.karachi.email, "/lms", { viewport: viewports.mobile, timezoneId: KARACHI });
    await batchCard(learner.page).getByRole("heading", { level: 4, name: "Next class" }).waitFor();
    await batchCard(learner.page).getByText(/^All classes this term/).click();
    await expectNoAxeViolations(learner.page, "Next class at 390 px");
    await expectNoSidewaysScroll(learner.page, "/lms with Next class");
    await learner.context.close();
  });
});

// The signed-in learning area through the real OpenID Connect flow against the local provider (infra/oidc):
// the gate, sign-up, sign-out, reload; the LMS dialog; outline states; batch badges; Secret ID access; the
// lecture table and overlay; axe on these routes signed in, desktop and mobile.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import {
  axe,
  baseUrl,
  courseIds,
  grantSecretId,
  hydrated,
  keepSecretId,
  keptSecretIds,
  launchForSignIn,
  oidcIssuer,
  revokeSecretId,
  signIn,
  url,
  viewports,
  untilMedia,
} from "./support.mjs";

const batch = { mern07: "665f1c2a9b3e4d0012a1c001", mern08: "665f1c2a9b3e4d0012a1c002", da05: "665f1c2a9b3e4d0012a1c005", cs04: "665f1c2a9b3e4d0012a1c00c" };
const unknownCourse = "665f1c2a9b3e4d0012a1b0ff";

let browser;
before(async () => {
  browser = await launchForSignIn();
});
after(() => browser?.close());

const accountButton = (page) => page.getByRole("button", { name: /^Account:/ }).first();

async function signedInContext(viewport = viewports.desktop, email = "student@example.com") {
  const context = await browser.newContext({ viewport });
  const page = await signIn(context, { email });
  await page.close();
  return context;
}

async function open(context, path) {
  const page = await context.newPage();
  await page.goto(url(path));
  await hydrated(page);
  return page;
}

describe("sign-in", () => {
  it("the /lms gate sends a visitor to the provider and brings them back to /lms", async () => {
    const context = await browser.newContext({ viewport: viewports.desktop });
    const page = await context.newPage();
    await page.goto(url("/lms"));
    await page.waitForURL((u) => u.href.startsWith(oidcIssuer));
    assert.match(await page.locator("body").innerText(), /LOCAL ONLY/);
    await page.getByLabel("E-mail").fill("gate@example.com");
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(url("/lms"));
    await page.getByRole("heading", { level: 1, name: "Your Learning Portal" }).waitFor();
    await accountButton(page).click();
    await page.getByText("gate@example.com").first().waitFor();
    assert.ok(await page.getByRole("link", { name: "LMS" }).first().isVisible());

    // The session survives a reload: no trip to the provider.
    await page.reload();
    await hydrated(page);
    await page.getByRole("heading", { level: 1, name: "Your Learning Portal" }).waitFor();
    assert.equal(new URL(page.url()).pathname, "/lms");
    await context.close();
  });

  it("sign-up asks the provider to create an account and lands on / signed in", async () => {
    const context = await browser.newContext({ viewport: viewports.desktop });
    const page = await context.newPage();
    await page.goto(url("/sign-up"));
    await page.waitForURL((u) => u.href.startsWith(oidcIssuer));
    assert.match(page.url(), /\/interaction\//);
    await page.getByRole("heading", { name: "Create your account" }).waitFor();
    await page.getByLabel("Full name").fill("Ayesha Khan");
    await page.getByLabel("E-mail").fill("ayesha@example.com");
    await page.getByRole("button", { name: "Create account" }).click();
    await page.waitForURL(`${baseUrl}/`);
    await hydrated(page);
    await page.getByRole("button", { name: "Account: Ayesha Khan" }).waitFor();
    await context.close();
  });

  it("sign-out ends the session and lands on /; /lms then asks to sign in again", async () => {
    const context = await signedInContext(viewports.desktop, "leaver@example.com");
    const page = await open(context, "/about");
    await accountButton(page).click();
    await page.getByRole("button", { name: "Sign out" }).click();
    await page.waitForURL(`${baseUrl}/`);
    await hydrated(page);
    await page.getByRole("link", { name: "Sign In" }).first().waitFor();
    assert.equal(await page.getByRole("button", { name: /^Account:/ }).count(), 0);
    await page.goto(url("/lms"));
    await page.waitForURL((u) => u.href.startsWith(oidcIssuer));
    await page.getByLabel("E-mail").waitFor();
    await context.close();
  });

  it("says plainly when the provider cannot be reached", async () => {
    const context = await browser.newContext({ viewport: viewports.desktop });
    await context.route(`${oidcIssuer}/**`, (route) => route.abort("connectionrefused"));
    const page = await context.newPage();
    await page.goto(url("/sign-in"));
    await page.getByRole("alert").filter({ hasText: "We can't reach the sign-in service right now" }).waitFor();
    assert.ok(await page.getByRole("button", { name: "Try again" }).isVisible());
    await context.close();
  });
});

describe("LMS page", () => {
  it("lists the courses; the dialog leads to the outline or the batches", async () => {
    const context = await signedInContext();
    const page = await open(context, "/lms");
    const cards = page.getByRole("button", { name: /MERN Stack Development/ });
    await cards.first().waitFor();
    assert.equal(await page.getByText(/^Duration: /).count(), 4);
    assert.equal(await page.getByText(/^Students:/).count(), 0, "no made-up student count");
    await cards.first().click();
    const dialog = page.getByRole("dialog", { name: "MERN Stack Development" });
    await dialog.getByText("Choose what you'd like to explore").waitFor();
    await dialog.getByRole("button", { name: "Course Outline" }).click();
    await page.waitForURL(url(`/course-outline/${courseIds[0]}`));
    assert.equal(await page.getByRole("dialog").count(), 0);
    await page.getByRole("heading", { level: 1, name: "MERN Stack Development" }).waitFor();

    await page.goto(url("/lms"));
    await hydrated(page);
    await page.getByRole("button", { name: /Data Analysis/ }).first().click();
    await page.getByRole("dialog", { name: "Data Analysis" }).getByRole("button", { name: "Available Batches" }).click();
    await page.waitForURL(url(`/batches/${courseIds[1]}`));
    await page.getByRole("heading", { name: "DA-04 Evening Batch" }).waitFor();
    await context.close();
  });

  it("shows 'Loading courses...' then 'Error: {status text}' when the list fails", async () => {
    const context = await signedInContext();
    let release;
    const gate = new Promise((r) => (release = r));
    await context.route("**/api/courses", async (route) => {
      await gate;
      await route.fulfill({ status: 503, contentType: "application/json", body: '{"error":"unavailable","message":"down"}' });
    });
    const page = await open(context, "/lms");
    await page.getByText("Loading courses...").waitFor();
    release();
    await page.getByText("Error: Service Unavailable").waitFor();
    await context.close();
  });

  it("shows 'No courses available.' for an empty list", async () => {
    const context = await signedInContext();
    await context.route("**/api/courses", (route) => route.fulfill({ status: 200, contentType: "application/json", body: "[]" }));
    const page = await open(context, "/lms");
    await page.getByText("No courses available.").waitFor();
    await context.close();
  });
});

describe("course outline", () => {
  it("the four catalog outlines are complete in the pre-rendered HTML", async () => {
    for (const id of courseIds) {
      const html = await (await fetch(url(`/course-outline/${id}`))).text();
      assert.match(html, /<h1[^>]*>[^<]+<\/h1>/, id);
      const text = html.replace(/<!-- -->/g, "");
      assert.ok(text.includes("Weekly Schedule") && text.includes("Week 1<") && text.includes("Choose Your Batch"), id);
      assert.ok(!html.includes("Loading course outline..."), id);
    }
  });

  it("loads another id in the browser: loading, then 'Course Not Found' with Go Back Home", async () => {
    const context = await browser.newContext({ viewport: viewports.desktop });
    let release;
    const gate = new Promise((r) => (release = r));
    await context.route(`**/api/outline/${unknownCourse}`, async (route) => {
      await gate;
      await route.continue();
    });
    const page = await context.newPage();
    await page.goto(url(`/course-outline/${unknownCourse}`));
    await page.getByText("Loading course outline...").waitFor();
    release();
    await page.getByRole("heading", { level: 1, name: "Course Not Found" }).waitFor();
    await page.getByRole("link", { name: "Go Back Home" }).click();
    await page.waitForURL(`${baseUrl}/`);
    await context.close();
  });

  it("shows the error with Go Back when the outline cannot be loaded", async () => {
    const context = await browser.newContext({ viewport: viewports.desktop });
    await context.route(`**/api/outline/${unknownCourse}`, (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"error":"internal","message":"Store unavailable."}' }),
    );
    const page = await context.newPage();
    await page.goto(url(`/course-outline/${unknownCourse}`));
    await page.getByText("Error: Store unavailable.").waitFor();
    await page.getByText("Could not load course outline. Please try again later.").waitFor();
    assert.ok(await page.getByRole("button", { name: "Go Back" }).isVisible());
    await context.close();
  });
});

describe("batches", () => {
  it("badges: text by seats left, colour by fill", async () => {
    const context = await browser.newContext({ viewport: viewports.desktop });
    const page = await open(context, `/batches/${courseIds[0]}`);
    const expected = [
      ["MERN-07 Evening Batch", "Almost Full", "red", "28/30"],
      ["MERN-08 Weekend Batch", "Filling Fast", "yellow", "20/25"],
      ["MERN-09 Morning Batch", "Available", "green", "18/40"],
    ];
    const colours = {};
    for (const [name, label, tone, seats] of expected) {
      const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
      const badge = card.getByTestId("availability");
      assert.equal(await badge.innerText(), label, name);
      assert.equal(await badge.getAttribute("data-tone"), tone, name);
      colours[tone] = await badge.evaluate((el) => getComputedStyle(el).backgroundColor);
      assert.ok((await card.innerText()).includes(seats), name);
    }
    assert.equal(new Set(Object.values(colours)).size, 3, JSON.stringify(colours));
    // Tailwind 4 colours are oklch(L C H): the hue tells red (~25), yellow (~100) and green (~150) apart.
    const hue = (c) => Number(c.match(/oklch\([\d.]+ [\d.]+ ([\d.]+)/)?.[1]);
    assert.ok(hue(colours.red) < 40, `red badge is ${colours.red}`);
    assert.ok(hue(colours.yellow) > 70 && hue(colours.yellow) < 115, `yellow badge is ${colours.yellow}`);
    assert.ok(hue(colours.green) > 130 && hue(colours.green) < 170, `green badge is ${colours.green}`);
    await context.close();
  });

  it("no batches: 'No Batches Found' with the hint and Go Back Home", async () => {
    const context = await browser.newContext({ viewport: viewports.desktop });
    const page = await open(context, `/batches/${unknownCourse}`);
    await page.getByRole("heading", { level: 1, name: "No Batches Found" }).waitFor();
    await page.getByText("Could not load batches for this course.").waitFor();
    await page.getByText("Please check back later or contact support.").waitFor();
    assert.ok(await page.getByRole("link", { name: "Go Back Home" }).isVisible());
    await context.close();
  });

  it("Secret ID: empty, wrong, right (the lecture plays, Escape closes), no videos, revoked", async () => {
    const secret = await grantSecretId(batch.mern07);
    const context = await browser.newContext({ viewport: viewports.desktop });
    const page = await open(context, `/batches/${courseIds[0]}`);
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "MERN-07 Evening Batch" }) });
    await card.getByRole("button", { name: "Play Latest Lecture" }).click();
    await card.getByRole("button", { name: "Submit" }).click();
    await card.getByRole("alert").filter({ hasText: "Secret ID cannot be empty." }).waitFor();

    await card.getByLabel("Secret ID").fill("not-the-right-id");
    await card.getByRole("button", { name: "Submit" }).click();
    await card.getByRole("alert").filter({ hasText: /Secret ID/ }).waitFor();
    assert.ok(await card.getByLabel("Secret ID").isVisible(), "the prompt stays after a wrong ID");
    assert.equal(await page.getByRole("dialog").count(), 0);

    await card.getByLabel("Secret ID").fill(`  ${secret}  `);
    await card.getByRole("button", { name: "Submit" }).click();
    const overlay = page.getByRole("dialog");
    await overlay.waitFor();
    // The clip comes through a signed, expiring link of the lecture endpoint, and plays.
    const lectureLink = await overlay.locator("video").getAttribute("src");
    assert.match(lectureLink, new RegExp(`^/lecture/${batch.mern07}/\\d+\\?grant=[0-9a-f]{64}&expires=\\d+&key=[\\w-]+&signature=[\\w-]{43}$`));
    await untilMedia(overlay.locator("video"), "the clip loads", (v) => v.readyState >= 2);
    const played = await fetch(url(lectureLink), { headers: { Range: "bytes=0-99" } });
    assert.equal(played.status, 206);
    assert.equal((await played.arrayBuffer()).byteLength, 100);
    assert.equal((await fetch(url("/media/sample-lecture.mp4"))).status, 404, "the clip's old public path is gone");
    assert.deepEqual(await keptSecretIds(page), { [batch.mern07]: { secretId: secret, account: null } }, "kept for its batch only");
    assert.equal(await card.getByLabel("Secret ID").count(), 0, "the prompt hides on success");
    await page.keyboard.press("Escape");
    await overlay.waitFor({ state: "detached" });

    // A batch with no lectures: the stored ID is used straight away.
    const cs04 = await grantSecretId(batch.cs04);
    await keepSecretId(page, batch.cs04, cs04);
    await page.goto(url(`/batches/${courseIds[3]}`));
    await hydrated(page);
    const csCard = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "CS-04 Weekend Batch" }) });
    await csCard.getByRole("button", { name: "Play Latest Lecture" }).click();
    await csCard.getByText("No video found for this batch.").waitFor();

    // Revoked: the same lecture link is refused at the next fetch, and the prompt comes back with the server's message.
    await revokeSecretId(batch.mern07, secret);
    const refused = await fetch(url(lectureLink), { headers: { Range: "bytes=100-199" } });
    assert.equal(refused.status, 403);
    assert.match((await refused.json()).message, /no longer valid/);
    await keepSecretId(page, batch.mern07, secret);
    await page.goto(url(`/batches/${courseIds[0]}`));
    await hydrated(page);
    await card.getByRole("button", { name: "Play Latest Lecture" }).click();
    await card.getByRole("alert").waitFor();
    assert.ok(await card.getByLabel("Secret ID").isVisible());
    assert.equal(await page.getByRole("dialog").count(), 0);
    await context.close();
  });

  it("too many wrong Secret IDs: says plainly when to try again", async () => {
    // Ten failures from this client on one batch (the server's limit), then one more from the page.
    for (let i = 0; i < 10; i++) await fetch(url(`/api/batches/${batch.da05}/videos`), { headers: { "X-Secret-Id": `wrong-${i}` } });
    const context = await browser.newContext({ viewport: viewports.desktop });
    const page = await open(context, `/batches/${courseIds[1]}`);
    const card = page.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "DA-05 Weekend Batch" }) });
    await card.getByRole("button", { name: "Play Latest Lecture" }).click();
    await card.getByLabel("Secret ID").fill("still-wrong");
    await card.getByRole("button", { name: "Submit" }).click();
    await card.getByRole("alert").filter({ hasText: /Too many attempts\. Please try again in \d+ (seconds|minutes)\./ }).waitFor();
    await context.close();
  });
});

describe("recorded lectures", () => {
  it("locked, wrong ID back to locked, right ID: the table; Watch opens a full-screen overlay that keeps focus", async () => {
    const secret = await grantSecretId(batch.mern08);
    const context = await browser.newContext({ viewport: viewports.desktop });
    const page = await open(context, `/recorded-lectures/${batch.mern08}`);
    await page.getByRole("heading", { level: 1, name: "MERN-08 Weekend Batch" }).waitFor();
    await page.getByText("Instructor: Mahnoor Tariq").waitFor();
    await page.getByRole("heading", { name: "Access Restricted" }).waitFor();

    await page.getByLabel("Secret ID").fill("wrong-secret");
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("alert").waitFor();
    assert.equal(await page.getByRole("table").count(), 0);

    await page.getByLabel("Secret ID").fill(secret);
    await page.getByRole("button", { name: "Submit" }).click();
    const table = page.getByRole("table");
    await table.waitFor();
    const headers = await table.getByRole("columnheader").allInnerTexts();
    assert.deepEqual(headers.map((h) => h.trim()), ["Batch", "Lecture No.", "Title", "Action"]);
    assert.ok((await table.getByRole("row").count()) > 1);

    await table.getByRole("button", { name: /^Watch lecture 1:/ }).click();
    const overlay = page.getByRole("dialog");
    await overlay.waitFor();
    const box = await overlay.boundingBox();
    assert.ok(box.width >= viewports.desktop.width - 1 && box.height >= viewports.desktop.height - 1, "the overlay fills the screen");
    for (let i = 0; i < 6; i++) {
      await page.keyboard.press("Tab");
      assert.ok(await overlay.evaluate((el) => el.contains(document.activeElement)), "focus stays in the overlay");
    }
    await overlay.getByRole("button", { name: "Close video" }).click();
    await overlay.waitFor({ state: "detached" });
    await table.getByRole("button", { name: /^Watch lecture 2:/ }).click();
    await page.keyboard.press("Escape");
    await page.getByRole("dialog").waitFor({ state: "detached" });

    // A kept Secret ID opens the list on the next visit.
    await page.reload();
    await hydrated(page);
    await page.getByRole("table").waitFor();
    await context.close();
  });

  it("a lecture link that is refused (expired): the player asks for a fresh list and plays the fresh link", async () => {
    const secret = await grantSecretId(batch.mern08);
    const context = await browser.newContext({ viewport: viewports.desktop });
    const page = await context.newPage();
    const { lists, fileRequests } = await refuseFirstLectureFile(page, batch.mern08);
    await page.goto(url(`/recorded-lectures/${batch.mern08}`));
    await hydrated(page);
    await page.getByLabel("Secret ID").fill(secret);
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("table").waitFor();
    assert.equal(lists.length, 1);

    const refreshed = page.waitForResponse(videosAnswer(batch.mern08));
    await page.getByRole("button", { name: /^Watch lecture 1:/ }).click();
    const fresh = await refreshed;
    assert.equal(fresh.request().headers()["x-secret-id"], secret, "the fresh list is asked for with the same Secret ID");
    assert.equal(lists.length, 2);
    const freshUrl = lectureOne(lists[1]).url;
    // The fresh link, loaded past the first frame (readyState 2 = HAVE_CURRENT_DATA) and playing on.
    await page.waitForFunction((src) => {
      const video = document.querySelector("[role=dialog] video");
      return video?.getAttribute("src") === src && video.readyState >= 2 && !video.paused;
    }, freshUrl);
    await page.waitForFunction(() => document.querySelector("[role=dialog] video").currentTime > 0);
    assert.ok(fileRequests.length >= 2, "the lecture file was asked for again");
    assert.equal(new URL(fileRequests.at(-1)).search, new URL(freshUrl, baseUrl).search, "with the fresh link");
    assert.equal(await page.getByRole("dialog").getByRole("alert").count(), 0);
    await context.close();
  });

  it("a lecture link refused after the Secret ID was revoked: a clear alert in the overlay", async () => {
    const secret = await grantSecretId(batch.mern08);
    const context = await browser.newContext({ viewport: viewports.desktop });
    const page = await context.newPage();
    const { lists } = await refuseFirstLectureFile(page, batch.mern08);
    await page.goto(url(`/recorded-lectures/${batch.mern08}`));
    await hydrated(page);
    await page.getByLabel("Secret ID").fill(secret);
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("table").waitFor();
    await revokeSecretId(batch.mern08, secret);

    const refreshed = page.waitForResponse(videosAnswer(batch.mern08));
    await page.getByRole("button", { name: /^Watch lecture 1:/ }).click();
    assert.equal((await refreshed).status(), 403);
    const overlay = page.getByRole("dialog");
    await overlay.getByRole("alert").filter({ hasText: "Your Secret ID may have been revoked — ask the institute for a new one." }).waitFor();
    assert.equal(await overlay.locator("video").count(), 0);
    assert.equal(lists.length, 1, "only the first list was answered");
    await overlay.getByRole("button", { name: "Close video" }).click();
    await overlay.waitFor({ state: "detached" });
    await context.close();
  });

  it("an empty batch: 'No recorded lectures found for this batch.'", async () => {
    const secret = await grantSecretId(batch.cs04);
    const context = await browser.newContext({ viewport: viewports.desktop });
    const page = await open(context, `/recorded-lectures/${batch.cs04}`);
    await page.getByLabel("Secret ID").fill(secret);
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByText("No recorded lectures found for this batch.").waitFor();
    await context.close();
  });
});

const videosAnswer = (batchId) => (response) => new URL(response.url()).pathname === `/api/batches/${batchId}/videos`;
const lectureOne = (list) => list.videos.find((v) => v.lectureNumber === 1);

/**
 * Keeps every successful answer of the batch's video list (`lists`), and answers the first request for lecture 1's
 * file (whatever URL the list gave it: a signed /lecture/... link or a plain file) with 403 JSON, as an expired link is.
 */
async function refuseFirstLectureFile(page, batchId) {
  const lists = [];
  const fileRequests = [];
  await page.route(`**/api/batches/${batchId}/videos`, async (route) => {
    const response = await route.fetch();
    if (response.ok()) lists.push(await response.json());
    await route.fulfill({ response });
  });
  const isLectureOne = (u) => lists.length > 0 && u.pathname === new URL(lectureOne(lists[0]).url, baseUrl).pathname;
  await page.route(isLectureOne, async (route) => {
    fileRequests.push(route.request().url());
    if (fileRequests.length > 1) return route.continue();
    await route.fulfill({ status: 403, contentType: "application/json", body: '{"error":"forbidden","message":"This link has expired."}' });
  });
  return { lists, fileRequests };
}

function describeViolations(violations) {
  return violations.map((v) => `${v.id}: ${v.help} — ${v.nodes.slice(0, 3).map((n) => n.target.join(" ")).join(", ")}`).join("\n");
}

for (const [name, viewport] of Object.entries(viewports)) {
  describe(`axe, signed in, ${name}`, () => {
    it("finds no violations on the LMS routes, with the dialog, prompt, table and overlay open", async () => {
      const secret = await grantSecretId(batch.mern07);
      const context = await signedInContext(viewport, `axe-${name}@example.com`);
      const failures = [];
      const check = async (page, label) => {
        const result = await axe(page).analyze();
        if (result.violations.length) failures.push(`${label}:\n${describeViolations(result.violations)}`);
      };

      let page = await open(context, "/lms");
      await page.getByRole("button", { name: /MERN Stack Development/ }).first().waitFor();
      await check(page, "/lms");
      await page.getByRole("button", { name: /MERN Stack Development/ }).first().click();
      await page.getByRole("dialog").waitFor();
      await check(page, "/lms dialog");
      await page.close();

      page = await open(context, `/course-outline/${courseIds[2]}`);
      await check(page, "/course-outline");
      await page.close();

      page = await open(context, `/batches/${courseIds[0]}`);
      await page.getByRole("button", { name: "Play Latest Lecture" }).first().click();
      await page.getByRole("button", { name: "Submit" }).first().click();
      await page.getByRole("alert").first().waitFor();
      await check(page, "/batches with the prompt");
      await page.close();

      page = await open(context, `/recorded-lectures/${batch.mern07}`);
      await page.getByRole("heading", { name: "Access Restricted" }).waitFor();
      await check(page, "/recorded-lectures locked");
      await page.getByLabel("Secret ID").fill(secret);
      await page.getByRole("button", { name: "Submit" }).click();
      await page.getByRole("table").waitFor();
      await check(page, "/recorded-lectures table");
      await page.getByRole("button", { name: /^Watch lecture 1:/ }).click();
      await page.getByRole("dialog").waitFor();
      await check(page, "/recorded-lectures overlay");
      await page.close();

      page = await open(context, "/");
      if (name === "mobile") await page.getByRole("button", { name: "Open menu" }).click();
      const account = page.locator("button[aria-label^='Account:']:visible").first();
      await account.waitFor();
      await account.click();
      await check(page, "/ with the user menu open");
      await context.close();
      assert.deepEqual(failures, [], failures.join("\n\n"));
    });
  });
}

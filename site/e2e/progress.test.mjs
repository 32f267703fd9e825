// A student's own learning through the real OpenID Connect flow (infra/oidc): link a Secret ID on /lms, watch part
// of the sample clip, come back on another device and resume at the saved second, finish it and see the watched
// mark and the batch's progress; the API refuses the progress without a token and shows another student none of
// it; an expired session is renewed with the refresh token, and one that cannot be renewed signs out cleanly.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { axe, grantSecretId, hydrated, launchForSignIn, oidcIssuer, signIn, url, viewports, untilMedia } from "./support.mjs";

const mern08 = { id: "665f1c2a9b3e4d0012a1c002", name: "MERN-08 Weekend Batch", lectures: 4 };

/** The signed-in user oidc-client-ts stored, with `changes` written over it first when given. */
const storedUser = (page, changes = {}) =>
  page.evaluate((changes) => {
    const key = Object.keys(localStorage).find((k) => k.startsWith("oidc.user:"));
    const user = { ...JSON.parse(localStorage.getItem(key)), ...changes };
    localStorage.setItem(key, JSON.stringify(user));
    return user;
  }, changes);

let browser;
before(async () => {
  browser = await launchForSignIn();
});
after(() => browser?.close());


/** A fresh browser (a device of its own) signed in as `email`, on `path`. */
async function device(email, path, viewport = viewports.desktop) {
  const context = await browser.newContext({ viewport });
  const page = await signIn(context, { email });
  await page.goto(url(path));
  await hydrated(page);
  return { context, page };
}

const myBatches = (page) => page.locator("section", { has: page.getByRole("heading", { name: "My batches" }) });
const accessTokenOf = async (page) => (await storedUser(page)).access_token;

/** The overlay's <video> once it has loaded enough to play. */
async function loadedVideo(page) {
  const video = page.getByRole("dialog").locator("video");
  await video.waitFor();
  await untilMedia(video, "the lecture loads", (v) => v.readyState >= 2);
  return video;
}

describe("my batches and lecture progress", () => {
  it("link on /lms, watch part, resume on another device, finish: watched marks and the batch's progress", async () => {
    const email = `progress-${Date.now()}@example.com`;
    const secret = await grantSecretId(mern08.id);
    const first = await device(email, "/lms");
    const mine = myBatches(first.page);
    await mine.getByText("Link a Secret ID to see your batches here").waitFor();

    // A wrong Secret ID is refused in plain words; the right one links the batch.
    await mine.getByLabel("Batch", { exact: true }).selectOption({ label: mern08.name });
    await mine.getByLabel("Secret ID", { exact: true }).fill("not-the-secret");
    await mine.getByRole("button", { name: "Link batch" }).click();
    await mine.getByRole("alert").filter({ hasText: "This Secret ID is not valid for this batch." }).waitFor();
    await mine.getByLabel("Secret ID", { exact: true }).fill(secret);
    await mine.getByRole("button", { name: "Link batch" }).click();
    await mine.getByRole("status").filter({ hasText: "Batch linked." }).waitFor();
    const card = mine.getByRole("listitem").filter({ has: first.page.getByRole("heading", { name: mern08.name }) });
    await card.getByText(`0 of ${mern08.lectures} lectures watched`).waitFor();
    const checked = await axe(first.page).include("#lms-mine").analyze();
    assert.deepEqual(checked.violations.map((v) => v.id), [], "My batches passes axe");

    // Continue opens lecture 1 (the sample clip, 4 s) at once; it is paused past the first second.
    await card.getByRole("link", { name: "Continue: Lecture 1" }).click();
    await first.page.waitForURL((u) => u.pathname === `/recorded-lectures/${mern08.id}`);
    let video = await loadedVideo(first.page);
    await first.page.waitForFunction(() => document.querySelector("[role=dialog] video").currentTime >= 1.2);
    const saved = first.page.waitForResponse((r) => r.request().method() === "PUT" && r.url().includes(`/api/me/progress/${mern08.id}/1`));
    await video.evaluate((v) => v.pause());
    const stored = await (await saved).json();
    assert.equal(stored.completed, false);
    assert.ok(stored.positionSeconds >= 1 && stored.positionSeconds < 4, `saved at ${stored.positionSeconds}`);
    await first.page.keyboard.press("Escape");
    const table = first.page.getByRole("table");
    await table.getByRole("row", { name: /How the web works/ }).getByText(`Stopped at 0:0${stored.positionSeconds}`).waitFor();

    // Another device of the same student: the same marks, and the lecture resumes at the saved second.
    const second = await device(email, `/recorded-lectures/${mern08.id}`, viewports.mobile);
    const otherTable = second.page.getByRole("table");
    await otherTable.getByText(`Stopped at 0:0${stored.positionSeconds}`).waitFor();
    assert.equal(await second.page.getByRole("heading", { name: "Access Restricted" }).count(), 0, "no Secret ID asked for");
    await otherTable.getByRole("button", { name: /^Watch lecture 1:/ }).click();
    video = await loadedVideo(second.page);
    const resumedAt = await video.evaluate((v) => v.currentTime);
    assert.ok(resumedAt >= stored.positionSeconds && resumedAt < stored.positionSeconds + 2.5, `resumed at ${resumedAt}`);

    // Played to the end: watched, and the batch's progress says so here and on /lms.
    const done = second.page.waitForResponse((r) => r.request().method() === "PUT" && r.url().includes(`/api/me/progress/${mern08.id}/1`));
    await untilMedia(video, "the lecture plays to its end", (v) => v.ended);
    assert.equal((await (await done).json()).completed, true);
    await second.page.keyboard.press("Escape");
    await otherTable.getByRole("row", { name: /How the web works/ }).getByText("Watched").waitFor();
    await second.page.getByRole("progressbar", { name: "Batch completion" }).and(second.page.locator(`[aria-valuenow="1"]`)).waitFor();
    await second.page.getByText(`1 of ${mern08.lectures} lectures watched`).waitFor();
    await first.page.goto(url("/lms"));
    await hydrated(first.page);
    await card.getByText(`1 of ${mern08.lectures} lectures watched`).waitFor();
    await card.getByRole("link", { name: "Continue: Lecture 2" }).click();

    // Lecture 2 is a YouTube embed, which tells the site nothing: the open page reports itself to the server, which
    // counts it watched after ten minutes on it; a moment on the page is not that, and no button claims it.
    await first.page.waitForURL((u) => u.pathname === `/recorded-lectures/${mern08.id}`);
    const overlay = first.page.getByRole("dialog");
    const opened = first.page.waitForResponse((r) => r.request().method() === "PUT" && r.url().includes(`/api/me/progress/${mern08.id}/2`));
    await overlay.locator("iframe").waitFor();
    assert.equal((await (await opened).json()).completed, false);
    await overlay.getByText("Counts as watched after 10 minutes on this page.").waitFor();
    assert.equal(await overlay.getByRole("button", { name: "Mark as watched" }).count(), 0);
    await first.page.keyboard.press("Escape");
    await first.page.getByText(`1 of ${mern08.lectures} lectures watched`).waitFor();

    // The API: no token, 401; another student's token, none of this one's progress.
    const path = `/api/me/progress/${mern08.id}`;
    assert.equal((await fetch(url(path))).status, 401);
    const stranger = await device(`stranger-${Date.now()}@example.com`, "/");
    const theirs = await fetch(url(path), { headers: { Authorization: `Bearer ${await accessTokenOf(stranger.page)}` } });
    assert.equal(theirs.status, 200);
    assert.deepEqual((await theirs.json()).lectures, []);
    const own = await fetch(url(path), { headers: { Authorization: `Bearer ${await accessTokenOf(first.page)}` } });
    const lectures = (await own.json()).lectures;
    assert.deepEqual(lectures.map((l) => [l.lectureNumber, l.completed]), [[1, true], [2, false]]);
    for (const d of [first, second, stranger]) await d.context.close();
  });

  it("an expired session is renewed with the refresh token; one that cannot be renewed signs out cleanly", async () => {
    const { context, page } = await device(`renew-${Date.now()}@example.com`, "/");
    const before = await accessTokenOf(page);
    // The access token has run out (its expiry moved into the past); the refresh token is still good.
    await storedUser(page, { expires_at: Math.floor(Date.now() / 1000) - 60 });
    const renewed = page.waitForResponse((r) => r.url().startsWith(`${oidcIssuer}/token`));
    await page.goto(url("/lms"));
    assert.equal((await renewed).status(), 200);
    await myBatches(page).getByText("Link a Secret ID to see your batches here").waitFor();
    assert.notEqual(await accessTokenOf(page), before, "a new access token was stored");
    assert.ok((await storedUser(page)).expires_at > Date.now() / 1000);

    // Expired again, and the provider no longer honours the refresh token: the session is forgotten and the gate
    // sends the student to sign-in (the provider, whose own session is still open, signs them straight back in).
    await storedUser(page, { expires_at: 1, refresh_token: "revoked-refresh-token" });
    const refused = page.waitForResponse((r) => r.url().startsWith(`${oidcIssuer}/token`));
    await page.goto(url("/lms"));
    assert.equal((await refused).status(), 400);
    await page.waitForURL((u) => u.pathname === "/sign-in" && u.searchParams.get("returnTo") === "/lms");
    await page.waitForURL(url("/lms"));
    await myBatches(page).getByText("Link a Secret ID to see your batches here").waitFor();
    assert.notEqual((await storedUser(page)).refresh_token, "revoked-refresh-token", "a new session, from a new sign-in");
    await context.close();
  });

  it("a signed-out visitor keeps the Secret ID flow, without progress", async () => {
    const secret = await grantSecretId(mern08.id);
    const context = await browser.newContext({ viewport: viewports.desktop });
    const page = await context.newPage();
    await page.goto(url(`/recorded-lectures/${mern08.id}`));
    await hydrated(page);
    await page.getByLabel("Secret ID").fill(secret);
    await page.getByRole("button", { name: "Submit" }).click();
    await page.getByRole("table").waitFor();
    const headers = await page.getByRole("table").getByRole("columnheader").allInnerTexts();
    assert.deepEqual(headers.map((h) => h.trim()), ["Batch", "Lecture No.", "Title", "Action"]);
    assert.equal(await page.getByRole("progressbar").count(), 0);
    await context.close();
  });
});

// A shared computer, through the real OpenID Connect flow (infra/oidc): a Secret ID kept in the browser opens only
// its own batch and belongs only to whoever typed it (docs/product.md#secret-ids-in-the-browser); signing out from
// /lms ends the session every time; closing the player takes `?lecture=` out of the address.
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { baseUrl, courseIds, grantSecretId, hydrated, launchForSignIn, oidcIssuer, signIn, url, viewports } from "./support.mjs";

const mern07 = { id: "665f1c2a9b3e4d0012a1c001", name: "MERN-07 Evening Batch" };
const mern08 = { id: "665f1c2a9b3e4d0012a1c002", name: "MERN-08 Weekend Batch" };
// Two batches of one course that no other browser test guesses on, so their limits start fresh.
const aiml02 = { id: "665f1c2a9b3e4d0012a1c007", name: "AIML-02 Evening Batch" };
const aiml03 = { id: "665f1c2a9b3e4d0012a1c008", name: "AIML-03 Weekend Batch" };
const aimlCourse = courseIds[2];

let browser;
before(async () => {
  browser = await launchForSignIn();
});
after(() => browser?.close());

const accountButton = (page) => page.getByRole("button", { name: /^Account:/ }).first();

async function open(context, path) {
  const page = await context.newPage();
  await page.goto(url(path));
  await hydrated(page);
  return page;
}

/** Every API call the context makes that could carry a Secret ID: the lecture lists and the link call. */
function watchSecretIdCalls(context) {
  const calls = [];
  context.on("request", (request) => {
    const { pathname } = new URL(request.url());
    const list = pathname.match(/^\/api\/batches\/(\w+)\/videos$/);
    if (list) calls.push({ kind: "list", batchId: list[1], secretId: request.headers()["x-secret-id"] ?? null });
    if (pathname === "/api/me/batches" && request.method() === "POST") {
      const body = request.postDataJSON();
      calls.push({ kind: "link", batchId: body.batchId, secretId: body.secretId });
    }
  });
  return calls;
}

/** The recorded lectures page once it settled: the lecture table, or the 'Access Restricted' card. */
async function settled(page) {
  const table = page.getByRole("table");
  const locked = page.getByRole("heading", { name: "Access Restricted" });
  await table.or(locked).waitFor();
  return { opened: (await table.count()) > 0, locked: (await locked.count()) > 0 };
}

async function typeSecretId(page, secret) {
  await page.getByLabel("Secret ID").fill(secret);
  await page.getByRole("button", { name: "Submit" }).click();
}

async function signOut(page) {
  await accountButton(page).click();
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL(`${baseUrl}/`);
  await hydrated(page);
}

/** Whatever the site keeps about Secret IDs in localStorage (its keys start with "videoSecretId"). */
const secretIdKeys = (page) => page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("videoSecretId")));

const refusalTexts = /Too many attempts|not valid for this batch|no longer valid|Unauthorized/;

describe("Secret IDs on a shared computer", () => {
  it("an ID typed signed out on MERN-07 is dropped at sign-in: the next account gets nothing linked", async () => {
    const secret = await grantSecretId(mern07.id);
    const context = await browser.newContext({ viewport: viewports.desktop });
    const calls = watchSecretIdCalls(context);
    const visitor = await open(context, `/recorded-lectures/${mern07.id}`);
    await typeSecretId(visitor, secret);
    await visitor.getByRole("table").waitFor();
    assert.notDeepEqual(await secretIdKeys(visitor), [], "kept for the visitor's next visit");
    await visitor.close();

    // Someone else signs in on this browser and opens the same page: it asks them for their own Secret ID.
    const page = await signIn(context, { email: `next-${Date.now()}@example.com` });
    await page.goto(url(`/recorded-lectures/${mern07.id}`));
    await hydrated(page);
    assert.deepEqual(await settled(page), { opened: false, locked: true });
    assert.equal(await page.getByLabel("Secret ID").inputValue(), "", "nothing pre-filled");
    assert.deepEqual(calls.filter((c) => c.kind === "link"), [], "no link call");
    assert.equal(calls.filter((c) => c.secretId === secret).length, 1, "the ID was sent once: when the visitor typed it");
    assert.deepEqual(await secretIdKeys(page), [], "signing in forgot the IDs typed before");

    await page.goto(url("/lms"));
    await hydrated(page);
    await page.getByText("Link a Secret ID to see your batches here").waitFor();
    await context.close();
  });

  it("sign-out forgets the IDs a student used signed in: the next account gets nothing linked", async () => {
    const secret = await grantSecretId(mern07.id);
    const context = await browser.newContext({ viewport: viewports.desktop });
    const calls = watchSecretIdCalls(context);
    const student = await signIn(context, { email: `owner-${Date.now()}@example.com` });
    // 'Play Latest Lecture' with a typed Secret ID plays the batch (and keeps the ID for it, for this student).
    await student.goto(url(`/batches/${courseIds[0]}`));
    await hydrated(student);
    const card = student.getByRole("listitem").filter({ has: student.getByRole("heading", { name: mern07.name }) });
    await card.getByRole("button", { name: "Play Latest Lecture" }).click();
    await typeSecretId(card, secret);
    await student.getByRole("dialog").waitFor();
    await student.keyboard.press("Escape");
    await student.getByRole("dialog").waitFor({ state: "detached" });
    await signOut(student);
    const keptAfterSignOut = await secretIdKeys(student);
    await student.close();

    const next = await signIn(context, { email: `after-${Date.now()}@example.com` });
    await next.goto(url(`/recorded-lectures/${mern07.id}`));
    await hydrated(next);
    assert.deepEqual(await settled(next), { opened: false, locked: true });
    assert.deepEqual(calls.filter((c) => c.kind === "link"), [], "no link call");
    assert.deepEqual(keptAfterSignOut, [], "sign-out forgot every Secret ID");
    await context.close();
  });

  for (const signedIn of [false, true]) {
    it(`an ID kept for one batch is never sent to another (${signedIn ? "signed in" : "signed out"})`, async () => {
      const secret = await grantSecretId(aiml02.id);
      const context = await browser.newContext({ viewport: viewports.desktop });
      const calls = watchSecretIdCalls(context);
      if (signedIn) await (await signIn(context, { email: `two-batches-${Date.now()}@example.com` })).close();
      // The Secret ID, typed for AIML-02 at its 'Play Latest Lecture': it plays, and is kept for AIML-02.
      const page = await open(context, `/batches/${aimlCourse}`);
      const card = (name) => page.getByRole("listitem").filter({ has: page.getByRole("heading", { name }) });
      await card(aiml02.name).getByRole("button", { name: "Play Latest Lecture" }).click();
      await typeSecretId(card(aiml02.name), secret);
      await page.getByRole("dialog").waitFor();
      await page.keyboard.press("Escape");
      await page.getByRole("dialog").waitFor({ state: "detached" });

      // The other batch's page, again and again: it asks for its own Secret ID, empty, with no refusal.
      for (let visit = 1; visit <= 6; visit++) {
        await page.goto(url(`/recorded-lectures/${aiml03.id}`));
        await hydrated(page);
        assert.deepEqual(await settled(page), { opened: false, locked: true }, `visit ${visit}`);
        assert.equal(await page.getByLabel("Secret ID").inputValue(), "", `visit ${visit}: nothing pre-filled`);
        assert.equal(await page.getByRole("alert").count(), 0, `visit ${visit}: ${await page.locator("main").innerText()}`);
      }

      // The batches page: 'Play Latest Lecture' on the other batch prompts; on the ID's own batch it plays at once.
      await page.goto(url(`/batches/${aimlCourse}`));
      await hydrated(page);
      for (let click = 1; click <= 3; click++) {
        await card(aiml03.name).getByRole("button", { name: "Play Latest Lecture" }).click();
        await card(aiml03.name).getByLabel("Secret ID").waitFor();
        assert.equal(await card(aiml03.name).getByLabel("Secret ID").inputValue(), "");
        assert.equal(await card(aiml03.name).getByRole("alert").count(), 0, `click ${click}`);
      }
      await card(aiml02.name).getByRole("button", { name: "Play Latest Lecture" }).click();
      await page.getByRole("dialog").waitFor();
      await page.getByRole("button", { name: "Close video" }).click();
      await page.getByRole("dialog").waitFor({ state: "detached" });

      assert.doesNotMatch(await page.locator("main").innerText(), refusalTexts);
      const toOther = calls.filter((c) => c.batchId === aiml03.id && (c.secretId !== null || c.kind === "link"));
      assert.deepEqual(toOther, [], "no Secret ID and no link call for the other batch");
      const sent = calls.filter((c) => c.secretId === secret);
      assert.ok(sent.length >= 1 && sent.every((c) => c.batchId === aiml02.id), JSON.stringify(sent));
      await context.close();
    });
  }
});

describe("sign-out", () => {
  it("from /lms ends the session every time (five rounds, reload included)", async () => {
    const context = await browser.newContext({ viewport: viewports.desktop });
    const page = await context.newPage();
    await page.goto(url("/lms"));
    for (let round = 1; round <= 5; round++) {
      // /lms sends to the provider, which asks for an e-mail: nobody is signed in there either.
      await page.waitForURL((u) => u.href.startsWith(oidcIssuer));
      await page.getByLabel("E-mail").fill(`leaver-${round}@example.com`);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.waitForURL(url("/lms"));
      await page.getByRole("heading", { level: 1, name: "Your Learning Portal" }).waitFor();

      // Signing out goes to the provider's end-session and lands on "/", never through /sign-in (which, while the
      // provider's session is still alive, signs the student straight back in).
      const toSignIn = new Promise((resolve) => {
        const onNavigation = (frame) => {
          if (frame !== page.mainFrame() || !new URL(frame.url()).pathname.startsWith("/sign-in")) return;
          page.off("framenavigated", onNavigation);
          resolve(`went to ${frame.url()}`);
        };
        page.on("framenavigated", onNavigation);
      });
      const home = page.waitForURL(`${baseUrl}/`).then(() => "home", (e) => `never home: ${e.message}`);
      await accountButton(page).click();
      await page.getByRole("button", { name: "Sign out" }).click();
      assert.equal(await Promise.race([home, toSignIn]), "home", `round ${round}`);
      await hydrated(page);
      await assertSignedOut(page, `round ${round}`);
      await page.reload();
      await hydrated(page);
      await assertSignedOut(page, `round ${round}, reloaded`);
      await page.goto(url("/lms"));
    }
    await context.close();
  });
});

async function assertSignedOut(page, label) {
  const stored = await page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("oidc.user:")));
  assert.deepEqual(stored, [], `${label}: no stored session`);
  await page.getByRole("link", { name: "Sign In" }).first().waitFor();
  assert.equal(await page.getByRole("button", { name: /^Account:/ }).count(), 0, `${label}: no user menu`);
}

describe("the player's address", () => {
  it("closing the player drops ?lecture= (replacing the entry), so a reload shows the list, not the lecture", async () => {
    const secret = await grantSecretId(mern08.id);
    const context = await browser.newContext({ viewport: viewports.desktop });
    const page = await open(context, `/recorded-lectures/${mern08.id}`);
    await typeSecretId(page, secret);
    await page.getByRole("table").waitFor();

    await page.goto(url(`/recorded-lectures/${mern08.id}?lecture=1`));
    await hydrated(page);
    const overlay = page.getByRole("dialog");
    await overlay.waitFor();
    const entries = await page.evaluate(() => history.length);
    await overlay.getByRole("button", { name: "Close video" }).click();
    await overlay.waitFor({ state: "detached" });
    await page.waitForURL((u) => !u.searchParams.has("lecture"));
    assert.equal(new URL(page.url()).pathname, `/recorded-lectures/${mern08.id}`);
    assert.equal(await page.evaluate(() => history.length), entries, "the entry is replaced, not added");
    assert.ok(await page.getByRole("table").isVisible(), "the list stays");

    await page.reload();
    await hydrated(page);
    await page.getByRole("table").waitFor();
    assert.equal(await page.getByRole("dialog").count(), 0, "the reload does not reopen the lecture");

    // Watch and Escape close the same way, without touching the address.
    await page.getByRole("button", { name: /^Watch lecture 1:/ }).click();
    await overlay.waitFor();
    await page.keyboard.press("Escape");
    await overlay.waitFor({ state: "detached" });
    assert.equal(page.url(), url(`/recorded-lectures/${mern08.id}`));
    await context.close();
  });
});

// The local OpenID provider (server.mjs) started for real on a free port, signed in through as the site's browser
// does (token.mjs): what its tokens say about the account (the e-mail, verified; the staff group for the e-mails of
// ACADEMY_STAFF_EMAILS, as Cognito's `cognito:groups`), and its userinfo endpoint, which the API asks for the e-mail.
// Run by `make test-oidc` (part of `make test`).
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { createServer } from "node:net";
import { after, before, describe, it } from "node:test";
import { fileURLToPath } from "node:url";
import { signIn } from "./token.mjs";

/** Listed in another letter case and with spaces: the provider compares e-mails in lowercase, trimmed. */
const STAFF_EMAILS = " Staff@Example.com ,boss@example.com";

const freePort = () =>
  new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address();
      probe.close(() => resolve(port));
    });
  });

/** A JWT's header and claims, unverified (the test only reads what the provider put there). */
const decode = (jwt) => {
  const [header, claims] = jwt.split(".").slice(0, 2).map((part) => JSON.parse(Buffer.from(part, "base64url").toString("utf8")));
  return { header, claims };
};

let issuer;
let server;

before(async () => {
  const port = await freePort();
  issuer = `http://127.0.0.1:${port}`;
  // The provider's own defaults otherwise (its issuer from the port, a key made at start).
  const { OIDC_ISSUER, OIDC_SIGNING_KEY, OIDC_SIGNING_KID, OIDC_CLIENT_ID, ...env } = process.env;
  server = spawn(process.execPath, [fileURLToPath(new URL("server.mjs", import.meta.url))], {
    env: { ...env, OIDC_PORT: String(port), ACADEMY_STAFF_EMAILS: STAFF_EMAILS },
    stdio: "ignore",
  });
  for (let tries = 0; ; tries++) {
    try {
      if ((await fetch(`${issuer}/.well-known/openid-configuration`)).ok) break;
    } catch {
      if (tries > 100) throw new Error("the provider did not start");
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
});

after(() => server?.kill("SIGTERM"));

const userinfoEndpoint = async () => (await (await fetch(`${issuer}/.well-known/openid-configuration`)).json()).userinfo_endpoint;

describe("access tokens", () => {
  it("carry the staff group for an e-mail of ACADEMY_STAFF_EMAILS, whatever its letter case", async () => {
    const tokens = await signIn(issuer, "STAFF@example.com");
    const { header, claims } = decode(tokens.access_token);
    assert.equal(header.typ, "at+jwt");
    assert.deepEqual(claims["cognito:groups"], ["staff"]);
    assert.equal(claims.email, "staff@example.com");
    assert.equal(claims.email_verified, true);
    // Cognito puts the groups in the ID token too: the site reads them there.
    assert.deepEqual(decode(tokens.id_token).claims["cognito:groups"], ["staff"]);
  });

  it("carry no groups claim for anyone else, and the verified e-mail for everyone", async () => {
    const tokens = await signIn(issuer, "Student@Example.com");
    const { claims } = decode(tokens.access_token);
    assert.equal("cognito:groups" in claims, false);
    assert.equal("cognito:groups" in decode(tokens.id_token).claims, false);
    assert.equal(claims.email, "student@example.com");
    assert.equal(claims.email_verified, true);
    assert.equal(claims.sub, "student@example.com");
  });

  it("keep the staff group and the e-mail when renewed with the refresh token", async () => {
    const { refresh_token } = await signIn(issuer, "boss@example.com");
    const renewed = await fetch(`${issuer}/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ grant_type: "refresh_token", refresh_token, client_id: "academy-local" }),
    });
    assert.equal(renewed.status, 200);
    const { claims } = decode((await renewed.json()).access_token);
    assert.deepEqual(claims["cognito:groups"], ["staff"]);
    assert.equal(claims.email, "boss@example.com");
  });
});

describe("the userinfo endpoint", () => {
  it("is in the discovery document and answers sub, email and email_verified for an access token", async () => {
    const endpoint = await userinfoEndpoint();
    assert.equal(endpoint, `${issuer}/userinfo`);
    const { access_token } = await signIn(issuer, "learner@example.com");
    const answer = await fetch(endpoint, { headers: { authorization: `Bearer ${access_token}` } });
    assert.equal(answer.status, 200);
    assert.equal(answer.headers.get("cache-control"), "no-store");
    assert.deepEqual(await answer.json(), { sub: "learner@example.com", email: "learner@example.com", email_verified: true });
  });

  it("refuses no token, a token with a changed claim, an ID token and a token of another issuer's shape with 401", async () => {
    const endpoint = await userinfoEndpoint();
    const { access_token, id_token } = await signIn(issuer, "learner@example.com");
    const [header, , signature] = access_token.split(".");
    const claims = { ...decode(access_token).claims, sub: "someone-else@example.com" };
    const changed = `${header}.${Buffer.from(JSON.stringify(claims)).toString("base64url")}.${signature}`;
    const refused = [undefined, "Bearer ", `Bearer ${changed}`, `Bearer ${id_token}`, "Bearer not.a.token", `Basic ${access_token}`];
    for (const authorization of refused) {
      const answer = await fetch(endpoint, { headers: authorization === undefined ? {} : { authorization } });
      assert.equal(answer.status, 401, String(authorization).slice(0, 40));
      assert.match(answer.headers.get("www-authenticate") ?? "", /error="invalid_token"/);
      assert.equal((await answer.json()).error, "invalid_token");
    }
  });
});

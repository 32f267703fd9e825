// LOCAL ONLY OpenID provider for `make dev` and the browser tests: never deploy it (production uses Cognito).
// oidc-provider with its own sign-in and sign-up pages that accept any e-mail, one public client (code + PKCE)
// whose redirect URIs may be on localhost or 127.0.0.1 at any port, and `prompt=create` for sign-up.
//
// Like Cognito, it issues refresh tokens (the site renews its session with them) and JWT access tokens
// (RS256, with `client_id`) that the API verifies against this provider's JWKS. oidc-provider types its JWT
// access tokens `at+jwt` in the header (RFC 9068) and its ID tokens `JWT`: the API accepts only the former.
//
// Every e-mail is verified here: each access token carries `email` and `email_verified: true`, and the
// userinfo endpoint (`/userinfo`, in the discovery document) answers `{sub, email, email_verified}` for an
// access token, as Cognito's does (Cognito's access tokens carry no e-mail: the API asks there). The e-mails in
// ACADEMY_STAFF_EMAILS are staff: their access and ID tokens carry `cognito:groups: ["staff"]`, the claim
// Cognito gives the members of the user pool's `staff` group.
//
// Env: OIDC_PORT (default 9400), OIDC_ISSUER (default http://127.0.0.1:$OIDC_PORT),
//      OIDC_CLIENT_ID (default academy-local), OIDC_ACCESS_TOKEN_TTL (seconds, default 3600),
//      OIDC_SIGNING_KEY (an RSA private key PEM file; default: a key made at start, so none is ever committed),
//      OIDC_SIGNING_KID (default local-1), ACADEMY_STAFF_EMAILS (comma-separated, any letter case; default none).
//      Stops cleanly on SIGTERM / SIGINT.
import { createPrivateKey, createPublicKey, generateKeyPairSync, verify } from "node:crypto";
import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import { URL } from "node:url";
import Provider, { interactionPolicy } from "oidc-provider";

const port = Number(process.env.OIDC_PORT ?? 9400);
const issuer = (process.env.OIDC_ISSUER ?? `http://127.0.0.1:${port}`).replace(/\/$/, "");
const clientId = process.env.OIDC_CLIENT_ID ?? "academy-local";
const accessTokenTtl = Number(process.env.OIDC_ACCESS_TOKEN_TTL ?? 3600);
/** The API the access tokens are for (their `aud`); the API checks `client_id`, as with Cognito. */
const apiResource = "urn:academy:api";
/** Cognito's claim naming the user pool groups an account is in, and the group of staff (http/identity.rs). */
const groupsClaim = "cognito:groups";
const staffGroup = "staff";
const staffEmails = new Set(
  (process.env.ACADEMY_STAFF_EMAILS ?? "")
    .split(",")
    .map((email) => email.trim().toLowerCase())
    .filter(Boolean),
);

const signingPem = process.env.OIDC_SIGNING_KEY
  ? readFileSync(process.env.OIDC_SIGNING_KEY, "utf8")
  : generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs8", format: "pem" });
const signingKid = process.env.OIDC_SIGNING_KID ?? "local-1";
/** The key the userinfo endpoint checks access tokens with: the public half of the signing key. */
const verifyingKey = createPublicKey(createPrivateKey(signingPem));

function signingKey() {
  const jwk = createPrivateKey(signingPem).export({ format: "jwk" });
  return { ...jwk, kid: signingKid, alg: "RS256", use: "sig" };
}

/** Accounts live in memory: any e-mail signs in; sign-up also records a name. */
const accounts = new Map();
const account = (email, name) => {
  const key = email.trim().toLowerCase();
  const existing = accounts.get(key);
  const record = { email: key, name: name?.trim() || existing?.name || key.split("@")[0] };
  accounts.set(key, record);
  return record;
};

/** The groups claim of an account: staff, or nothing (as Cognito leaves the claim out without a group). */
const groupsOf = (email) => (staffEmails.has(email) ? { [groupsClaim]: [staffGroup] } : {});

/** Redirects back to the site are allowed on loopback hosts at any port (the tests pick free ports). */
const isLoopbackUrl = (value) => {
  try {
    const u = new URL(value);
    return u.protocol === "http:" && (u.hostname === "localhost" || u.hostname === "127.0.0.1");
  } catch {
    return false;
  }
};

// Sign-up: a requestable `create` prompt, checked before login (OpenID Connect "prompt=create").
const policy = interactionPolicy.base();
policy.add(new interactionPolicy.Prompt({ name: "create", requestable: true }), 0);

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: clientId,
      client_name: "Skyline Tech Academy (local)",
      token_endpoint_auth_method: "none",
      application_type: "web",
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      redirect_uris: ["http://127.0.0.1/sign-in"],
      post_logout_redirect_uris: ["http://127.0.0.1/"],
    },
  ],
  pkce: { required: () => true },
  jwks: { keys: [signingKey()] },
  // Refresh tokens for the one (public) client, without asking for offline_access: as Cognito does.
  issueRefreshToken: async (_ctx, client) => client.grantTypeAllowed("refresh_token"),
  // Like Cognito, put the profile and e-mail claims in the ID token (the site reads them from there).
  conformIdTokenClaims: false,
  // The site calls the token endpoint from the browser: allow loopback origins.
  clientBasedCORS: (_ctx, origin) => isLoopbackUrl(origin),
  scopes: ["openid", "profile", "email"],
  // The groups in the ID token too, as Cognito puts them there (the site shows staff their link).
  claims: { openid: ["sub", groupsClaim], email: ["email", "email_verified"], profile: ["name"] },
  // The e-mail (verified: the local provider verifies every e-mail) and the groups in every access token.
  extraTokenClaims: (_ctx, token) => {
    if (!token.accountId) return undefined;
    const { email } = accounts.get(token.accountId) ?? account(token.accountId);
    return { email, email_verified: true, ...groupsOf(email) };
  },
  // Ours instead (`/userinfo`, below): oidc-provider's refuses access tokens issued for an API (`aud`).
  discovery: { userinfo_endpoint: `${issuer}/userinfo` },
  features: {
    devInteractions: { enabled: false },
    userinfo: { enabled: false },
    rpInitiatedLogout: { enabled: true, logoutSource },
    // Access tokens are JWTs for the API, whatever the client asked for.
    resourceIndicators: {
      enabled: true,
      defaultResource: () => apiResource,
      useGrantedResource: () => true,
      getResourceServerInfo: () => ({
        scope: "api",
        audience: apiResource,
        accessTokenFormat: "jwt",
        accessTokenTTL: accessTokenTtl,
        jwt: { sign: { alg: "RS256" } },
      }),
    },
  },
  interactions: { policy, url: (_ctx, interaction) => `/interaction/${interaction.uid}` },
  // A first-party client: consent is implied for the scopes it asks for.
  loadExistingGrant: async (ctx) => {
    const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client.clientId, accountId: ctx.oidc.session.accountId });
    grant.addOIDCScope("openid profile email");
    grant.addResourceScope(apiResource, "api");
    await grant.save();
    return grant;
  },
  findAccount: (_ctx, id) => {
    const record = accounts.get(id) ?? account(id);
    return {
      accountId: record.email,
      claims: () => ({ sub: record.email, email: record.email, email_verified: true, name: record.name, ...groupsOf(record.email) }),
    };
  },
  cookies: { keys: ["local-only-not-a-secret"] },
  ttl: { AccessToken: accessTokenTtl, IdToken: 3600, Session: 86400, Interaction: 3600, Grant: 86400, RefreshToken: 14 * 86400 },
  renderError: (ctx, out) => {
    ctx.type = "html";
    ctx.body = page("Sign-in error", `<p>${escape(out.error)}: ${escape(out.error_description ?? "")}</p>`);
  },
});
provider.proxy = false;

// Any loopback redirect is fine for the one local client.
provider.Client.prototype.redirectUriAllowed = isLoopbackUrl;
provider.Client.prototype.postLogoutRedirectUriAllowed = isLoopbackUrl;

function escape(s) {
  return String(s).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function page(title, body) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(title)} · LOCAL ONLY identity provider</title>
<style>body{font:16px/1.5 system-ui,sans-serif;margin:0;background:#f8fafc;color:#0f172a}
.banner{background:#b91c1c;color:#fff;font-weight:700;text-align:center;padding:.75rem;letter-spacing:.04em}
main{max-width:26rem;margin:3rem auto;background:#fff;border:1px solid #e2e8f0;border-radius:1rem;padding:2rem}
label{display:block;font-weight:600;margin-top:1rem}input{width:100%;box-sizing:border-box;padding:.6rem;border:1px solid #64748b;border-radius:.5rem;font:inherit}
button{margin-top:1.5rem;width:100%;padding:.7rem;border:0;border-radius:.5rem;background:#1d4ed8;color:#fff;font:inherit;font-weight:700;cursor:pointer}
p.note{color:#475569;font-size:.9rem}</style></head>
<body><div class="banner" role="note">LOCAL ONLY — development identity provider. Any e-mail signs in; nothing is checked.</div>
<main><h1>${escape(title)}</h1>${body}</main></body></html>`;
}

async function logoutSource(ctx, form) {
  // Sign-out from the site needs no confirmation locally: the form posts itself.
  ctx.body = page(
    "Signing out",
    `${form.replace("</form>", '<input type="hidden" name="logout" value="yes"/><button type="submit">Sign out</button></form>')}
<script>document.forms[0].submit()</script>`,
  );
}

async function readForm(req) {
  let raw = "";
  for await (const chunk of req) raw += chunk;
  return new URLSearchParams(raw);
}

async function interaction(req, res, uid, method) {
  const details = await provider.interactionDetails(req, res);
  if (details.uid !== uid) throw new Error("interaction mismatch");
  const signUp = details.prompt.name === "create";
  if (method === "POST") {
    const form = await readForm(req);
    const email = form.get("email") ?? "";
    if (!/^[^\s@]+@[^\s@]+$/.test(email)) {
      res.writeHead(400, { "content-type": "text/html; charset=utf-8" });
      res.end(page(signUp ? "Create your account" : "Sign in", `<p role="alert">Enter an e-mail address.</p><p><a href="/interaction/${uid}">Back</a></p>`));
      return;
    }
    const record = account(email, form.get("name"));
    const result = { login: { accountId: record.email } };
    if (signUp) result.create = {};
    await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
    return;
  }
  const nameField = signUp ? '<label for="name">Full name</label><input id="name" name="name" autocomplete="name">' : "";
  res.writeHead(200, { "content-type": "text/html; charset=utf-8", "cache-control": "no-store" });
  res.end(
    page(
      signUp ? "Create your account" : "Sign in",
      `<form method="post" action="/interaction/${uid}">
${nameField}<label for="email">E-mail</label><input id="email" name="email" type="email" autocomplete="email" required autofocus>
<button type="submit">${signUp ? "Create account" : "Sign in"}</button></form>
<p class="note">Client: ${escape(details.params.client_id)}. This provider is for local development and tests only.</p>`,
    ),
  );
}

/** The claims of an access token this provider issued and that is still valid, else null: RS256 under the signing
 * key's id, typed `at+jwt`, a good signature, this issuer, this client, not expired. */
function accessTokenClaims(token) {
  const parts = token.split(".");
  if (parts.length !== 3) return null;
  try {
    const header = JSON.parse(Buffer.from(parts[0], "base64url").toString("utf8"));
    const claims = JSON.parse(Buffer.from(parts[1], "base64url").toString("utf8"));
    if (header.alg !== "RS256" || header.kid !== signingKid || header.typ !== "at+jwt") return null;
    const signed = verify("RSA-SHA256", Buffer.from(`${parts[0]}.${parts[1]}`), verifyingKey, Buffer.from(parts[2], "base64url"));
    const live = typeof claims.exp === "number" && claims.exp > Date.now() / 1000;
    const ours = claims.iss === issuer && claims.client_id === clientId && typeof claims.sub === "string";
    return signed && live && ours ? claims : null;
  } catch {
    return null;
  }
}

/** GET /userinfo with `Authorization: Bearer <access token>`: who the token's account is, as Cognito's
 * userInfo endpoint answers (the API asks it for the e-mail when a token carries none). */
function userinfo(req, res) {
  if (req.method !== "GET" && req.method !== "POST") {
    res.writeHead(405, { allow: "GET, POST", "content-type": "application/json" });
    res.end(JSON.stringify({ error: "invalid_request" }));
    return;
  }
  const [scheme, token] = (req.headers.authorization ?? "").split(" ");
  const claims = scheme?.toLowerCase() === "bearer" && token ? accessTokenClaims(token) : null;
  if (!claims) {
    res.writeHead(401, {
      "content-type": "application/json",
      "cache-control": "no-store",
      "www-authenticate": 'Bearer realm="academy-local", error="invalid_token"',
    });
    res.end(JSON.stringify({ error: "invalid_token", error_description: "a valid access token of this provider is required" }));
    return;
  }
  const { email } = accounts.get(claims.sub) ?? account(claims.sub);
  res.writeHead(200, { "content-type": "application/json", "cache-control": "no-store" });
  res.end(JSON.stringify({ sub: claims.sub, email, email_verified: true }));
}

const callback = provider.callback();
const server = createServer(async (req, res) => {
  const url = new URL(req.url ?? "/", issuer);
  if (url.pathname === "/userinfo") return userinfo(req, res);
  const match = url.pathname.match(/^\/interaction\/([\w-]+)$/);
  if (!match) return callback(req, res);
  try {
    await interaction(req, res, match[1], req.method);
  } catch (err) {
    res.writeHead(400, { "content-type": "text/html; charset=utf-8" });
    res.end(page("Sign-in expired", `<p>${escape(err.message)}. Go back to the site and sign in again.</p>`));
  }
});

server.listen(port, "127.0.0.1", () => {
  const staff = staffEmails.size ? `; staff: ${[...staffEmails].join(", ")}` : "";
  console.log(`LOCAL ONLY OpenID provider: issuer ${issuer}, client ${clientId} (any e-mail signs in${staff})`);
});

function stop(signal) {
  console.log(`local OpenID provider: ${signal}, stopping`);
  server.close(() => process.exit(0));
  server.closeAllConnections?.();
  setTimeout(() => process.exit(0), 2000).unref();
}
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));

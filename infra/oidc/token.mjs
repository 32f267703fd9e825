// LOCAL ONLY: signs in at the local OpenID provider (server.mjs) as a browser would — authorization code + PKCE
// through its own sign-in page — and prints the access token, for calling `academy serve` as a signed-in student
// (or as staff, with an e-mail of the provider's ACADEMY_STAFF_EMAILS):
//
//   token=$(node infra/oidc/token.mjs http://127.0.0.1:9400 student@example.com)
//   curl -H "Authorization: Bearer $token" http://localhost:8080/api/me/batches
//
// Usage: node token.mjs ISSUER EMAIL [CLIENT_ID (default academy-local)]
// Imported, `signIn` answers the token endpoint's whole answer (access, refresh and ID tokens).
import { createHash, randomBytes } from "node:crypto";
import { pathToFileURL } from "node:url";

const redirectUri = "http://127.0.0.1/sign-in";

/** Signs `email` in at `issuer` for `clientId`; the token endpoint's JSON answer. */
export async function signIn(issuer, email, clientId = "academy-local") {
  const cookies = new Map();

  /** One request of the browser: cookies kept, redirects not followed. */
  async function visit(url, init = {}) {
    const res = await fetch(new URL(url, issuer), {
      ...init,
      redirect: "manual",
      headers: { ...init.headers, cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join("; ") },
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const at = pair.indexOf("=");
      cookies.set(pair.slice(0, at), pair.slice(at + 1));
    }
    return res;
  }

  const next = (res) => {
    const location = res.headers.get("location");
    if (!location) throw new Error(`expected a redirect from ${res.url}, got ${res.status}`);
    return location;
  };

  const verifier = randomBytes(32).toString("base64url");
  const challenge = createHash("sha256").update(verifier).digest("base64url");
  const authorize = new URL("/auth", issuer);
  for (const [k, v] of Object.entries({
    client_id: clientId,
    response_type: "code",
    scope: "openid email profile",
    redirect_uri: redirectUri,
    code_challenge: challenge,
    code_challenge_method: "S256",
    state: randomBytes(8).toString("hex"),
    nonce: randomBytes(8).toString("hex"),
  })) authorize.searchParams.set(k, v);

  const interaction = next(await visit(authorize));
  const form = { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded" }, body: new URLSearchParams({ email }) };
  const back = next(await visit(next(await visit(interaction, form))));
  const code = new URL(back).searchParams.get("code");
  if (!code) throw new Error(`the provider sent no code: ${back}`);
  const token = await fetch(new URL("/token", issuer), {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ grant_type: "authorization_code", code, redirect_uri: redirectUri, client_id: clientId, code_verifier: verifier }),
  });
  if (!token.ok) throw new Error(`the token endpoint answered ${token.status}`);
  return token.json();
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [issuer, email, clientId] = process.argv.slice(2);
  if (!issuer || !email) {
    console.error("usage: node token.mjs ISSUER EMAIL [CLIENT_ID]");
    process.exit(2);
  }
  console.log((await signIn(issuer, email, clientId)).access_token);
}

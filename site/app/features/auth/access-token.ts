// The signed-in student's access token for the API (`Authorization: Bearer`), read from the session oidc-client-ts
// stored. A token that has expired or is about to is renewed first with the refresh token (./oidc-client.ts, loaded
// on demand), so a student watching a long lecture stays signed in; when renewal fails the session ends cleanly:
// it is forgotten, and the signed-in pages send the visitor to sign-in.
import { forgetSession, storedUser } from "./session";

/** Renew this long before the token expires, so a request never leaves with a token about to lapse. */
export const RENEW_BEFORE_EXPIRY_S = 60;

/** One renewal at a time: concurrent callers share it. */
let renewing: Promise<string | null> | null = null;

function renew(): Promise<string | null> {
  renewing ??= import("./oidc-client")
    .then((oidc) => oidc.renewSession())
    .catch(() => {
      forgetSession();
      return null;
    })
    .finally(() => {
      renewing = null;
    });
  return renewing;
}

/** The access token to send, renewed when needed; null when nobody is signed in (or the session just ended). */
export async function accessToken(): Promise<string | null> {
  const tokens = storedUser();
  if (!tokens?.access_token) return null;
  const fresh = (tokens.expires_at ?? 0) - RENEW_BEFORE_EXPIRY_S > Date.now() / 1000;
  if (fresh) return tokens.access_token;
  if (!tokens.refresh_token) {
    forgetSession();
    return null;
  }
  return renew();
}

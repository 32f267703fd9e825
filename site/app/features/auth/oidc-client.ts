// The OpenID Connect client (oidc-client-ts: authorization code + PKCE). Imported on demand only, by the
// sign-in, sign-up and sign-out actions, so public pages do not pay for it.
import { UserManager, WebStorageStateStore } from "oidc-client-ts";
import { absoluteUri, oidcConfig } from "../../config/oidc";
import { forgetSecretIds } from "../../lib/secret-ids";
import { announceSessionChange, forgetSession, safeReturnPath, startSigningOut } from "./session";

/** How long to wait for the provider's discovery document before saying it cannot be reached. */
const PROVIDER_TIMEOUT_S = 10;

let manager: UserManager | undefined;

function userManager(): UserManager {
  manager ??= new UserManager({
    authority: oidcConfig.issuer,
    client_id: oidcConfig.clientId,
    redirect_uri: absoluteUri(oidcConfig.redirectUri),
    post_logout_redirect_uri: absoluteUri(oidcConfig.postLogoutRedirectUri),
    response_type: "code",
    scope: oidcConfig.scope,
    userStore: new WebStorageStateStore({ store: window.localStorage }),
    stateStore: new WebStorageStateStore({ store: window.sessionStorage }),
    requestTimeoutInSeconds: PROVIDER_TIMEOUT_S,
    loadUserInfo: false,
    automaticSilentRenew: false,
    monitorSession: false,
  });
  return manager;
}

interface SignInState {
  returnTo: string;
}

/** Starts the hosted flow; `signUp` asks the provider to create an account. Rejects when it is unreachable. */
export async function startSignIn({ returnTo, signUp = false }: { returnTo: string; signUp?: boolean }) {
  const um = userManager();
  if (signUp && oidcConfig.signUp !== "prompt") {
    const url = new URL(oidcConfig.signUp);
    url.searchParams.set("client_id", oidcConfig.clientId);
    url.searchParams.set("response_type", "code");
    url.searchParams.set("scope", oidcConfig.scope);
    url.searchParams.set("redirect_uri", absoluteUri(oidcConfig.redirectUri));
    // Cognito's /signup ends at /oauth2/authorize-like redirect; the visitor then signs in normally.
    window.location.assign(url.toString());
    return;
  }
  // Fails fast (and plainly) when the provider's discovery document cannot be fetched.
  await um.metadataService.getMetadata();
  const state: SignInState = { returnTo: safeReturnPath(returnTo) };
  await um.signinRedirect({ state, prompt: signUp ? "create" : undefined });
}

/** True when the current URL is the provider coming back with a code (or an error). */
export function isSignInCallback(search: string) {
  const params = new URLSearchParams(search);
  return params.has("state") && (params.has("code") || params.has("error"));
}

/**
 * Exchanges the code for tokens; answers where to go next. Secret IDs kept in this browser before are forgotten:
 * nothing typed before this sign-in (by a visitor, or another account) is linked to this account or sent for it.
 */
export async function completeSignIn(): Promise<string> {
  const user = await userManager().signinRedirectCallback();
  forgetSecretIds();
  announceSessionChange();
  return safeReturnPath((user.state as SignInState | undefined)?.returnTo);
}

/**
 * New tokens for the stored session from the provider's token endpoint, with its refresh token (oidc-client-ts's
 * signinSilent uses the refresh token when the user has one; no iframe). Answers the new access token; rejects when
 * the provider refuses or cannot be reached.
 */
export async function renewSession(): Promise<string> {
  const user = await userManager().signinSilent();
  announceSessionChange();
  if (!user?.access_token) throw new Error("the provider renewed no access token");
  return user.access_token;
}

/**
 * Sign out: forget the session and the kept Secret IDs here first, then end the session at the provider, and land
 * on "/". Signed-in pages do not send the visitor to sign-in meanwhile (startSigningOut): while the provider's
 * session is still alive that would sign them straight back in.
 */
export async function signOutRedirect() {
  startSigningOut();
  const um = userManager();
  const user = await um.getUser().catch(() => null);
  forgetSecretIds();
  forgetSession();
  await um.removeUser().catch(() => undefined);
  const home = absoluteUri(oidcConfig.postLogoutRedirectUri);
  if (oidcConfig.logoutUrl) {
    const url = new URL(oidcConfig.logoutUrl);
    url.searchParams.set("client_id", oidcConfig.clientId);
    url.searchParams.set("logout_uri", home);
    window.location.assign(url.toString());
    return;
  }
  try {
    await um.signoutRedirect({ id_token_hint: user?.id_token, post_logout_redirect_uri: home });
  } catch {
    // The provider is unreachable: the session is already gone here.
    window.location.assign(home);
  }
}

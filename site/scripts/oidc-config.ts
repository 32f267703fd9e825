// The sign-in configuration, read from the build environment and validated once: a bad value fails the build.
// Defaults point at the LOCAL ONLY provider (infra/oidc) that `make dev` and the tests start.

export interface OidcConfig {
  /** The OpenID issuer (discovery at `${issuer}/.well-known/openid-configuration`). */
  issuer: string;
  clientId: string;
  /** Absolute, or a path resolved against the page's origin (the same build serves any port). */
  redirectUri: string;
  postLogoutRedirectUri: string;
  scope: string;
  /** Sign-up: `prompt` asks the issuer with prompt=create; a URL (Cognito's /signup) is opened instead. */
  signUp: string;
  /** Providers without an end_session_endpoint (Cognito): its /logout URL. Empty: use discovery. */
  logoutUrl: string;
}

const LOCAL_ISSUER = "http://127.0.0.1:9400";

function httpUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute URL, got "${value}"`);
  }
  const loopback = url.hostname === "localhost" || url.hostname === "127.0.0.1";
  if (url.protocol !== "https:" && !(url.protocol === "http:" && loopback)) {
    throw new Error(`${name} must use https (http only on localhost / 127.0.0.1), got "${value}"`);
  }
  return value.replace(/\/$/, "");
}

function uriOrPath(name: string, value: string): string {
  if (value.startsWith("/") && !value.startsWith("//")) return value;
  return httpUrl(name, value);
}

export function oidcConfigFromEnv(env: Record<string, string | undefined>): OidcConfig {
  const issuer = httpUrl("OIDC_ISSUER", env.OIDC_ISSUER || LOCAL_ISSUER);
  const clientId = env.OIDC_CLIENT_ID ?? "academy-local";
  if (!/^[\w.-]{1,128}$/.test(clientId)) throw new Error(`OIDC_CLIENT_ID is not a client id: "${clientId}"`);
  const scope = env.OIDC_SCOPE ?? "openid email profile";
  if (!scope.split(" ").includes("openid")) throw new Error(`OIDC_SCOPE must include openid, got "${scope}"`);
  const signUp = env.OIDC_SIGN_UP || "prompt";
  return {
    issuer,
    clientId,
    redirectUri: uriOrPath("OIDC_REDIRECT_URI", env.OIDC_REDIRECT_URI || "/sign-in"),
    postLogoutRedirectUri: uriOrPath("OIDC_POST_LOGOUT_REDIRECT_URI", env.OIDC_POST_LOGOUT_REDIRECT_URI || "/"),
    scope,
    signUp: signUp === "prompt" ? signUp : httpUrl("OIDC_SIGN_UP", signUp),
    logoutUrl: env.OIDC_LOGOUT_URL ? httpUrl("OIDC_LOGOUT_URL", env.OIDC_LOGOUT_URL) : "",
  };
}

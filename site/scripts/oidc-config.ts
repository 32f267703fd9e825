// The sign-in configuration, read from the build environment and validated once: a bad value fails the build.
// Defaults point at the LOCAL ONLY provider (infra/oidc) that `make dev` and the tests start; a build for
// deploy (ACADEMY_DEPLOY set, as `make deploy` does) refuses them.

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
const LOCAL_CLIENT_ID = "academy-local";

const isLoopback = (host: string) => host === "localhost" || host === "127.0.0.1";

function httpUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute URL, got "${value}"`);
  }
  if (url.protocol !== "https:" && !(url.protocol === "http:" && isLoopback(url.hostname))) {
    throw new Error(`${name} must use https (http only on localhost / 127.0.0.1), got "${value}"`);
  }
  return value.replace(/\/$/, "");
}

function uriOrPath(name: string, value: string): string {
  if (value.startsWith("/") && !value.startsWith("//")) return value;
  return httpUrl(name, value);
}

/** What in `config` would have a deployed site sign in against this machine's provider (empty: nothing). */
function localSettings(config: OidcConfig): string[] {
  const urls = {
    OIDC_ISSUER: config.issuer,
    OIDC_SIGN_UP: config.signUp,
    OIDC_LOGOUT_URL: config.logoutUrl,
    OIDC_REDIRECT_URI: config.redirectUri,
    OIDC_POST_LOGOUT_REDIRECT_URI: config.postLogoutRedirectUri,
  };
  // httpUrl allows http on loopback only, so a loopback host covers the local provider and any http URL.
  const local = Object.entries(urls)
    .filter(([, value]) => URL.canParse(value) && isLoopback(new URL(value).hostname))
    .map(([name, value]) => `${name} is on this machine ("${value}")`);
  if (config.clientId === LOCAL_CLIENT_ID) local.push(`OIDC_CLIENT_ID is the local client "${LOCAL_CLIENT_ID}"`);
  if (config.signUp === "prompt") local.push(`OIDC_SIGN_UP is "prompt", the local provider's sign-up`);
  return local;
}

export function oidcConfigFromEnv(env: Record<string, string | undefined>): OidcConfig {
  const config = readConfig(env);
  const local = env.ACADEMY_DEPLOY ? localSettings(config) : [];
  if (local.length) {
    throw new Error(
      `ACADEMY_DEPLOY is set but ${local.join("; ")}: a deployed site must sign in with the stack's Cognito (make deploy passes its outputs)`,
    );
  }
  return config;
}

function readConfig(env: Record<string, string | undefined>): OidcConfig {
  const issuer = httpUrl("OIDC_ISSUER", env.OIDC_ISSUER || LOCAL_ISSUER);
  const clientId = env.OIDC_CLIENT_ID ?? LOCAL_CLIENT_ID;
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

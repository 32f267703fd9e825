// The sign-in configuration the build validated (scripts/oidc-config.ts, injected by vite.config.ts).
import type { OidcConfig } from "../../scripts/oidc-config";

declare const __OIDC_CONFIG__: OidcConfig | undefined;

/** Component tests run without the app build: they get the local defaults. */
export const oidcConfig: OidcConfig =
  typeof __OIDC_CONFIG__ !== "undefined"
    ? __OIDC_CONFIG__
    : {
        issuer: "http://127.0.0.1:9400",
        clientId: "academy-local",
        redirectUri: "/sign-in",
        postLogoutRedirectUri: "/",
        scope: "openid email profile",
        signUp: "prompt",
        logoutUrl: "",
      };

/** Where oidc-client-ts keeps the signed-in user (its WebStorageStateStore key, in localStorage). */
export const userStorageKey = `oidc.user:${oidcConfig.issuer}:${oidcConfig.clientId}`;

export const absoluteUri = (uriOrPath: string) => new URL(uriOrPath, window.location.origin).toString();

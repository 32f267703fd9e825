import { describe, expect, it } from "vitest";
import { oidcConfigFromEnv } from "./oidc-config";

describe("oidcConfigFromEnv", () => {
  it("defaults to the local provider", () => {
    expect(oidcConfigFromEnv({})).toMatchObject({ issuer: "http://127.0.0.1:9400", clientId: "academy-local", redirectUri: "/sign-in", signUp: "prompt" });
  });

  it("takes a Cognito issuer, client and sign-up/logout URLs", () => {
    const c = oidcConfigFromEnv({
      OIDC_ISSUER: "https://cognito-idp.eu-west-2.amazonaws.com/eu-west-2_AbC123/",
      OIDC_CLIENT_ID: "4d2kq1example",
      OIDC_SIGN_UP: "https://academy.auth.eu-west-2.amazoncognito.com/signup",
      OIDC_LOGOUT_URL: "https://academy.auth.eu-west-2.amazoncognito.com/logout",
    });
    expect(c.issuer).toBe("https://cognito-idp.eu-west-2.amazonaws.com/eu-west-2_AbC123");
    expect(c.logoutUrl).toMatch(/\/logout$/);
  });

  it("fails loudly on bad values", () => {
    expect(() => oidcConfigFromEnv({ OIDC_ISSUER: "http://id.example.com" })).toThrow(/https/);
    expect(() => oidcConfigFromEnv({ OIDC_ISSUER: "not a url" })).toThrow(/absolute URL/);
    expect(() => oidcConfigFromEnv({ OIDC_CLIENT_ID: "bad id!" })).toThrow(/client id/);
    expect(() => oidcConfigFromEnv({ OIDC_SCOPE: "email" })).toThrow(/openid/);
    expect(() => oidcConfigFromEnv({ OIDC_REDIRECT_URI: "//evil.example/x" })).toThrow();
  });
});

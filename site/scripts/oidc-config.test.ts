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

  describe("for deploy (ACADEMY_DEPLOY set)", () => {
    const cognito = {
      ACADEMY_DEPLOY: "1",
      OIDC_ISSUER: "https://cognito-idp.eu-west-2.amazonaws.com/eu-west-2_AbC123",
      OIDC_CLIENT_ID: "4d2kq1example",
      OIDC_SIGN_UP: "https://academy.auth.eu-west-2.amazoncognito.com/signup",
      OIDC_LOGOUT_URL: "https://academy.auth.eu-west-2.amazoncognito.com/logout",
      OIDC_REDIRECT_URI: "/sign-in",
    };

    it("takes the stack's Cognito", () => {
      expect(oidcConfigFromEnv(cognito).clientId).toBe("4d2kq1example");
    });

    it("refuses the local provider's defaults, naming each", () => {
      const error = () => oidcConfigFromEnv({ ACADEMY_DEPLOY: "1" });
      expect(error).toThrow(/^ACADEMY_DEPLOY is set but OIDC_ISSUER is on this machine \("http:\/\/127\.0\.0\.1:9400"\)/);
      expect(error).toThrow(/OIDC_CLIENT_ID is the local client "academy-local"/);
      expect(error).toThrow(/OIDC_SIGN_UP is "prompt"/);
    });

    it.each([
      ["a loopback issuer", { OIDC_ISSUER: "http://localhost:9400" }, /OIDC_ISSUER is on this machine/],
      ["an https loopback issuer", { OIDC_ISSUER: "https://127.0.0.1" }, /OIDC_ISSUER is on this machine/],
      ["the local client", { OIDC_CLIENT_ID: "academy-local" }, /OIDC_CLIENT_ID is the local client/],
      ["sign-up by prompt", { OIDC_SIGN_UP: "prompt" }, /OIDC_SIGN_UP is "prompt"/],
      ["a loopback redirect", { OIDC_REDIRECT_URI: "http://localhost:8080/sign-in" }, /OIDC_REDIRECT_URI is on this machine/],
    ])("refuses %s", (_, change, message) => {
      expect(() => oidcConfigFromEnv({ ...cognito, ...change })).toThrow(message);
    });

    it("is off when ACADEMY_DEPLOY is empty", () => {
      expect(oidcConfigFromEnv({ ACADEMY_DEPLOY: "" }).issuer).toBe("http://127.0.0.1:9400");
    });
  });

  it("fails loudly on bad values", () => {
    expect(() => oidcConfigFromEnv({ OIDC_ISSUER: "http://id.example.com" })).toThrow(/https/);
    expect(() => oidcConfigFromEnv({ OIDC_ISSUER: "not a url" })).toThrow(/absolute URL/);
    expect(() => oidcConfigFromEnv({ OIDC_CLIENT_ID: "bad id!" })).toThrow(/client id/);
    expect(() => oidcConfigFromEnv({ OIDC_SCOPE: "email" })).toThrow(/openid/);
    expect(() => oidcConfigFromEnv({ OIDC_REDIRECT_URI: "//evil.example/x" })).toThrow();
  });
});

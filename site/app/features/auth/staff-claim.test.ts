import { describe, expect, it } from "vitest";
import { hasStaffClaim, jwtClaims } from "./staff-claim";

/** An unsigned JWT with these claims (base64url, as providers write them). */
const jwt = (claims: object) => {
  const part = (o: object) => Buffer.from(JSON.stringify(o)).toString("base64url");
  return `${part({ alg: "RS256", typ: "at+jwt" })}.${part(claims)}.signature`;
};

describe("staff claim", () => {
  it("reads the access token's cognito:groups", () => {
    expect(hasStaffClaim(jwt({ sub: "s", "cognito:groups": ["staff"] }))).toBe(true);
    expect(hasStaffClaim(jwt({ sub: "s", "cognito:groups": ["students", "staff"] }))).toBe(true);
    expect(hasStaffClaim(jwt({ sub: "s", "cognito:groups": ["students"] }))).toBe(false);
    expect(hasStaffClaim(jwt({ sub: "s" }))).toBe(false);
    expect(hasStaffClaim(jwt({ sub: "s", "cognito:groups": "staff" })), "a string is not a group list").toBe(false);
  });

  it("falls back to the ID token's profile, and never throws on a token that is not a JWT", () => {
    expect(hasStaffClaim("opaque-token", { "cognito:groups": ["staff"] })).toBe(true);
    expect(hasStaffClaim(undefined)).toBe(false);
    expect(hasStaffClaim("a.%%%.c")).toBe(false);
    expect(jwtClaims("a.bnVsbA.c")).toBeNull(); // "null"
    expect(jwtClaims(jwt({ name: "Ayşe Ünal" }))).toEqual({ name: "Ayşe Ünal" });
  });
});

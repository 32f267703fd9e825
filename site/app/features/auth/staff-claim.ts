// Whether the signed-in user is staff, for display only (the header's Staff link): the provider's `staff` group in
// the access token's `cognito:groups` claim (or the ID token's, which oidc-client-ts keeps as the profile). The token
// is read, not verified: every staff route of the API checks the group itself, and is the authority.

/** The provider's group of the institute's staff (Cognito's group; the local provider's for ACADEMY_STAFF_EMAILS). */
export const staffGroup = "staff";

/** The claims of a JWT's payload, unverified; null when `token` is not a JWT. */
export function jwtClaims(token: string | undefined): Record<string, unknown> | null {
  const payload = token?.split(".")[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, "+").replace(/_/g, "/").padEnd(Math.ceil(payload.length / 4) * 4, "=");
    const json = new TextDecoder().decode(Uint8Array.from(atob(base64), (c) => c.charCodeAt(0)));
    const claims: unknown = JSON.parse(json);
    return claims && typeof claims === "object" && !Array.isArray(claims) ? (claims as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

const inStaffGroup = (claims: Record<string, unknown> | null | undefined) => {
  const groups = claims?.["cognito:groups"];
  return Array.isArray(groups) && groups.includes(staffGroup);
};

/** Whether the access token (or the ID token's profile) puts the user in the staff group. */
export const hasStaffClaim = (accessToken: string | undefined, profile?: Record<string, unknown>) =>
  inStaffGroup(jwtClaims(accessToken)) || inStaffGroup(profile);

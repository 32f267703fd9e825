// The signed-in user's access token, as every /api/me and /api/staff call sends it. Routes hand a feature its
// token source (features never import one another: the routes join them to auth); this is the one place that
// turns "nobody is signed in" into the 401 the API would answer.
import { ApiError } from "./api-client";

/** The access token to send now (renewed when needed), or null when nobody is signed in. */
export type TokenSource = () => Promise<string | null>;

/** The token, or the same 401 the API answers without one. */
export async function tokenFrom(source: TokenSource): Promise<string> {
  const token = await source();
  if (!token) throw new ApiError(401, "Unauthorized", "Sign in to continue.");
  return token;
}

// A student's certificate calls send their access token; the route gives the token source (features never import
// one another: the routes join certificates to auth).
import { ApiError } from "../../../lib/api-client";

/** The access token to send now (renewed when needed), or null when nobody is signed in. */
export type TokenSource = () => Promise<string | null>;

/** The token, or the same 401 the API answers without one. */
export async function tokenFrom(source: TokenSource): Promise<string> {
  const token = await source();
  if (!token) throw new ApiError(401, "Unauthorized", "Sign in to continue.");
  return token;
}

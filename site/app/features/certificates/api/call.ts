// The certificates' calls, through the one client's request (lib/api-client.ts): same origin, the timeout, only 2xx
// is a success. A student's calls send their access token; the route gives the token source (features never import
// one another: the routes join certificates to auth).
import { ApiError, send, type SendOptions } from "../../../lib/api-client";

/** The access token to send now (renewed when needed), or null when nobody is signed in. */
export type TokenSource = () => Promise<string | null>;

/** The token, or the same 401 the API answers without one. */
export async function tokenFrom(source: TokenSource): Promise<string> {
  const token = await source();
  if (!token) throw new ApiError(401, "Unauthorized", "Sign in to continue.");
  return token;
}

export const callJson = <T>(method: string, path: string, options: SendOptions): Promise<T> =>
  send(method, path, options, "application/json", (res) => res.json() as Promise<T>);

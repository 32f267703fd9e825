// The staff API is called with the signed-in user's access token. The route hands the console its token source
// (features never import one another: the route joins staff to auth); the console's components read it here.
import { createContext, useContext } from "react";
import { ApiError } from "../../../lib/api-client";

/** The access token to send now (renewed when needed), or null when nobody is signed in. */
export type TokenSource = () => Promise<string | null>;

/** The token, or the same 401 the API answers without one. */
export async function tokenFrom(source: TokenSource): Promise<string> {
  const token = await source();
  if (!token) throw new ApiError(401, "Unauthorized", "Sign in to continue.");
  return token;
}

const TokenContext = createContext<TokenSource>(async () => null);

export const TokenProvider = TokenContext.Provider;

/** The console's token source (StaffConsole provides it). */
export const useTokenSource = () => useContext(TokenContext);

// The staff API is called with the signed-in user's access token. The route hands the console its token source
// (features never import one another: the route joins staff to auth); the console's components read it here, and
// pass it to the API calls, which turn it into the token with lib/access-token.ts's tokenFrom.
import { createContext, useContext } from "react";
import type { TokenSource } from "#app/lib/access-token";

const TokenContext = createContext<TokenSource>(async () => null);

export const TokenProvider = TokenContext.Provider;

/** The console's token source (StaffConsole provides it). */
export const useTokenSource = () => useContext(TokenContext);

// The LMS gate: a signed-out visitor goes to sign-in, which brings them back to this path afterwards. Not while
// signing out: that ends on "/" (session.ts, isSigningOut).
import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { paths } from "#app/config/paths";
import { currentSession, isSigningOut, useSession, type Session } from "../session";

/** Where a signed-out visitor of `returnTo` is sent. */
export const signInPathFor = (returnTo: string) => `${paths.signIn}?returnTo=${encodeURIComponent(returnTo)}`;

/** For a clientLoader: the sign-in path to redirect to, or null when someone is signed in. */
export function signInRedirectFor(request: Request): string | null {
  const { pathname, search } = new URL(request.url);
  return currentSession().status === "signed-out" && !isSigningOut() ? signInPathFor(pathname + search) : null;
}

/** The session, and a redirect to sign-in as soon as it ends while the page is open. */
export function useSignedInGate(): Session {
  const session = useSession();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    // Read the stored session itself: during hydration useSession() still answers the pre-rendered "signed-out".
    if (currentSession().status === "signed-out" && !isSigningOut()) navigate(signInPathFor(pathname + search), { replace: true });
  }, [session.status, pathname, search, navigate]);
  return session;
}

// The LMS gate: a signed-out visitor goes to sign-in, which brings them back to this path afterwards.
import { useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { paths } from "../../../config/paths";
import { currentSession, useSession, type Session } from "../session";

export function useSignedInGate(): Session {
  const session = useSession();
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    // Read the stored session itself: during hydration useSession() still answers the pre-rendered "signed-out".
    if (currentSession().status === "signed-out") {
      navigate(`${paths.signIn}?returnTo=${encodeURIComponent(pathname + search)}`, { replace: true });
    }
  }, [session.status, pathname, search, navigate]);
  return session;
}

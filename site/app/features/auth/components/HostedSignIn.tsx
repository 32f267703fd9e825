// /sign-in and /sign-up: start the hosted flow at the OpenID provider, or finish it when the provider comes
// back with a code. If the provider cannot be reached, say so plainly instead of hanging.
import { useCallback, useEffect, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { paths } from "#app/config/paths";
import { currentSession, isSigningOut, safeReturnPath } from "../session";

type Phase = { kind: "working"; text: string } | { kind: "unreachable" } | { kind: "failed"; text: string };

export const UNREACHABLE =
  "We can't reach the sign-in service right now. Please check your connection and try again in a few minutes.";

export function HostedSignIn({ mode }: { mode: "sign-in" | "sign-up" }) {
  const location = useLocation();
  const navigate = useNavigate();
  const [phase, setPhase] = useState<Phase>({ kind: "working", text: "Taking you to the secure sign-in page…" });
  const title = mode === "sign-up" ? "Sign Up" : "Sign In";

  const run = useCallback(async () => {
    const search = new URLSearchParams(location.search);
    const oidc = await import("../oidc-client").catch(() => null);
    if (!oidc) {
      setPhase({ kind: "unreachable" });
      return;
    }
    if (oidc.isSignInCallback(location.search)) {
      setPhase({ kind: "working", text: "Signing you in…" });
      try {
        const to = await oidc.completeSignIn();
        navigate(to, { replace: true });
      } catch (e) {
        const denied = search.get("error_description") || search.get("error");
        setPhase({ kind: "failed", text: denied ?? (e instanceof Error ? e.message : "Sign-in did not complete.") });
      }
      return;
    }
    // Signing out ends on "/": starting a sign-in now would race it, and win while the provider's session lives.
    if (isSigningOut()) return;
    const returnTo = safeReturnPath(search.get("returnTo"));
    if (currentSession().status === "signed-in") {
      navigate(returnTo, { replace: true });
      return;
    }
    setPhase({ kind: "working", text: mode === "sign-up" ? "Taking you to the secure sign-up page…" : "Taking you to the secure sign-in page…" });
    try {
      await oidc.startSignIn({ returnTo, signUp: mode === "sign-up" });
    } catch {
      setPhase({ kind: "unreachable" });
    }
  }, [location.search, mode, navigate]);

  useEffect(() => {
    void run();
  }, [run]);

  return (
    <section className="container-page py-20">
      <h1 className="text-4xl font-extrabold">{title}</h1>
      <div className="mt-6 max-w-2xl text-lg text-slate-700">
        {phase.kind === "working" && <p role="status">{phase.text}</p>}
        {phase.kind !== "working" && (
          <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-6 text-red-900">
            <p className="font-semibold">{phase.kind === "unreachable" ? UNREACHABLE : `Sign-in failed: ${phase.text}`}</p>
            <button type="button" className="btn-primary mt-4" onClick={() => void run()}>
              Try again
            </button>
          </div>
        )}
        <p className="mt-8">
          {mode === "sign-up" ? "Already have an account? " : "New here? "}
          <Link to={mode === "sign-up" ? paths.signIn : paths.signUp} className="font-semibold text-brand-700 underline">
            {mode === "sign-up" ? "Sign in" : "Create an account"}
          </Link>
        </p>
      </div>
    </section>
  );
}

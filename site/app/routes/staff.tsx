// /staff: the staff console (features/staff). Pre-rendered as a shell whose <head> says noindex (no clientLoader, so
// the build renders the route itself and its meta: a HydrateFallback would leave the head without them); once the
// session is read, the gate sends a signed-out visitor to sign-in and back here, and the console decides staff from
// the API's answer (403: "Staff only"). Its code is this route's chunk: no other page loads it.
import { toastHandle } from "../components/Toasts";
import { accessToken } from "../features/auth/access-token";
import { useSignedInGate } from "../features/auth/hooks/use-signed-in-gate";
import { forgetSession } from "../features/auth/session";
import { StaffConsole } from "../features/staff/components/StaffConsole";
import { metaFromLoader } from "../lib/route-meta";
import { staffData } from "./staff.server";
import type { Route } from "./+types/staff";

export const loader = () => staffData();
export const meta: Route.MetaFunction = metaFromLoader;
export const handle = toastHandle;

/** What the pre-rendered page shows until the session has been read. */
function CheckingSignIn() {
  return (
    <section className="container-page py-10">
      <h1 className="text-3xl font-extrabold sm:text-4xl">Staff console</h1>
      <p role="status" className="mt-6 text-lg text-slate-600">
        Checking your sign-in…
      </p>
    </section>
  );
}

export default function Staff() {
  const session = useSignedInGate();
  if (session.status !== "signed-in") return <CheckingSignIn />;
  // A session the API refuses even after renewal is forgotten: the gate then sends the user to sign in again.
  return <StaffConsole token={accessToken} onSessionEnded={forgetSession} />;
}

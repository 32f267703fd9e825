// /staff: the staff console (features/staff). Pre-rendered as a shell with noindex; the clientLoader sends a
// signed-out visitor to sign-in and back here; the console itself decides staff from the API's answer (403: "Staff
// only"). Its code is this route's chunk: no other page loads it.
import { redirect } from "react-router";
import { toastHandle } from "../components/Toasts";
import { accessToken } from "../features/auth/access-token";
import { signInRedirectFor, useSignedInGate } from "../features/auth/hooks/use-signed-in-gate";
import { forgetSession } from "../features/auth/session";
import { StaffConsole } from "../features/staff/components/StaffConsole";
import { metaFromLoader } from "../lib/route-meta";
import { staffData } from "./staff.server";
import type { Route } from "./+types/staff";

export const loader = () => staffData();
export const meta: Route.MetaFunction = metaFromLoader;
export const handle = toastHandle;

export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs) {
  const signIn = signInRedirectFor(request);
  if (signIn) throw redirect(signIn);
  return serverLoader();
}
clientLoader.hydrate = true as const;

/** What the pre-rendered page shows until the session has been read. */
export function HydrateFallback() {
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
  if (session.status !== "signed-in") return <HydrateFallback />;
  // A session the API refuses even after renewal is forgotten: the gate then sends the user to sign in again.
  return <StaffConsole token={accessToken} onSessionEnded={forgetSession} />;
}

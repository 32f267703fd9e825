// /lms/assignments/:assignmentId: one assignment for its signed-in student (features/assignments). Client-only,
// under /lms (served through the SPA fallback): the gate sends a signed-out visitor to sign in and back here.
import { redirect } from "react-router";
import { accessToken } from "../features/auth/access-token";
import { signInRedirectFor, useSignedInGate } from "../features/auth/hooks/use-signed-in-gate";
import { AssignmentView } from "../features/assignments/components/AssignmentView";
import { shellMeta } from "../lib/route-meta";
import type { Route } from "./+types/lms-assignment";

export const meta: Route.MetaFunction = shellMeta("Assignment", "Your assignment: instructions, your submission and its feedback.");

export function clientLoader({ request }: Route.ClientLoaderArgs) {
  const signIn = signInRedirectFor(request);
  if (signIn) throw redirect(signIn);
  return null;
}

export function HydrateFallback() {
  return (
    <section className="container-page py-12">
      <h1 className="text-3xl font-extrabold">Assignment</h1>
      <p role="status" className="mt-6 text-lg text-slate-600">
        Checking your sign-in…
      </p>
    </section>
  );
}

export default function LmsAssignment({ params }: Route.ComponentProps) {
  const session = useSignedInGate();
  if (session.status !== "signed-in") return <HydrateFallback />;
  return (
    <section className="container-page max-w-4xl py-10 sm:py-12">
      <AssignmentView source={accessToken} assignmentId={params.assignmentId} />
    </section>
  );
}

// /sign-in/*: starts the hosted sign-in (or completes it when the provider returns here with a code).
import { HostedSignIn } from "../features/auth/components/HostedSignIn";
import { shellMeta } from "../lib/route-meta";
import type { Route } from "./+types/sign-in";

export const meta: Route.MetaFunction = shellMeta("Sign In", "Sign in to your student account to reach your courses, batches and recorded lectures online.");

export default function SignIn() {
  return <HostedSignIn mode="sign-in" />;
}

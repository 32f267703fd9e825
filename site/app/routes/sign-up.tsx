// /sign-up/*: starts the hosted sign-up (the provider is asked to create an account); the user then lands on "/".
import { HostedSignIn } from "../features/auth/components/HostedSignIn";
import { shellMeta } from "../lib/route-meta";
import type { Route } from "./+types/sign-up";

export const meta: Route.MetaFunction = shellMeta("Sign Up", "Create your student account to follow your courses, batches and recorded lectures online.");

export default function SignUp() {
  return <HostedSignIn mode="sign-up" />;
}

// /sign-up/*: the hosted sign-up (wired by the LMS issue through app/lib/auth.ts).
import { Link } from "react-router";
import { Shell } from "../components/Shell";
import { paths } from "../config/paths";
import { shellMeta } from "../lib/route-meta";
import type { Route } from "./+types/sign-up";

export const meta: Route.MetaFunction = shellMeta("Sign Up", "Create your student account to follow your courses, batches and recorded lectures online.");

export default function SignUp() {
  return (
    <Shell title="Sign Up">
      <p>Student accounts are opening soon.</p>
      <p className="mt-4">
        Already have an account?{" "}
        <Link to={paths.signIn} className="font-semibold text-brand-700 underline">
          Sign in
        </Link>
      </p>
    </Shell>
  );
}

// /sign-in/*: the hosted sign-in (wired by the LMS issue through app/lib/auth.ts).
import { Link } from "react-router";
import { Shell } from "../components/Shell";
import { paths } from "../config/paths";
import { shellMeta } from "../lib/route-meta";
import type { Route } from "./+types/sign-in";

export const meta: Route.MetaFunction = shellMeta("Sign In", "Sign in to your student account to reach your courses, batches and recorded lectures online.");

export default function SignIn() {
  return (
    <Shell title="Sign In">
      <p>Student sign-in is opening soon. Enrolled students can reach us for access to recorded lectures.</p>
      <p className="mt-4">
        New here?{" "}
        <Link to={paths.signUp} className="font-semibold text-brand-700 underline">
          Create an account
        </Link>
      </p>
    </Shell>
  );
}

// /verify/{id}: anyone (signed in or not) checks a certificate: valid, revoked with its date, or not found, from the
// public answer (GET /api/certificates/{id}); /verify itself asks for an id. Rendered in the browser from the
// pre-rendered /verify shell, whose head says noindex (the server and the CDN serve it for every /verify/…); the
// check runs in the clientLoader, so the shell's "Checking the certificate…" is the loading state.
import { redirect, useNavigate, useNavigation, useRevalidator, useRouteLoaderData } from "react-router";
import { verifyPath } from "../config/paths";
import { VerifyView, verifyTexts } from "../features/certificates/components/VerifyView";
import { earlyCheckScript } from "../features/certificates/early-check";
import { certificateIdPattern, normaliseCertificateId } from "../features/certificates/format";
import { checkCertificate } from "../features/certificates/verify-answer";
import { shellMeta } from "../lib/route-meta";
import type { Route } from "./+types/verify";

export const meta: Route.MetaFunction = shellMeta(verifyTexts.title, "Check that a certificate of completion is genuine.");

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  const id = params.id ? normaliseCertificateId(params.id) : null;
  // An id typed by hand (lower case, O for 0) goes to its one address.
  if (params.id && id !== params.id && id && certificateIdPattern.test(id)) throw redirect(verifyPath(id));
  return { id, answer: await checkCertificate(id) };
}

/** The issuer's name, from the root's build-time data. */
const useIssuer = () => (useRouteLoaderData("root") as { brand?: { name: string } } | undefined)?.brand?.name ?? "The academy";

// The shell and the answer are each at least a screen high, so the footer never moves in view when the answer comes
// (CLS; docs/decisions/0045-first-load-budgets.md). The shell starts the check itself, before the scripts have
// loaded (features/certificates/early-check.ts); hydration does not run it again.
export function HydrateFallback() {
  return (
    <section className="container-page min-h-svh py-12 sm:py-16">
      <script dangerouslySetInnerHTML={{ __html: earlyCheckScript() }} />
      <p className="eyebrow">{useIssuer()}</p>
      <h1 className="mt-2 text-3xl font-extrabold sm:text-4xl">{verifyTexts.title}</h1>
      <p role="status" className="mt-8 text-lg text-slate-600">
        {verifyTexts.checking}
      </p>
    </section>
  );
}

export default function Verify({ loaderData }: Route.ComponentProps) {
  const issuer = useIssuer();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const { revalidate, state } = useRevalidator();
  return (
    <VerifyView
      id={loaderData.id}
      answer={loaderData.answer}
      issuer={issuer}
      onCheck={(id) => void navigate(verifyPath(id))}
      onRetry={() => void revalidate()}
      busy={navigation.state === "loading" || state === "loading"}
    />
  );
}

// /terms: the terms of service.
import { LegalPage } from "../components/LegalPage";
import { termsData } from "../components/LegalPage.server";
import { metaFromLoader } from "../lib/route-meta";
import type { Route } from "./+types/terms";

export const loader = () => termsData();
export const meta: Route.MetaFunction = metaFromLoader;

export default function Terms({ loaderData }: Route.ComponentProps) {
  return <LegalPage doc={loaderData.doc} />;
}

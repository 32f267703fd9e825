// /privacy: the privacy policy.
import { LegalPage } from "../components/LegalPage";
import { privacyData } from "../components/LegalPage.server";
import { metaFromLoader } from "../lib/route-meta";
import type { Route } from "./+types/privacy";

export const loader = () => privacyData();
export const meta: Route.MetaFunction = metaFromLoader;

export default function Privacy({ loaderData }: Route.ComponentProps) {
  return <LegalPage doc={loaderData.doc} />;
}

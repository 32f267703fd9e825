// /refund-policy: the refund policy (refund facts: docs/product.md#constants).
import { LegalPage } from "../components/LegalPage";
import { refundPolicyData } from "../components/LegalPage.server";
import { metaFromLoader } from "../lib/route-meta";
import type { Route } from "./+types/refund-policy";

export const loader = () => refundPolicyData();
export const meta: Route.MetaFunction = metaFromLoader;

export default function RefundPolicy({ loaderData }: Route.ComponentProps) {
  return <LegalPage doc={loaderData.doc} />;
}

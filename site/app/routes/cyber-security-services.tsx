// /CyberSecurityServices: the cyber security service.
import { ServicePage } from "../components/ServicePage";
import { toastHandle } from "../components/Toasts";
import { servicePageData } from "../components/ServicePage.server";
import { metaFromLoader } from "../lib/route-meta";
import type { Route } from "./+types/cyber-security-services";

export const loader = () => servicePageData("cyber-security");
export const meta: Route.MetaFunction = metaFromLoader;
export const handle = toastHandle;

export default function CyberSecurityServices({ loaderData }: Route.ComponentProps) {
  return <ServicePage page={loaderData.page} />;
}

// /WebDevelopmentServices: the web development service.
import { ServicePage } from "../components/ServicePage";
import { toastHandle } from "../components/Toasts";
import { servicePageData } from "../components/ServicePage.server";
import { metaFromLoader } from "../lib/route-meta";
import type { Route } from "./+types/web-development-services";

export const loader = () => servicePageData("web-development");
export const meta: Route.MetaFunction = metaFromLoader;
export const handle = toastHandle;

export default function WebDevelopmentServices({ loaderData }: Route.ComponentProps) {
  return <ServicePage page={loaderData.page} />;
}

// /UIUXServices: the UI/UX design service.
import { ServicePage } from "../components/ServicePage";
import { toastHandle } from "../components/Toasts";
import { servicePageData } from "../components/ServicePage.server";
import { metaFromLoader } from "../lib/route-meta";
import type { Route } from "./+types/uiux-services";

export const loader = () => servicePageData("ui-ux-design");
export const meta: Route.MetaFunction = metaFromLoader;
export const handle = toastHandle;

export default function UIUXServices({ loaderData }: Route.ComponentProps) {
  return <ServicePage page={loaderData.page} />;
}

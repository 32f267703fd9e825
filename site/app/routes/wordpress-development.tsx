// /WordPressDevelopment: the WordPress development service.
import { ServicePage } from "../components/ServicePage";
import { toastHandle } from "../components/Toasts";
import { servicePageData } from "../components/ServicePage.server";
import { metaFromLoader } from "../lib/route-meta";
import type { Route } from "./+types/wordpress-development";

export const loader = () => servicePageData("wordpress-development");
export const meta: Route.MetaFunction = metaFromLoader;
export const handle = toastHandle;

export default function WordPressDevelopment({ loaderData }: Route.ComponentProps) {
  return <ServicePage page={loaderData.page} />;
}

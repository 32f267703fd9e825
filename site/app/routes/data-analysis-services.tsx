// /DataAnalysisServices: the data analysis and BI service.
import { ServicePage } from "../components/ServicePage";
import { toastHandle } from "../components/Toasts";
import { servicePageData } from "../components/ServicePage.server";
import { metaFromLoader } from "../lib/route-meta";
import type { Route } from "./+types/data-analysis-services";

export const loader = () => servicePageData("data-analysis");
export const meta: Route.MetaFunction = metaFromLoader;
export const handle = toastHandle;

export default function DataAnalysisServices({ loaderData }: Route.ComponentProps) {
  return <ServicePage page={loaderData.page} />;
}

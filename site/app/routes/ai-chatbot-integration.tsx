// /AIChatbotIntegration: the AI chatbot integration service.
import { ServicePage } from "../components/ServicePage";
import { toastHandle } from "../components/Toasts";
import { servicePageData } from "../components/ServicePage.server";
import { metaFromLoader } from "../lib/route-meta";
import type { Route } from "./+types/ai-chatbot-integration";

export const loader = () => servicePageData("ai-chatbot-integration");
export const meta: Route.MetaFunction = metaFromLoader;
export const handle = toastHandle;

export default function AIChatbotIntegration({ loaderData }: Route.ComponentProps) {
  return <ServicePage page={loaderData.page} />;
}

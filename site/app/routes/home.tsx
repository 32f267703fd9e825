// "/": hero, services overview, courses, fields, benefits, testimonials, FAQ, pricing and contact. All of it is
// build-time HTML (./home.server.tsx) drawn by StaticHtml, which adds its behaviour.
import { StaticHtml } from "../components/StaticHtml";
import { metaFromLoader } from "../lib/route-meta";
import type { Route } from "./+types/home";
import { homeData } from "./home.server";

export const loader = () => homeData();
export const meta: Route.MetaFunction = metaFromLoader;

export default function Home({ loaderData }: Route.ComponentProps) {
  return <StaticHtml html={loaderData.html} />;
}

// /AiPage: the AI & Machine Learning course.
import { CoursePage } from "../components/CoursePage";
import { coursePageData } from "../components/CoursePage.server";
import { metaFromLoader } from "../lib/route-meta";
import type { Route } from "./+types/ai-page";

export const loader = () => coursePageData("ai-machine-learning");
export const meta: Route.MetaFunction = metaFromLoader;

export default function AiPage({ loaderData }: Route.ComponentProps) {
  return <CoursePage course={loaderData.course} />;
}

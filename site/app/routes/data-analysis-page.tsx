// /DataAnalysisPage: the Data Analysis course.
import { CoursePage } from "../components/CoursePage";
import { coursePageData } from "../components/CoursePage.server";
import { metaFromLoader } from "../lib/route-meta";
import type { Route } from "./+types/data-analysis-page";

export const loader = () => coursePageData("data-analyst");
export const meta: Route.MetaFunction = metaFromLoader;

export default function DataAnalysisPage({ loaderData }: Route.ComponentProps) {
  return <CoursePage course={loaderData.course} />;
}

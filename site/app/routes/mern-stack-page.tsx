// /MernStackPage: the MERN Stack Development course.
import { CoursePage } from "../components/CoursePage";
import { coursePageData } from "../components/CoursePage.server";
import { metaFromLoader } from "../lib/route-meta";
import type { Route } from "./+types/mern-stack-page";

export const loader = () => coursePageData("mern-full-stack-development");
export const meta: Route.MetaFunction = metaFromLoader;

export default function MernStackPage({ loaderData }: Route.ComponentProps) {
  return <CoursePage course={loaderData.course} />;
}

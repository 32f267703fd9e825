// /CyberSecurityPage: the Cyber Security course.
import { CoursePage } from "../components/CoursePage";
import { coursePageData } from "../components/CoursePage.server";
import { metaFromLoader } from "../lib/route-meta";
import type { Route } from "./+types/cyber-security-page";

export const loader = () => coursePageData("cyber-security");
export const meta: Route.MetaFunction = metaFromLoader;

export default function CyberSecurityPage({ loaderData }: Route.ComponentProps) {
  return <CoursePage course={loaderData.course} />;
}

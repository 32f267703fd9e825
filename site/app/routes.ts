// The route table: every path comes from config/paths.ts.
import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { assignmentPattern, coursePagePaths, paths, routePatterns, servicePagePaths, shellRoutePatterns } from "./config/paths";

/** Route paths are written without the leading slash. */
const at = (path: string) => path.replace(/^\//, "");

export default [
  index("routes/home.tsx"),
  route(at(paths.about), "routes/about.tsx"),
  route(at(paths.courses), "routes/courses.tsx"),
  route(at(coursePagePaths["mern-full-stack-development"]), "routes/mern-stack-page.tsx"),
  route(at(coursePagePaths["data-analyst"]), "routes/data-analysis-page.tsx"),
  route(at(coursePagePaths["ai-machine-learning"]), "routes/ai-page.tsx"),
  route(at(coursePagePaths["cyber-security"]), "routes/cyber-security-page.tsx"),
  route(at(paths.services), "routes/services.tsx"),
  route(at(servicePagePaths["wordpress-development"]), "routes/wordpress-development.tsx"),
  route(at(servicePagePaths["ai-chatbot-integration"]), "routes/ai-chatbot-integration.tsx"),
  route(at(servicePagePaths["data-analysis"]), "routes/data-analysis-services.tsx"),
  route(at(servicePagePaths["web-development"]), "routes/web-development-services.tsx"),
  route(at(servicePagePaths["cyber-security"]), "routes/cyber-security-services.tsx"),
  route(at(servicePagePaths["ui-ux-design"]), "routes/uiux-services.tsx"),
  route(at(paths.portfolio), "routes/portfolio.tsx"),
  route(at(paths.freeDemo), "routes/free-demo.tsx"),
  route(at(paths.demoBooking), "routes/free-demo-booking.tsx"),
  route(at(paths.contact), "routes/contact.tsx"),
  route(at(paths.thankYou), "routes/thank-you.tsx"),
  route(at(paths.enroll), "routes/enroll-now.tsx"),
  route(at(paths.paymentDone), "routes/payment-done.tsx"),
  route(at(paths.search), "routes/search.tsx"),
  route(at(paths.privacy), "routes/privacy.tsx"),
  route(at(paths.terms), "routes/terms.tsx"),
  route(at(paths.refundPolicy), "routes/refund-policy.tsx"),
  route(`${at(paths.signIn)}/*`, "routes/sign-in.tsx"),
  route(`${at(paths.signUp)}/*`, "routes/sign-up.tsx"),
  // Client-only routes (served through __spa-fallback.html): they load their data in the browser (clientLoader).
  route(at(paths.lms), "routes/lms.tsx"),
  route(at(paths.staff), "routes/staff.tsx"),
  route(assignmentPattern, "routes/lms-assignment.tsx"),
  route(routePatterns.courseOutline, "routes/course-outline.tsx"),
  route(routePatterns.batches, "routes/batches.tsx"),
  route(routePatterns.recordedLectures, "routes/recorded-lectures.tsx"),
  // Rendered in the browser from the pre-rendered /verify shell, for any certificate id.
  route(shellRoutePatterns.verify, "routes/verify.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;

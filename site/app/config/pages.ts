// Which pages the build pre-renders, the sitemap lists and the browser renders, from the URL table (./paths.ts).
// Read by the build scripts, the CDN function and the redirect table, never by the pages: no page bundle carries it.
import { coursePagePaths, paths, routePatterns, servicePagePaths } from "./paths";

/**
 * Areas the browser renders (ids unknown at build, the sign-in and sign-up flows' sub-paths): the server and the
 * CDN answer any path under them that is not a pre-rendered page with build/client/__spa-fallback.html.
 */
export const clientRenderedPrefixes: readonly string[] = [
  paths.lms,
  ...Object.values(routePatterns).map((pattern) => `/${pattern.split("/")[0]}`),
  paths.signIn,
  paths.signUp,
];

/**
 * Areas the browser renders from their own pre-rendered shell, a page whose head says noindex (the certificate
 * verification page): the server and the CDN answer any path under them with `<area>/index.html`.
 */
export const shellAreas: readonly string[] = [paths.verify];

/** Public pages: pre-rendered, in the sitemap, checked by the browser tests and the benchmark. */
export const publicPagePaths: readonly string[] = [
  paths.home,
  paths.about,
  paths.courses,
  ...Object.values(coursePagePaths),
  paths.services,
  ...Object.values(servicePagePaths),
  paths.portfolio,
  paths.freeDemo,
  paths.contact,
  paths.enroll,
  paths.privacy,
  paths.terms,
  paths.refundPolicy,
];

/** Pre-rendered too, but kept out of the sitemap (noindex pages). */
export const utilityPagePaths: readonly string[] = [
  paths.thankYou,
  paths.demoBooking,
  paths.paymentDone,
  paths.search,
  paths.signIn,
  paths.signUp,
  paths.notFound,
];

export const prerenderPaths: string[] = [...publicPagePaths, ...utilityPagePaths];

// The one table of the site's URLs: routes, links, sitemap and redirects all read it, so no URL is spelled twice.

export const paths = {
  home: "/",
  about: "/about",
  courses: "/courses",
  services: "/services",
  portfolio: "/portfolio",
  freeDemo: "/FreeDemo",
  /** A booked demo class, opened from the link in its mails (?id=…&token=…): reschedule or cancel. */
  demoBooking: "/FreeDemo/booking",
  contact: "/contact",
  thankYou: "/Thank-you",
  enroll: "/enrollnow",
  /** After a card payment (?payment=…&secret=…): the enrolment being made, then what happens next. */
  paymentDone: "/enrollnow/paid",
  lms: "/lms",
  staff: "/staff",
  verify: "/verify",
  signIn: "/sign-in",
  signUp: "/sign-up",
  search: "/search",
  privacy: "/privacy",
  terms: "/terms",
  refundPolicy: "/refund-policy",
  notFound: "/404",
} as const;

/** Landing page of each course, keyed by the catalog slug (infra/seed/catalog.json). */
export const coursePagePaths = {
  "mern-full-stack-development": "/MernStackPage",
  "data-analyst": "/DataAnalysisPage",
  "ai-machine-learning": "/AiPage",
  "cyber-security": "/CyberSecurityPage",
} as const;
export type CourseSlug = keyof typeof coursePagePaths;

/** The six service landing pages, keyed by service slug. */
export const servicePagePaths = {
  "wordpress-development": "/WordPressDevelopment",
  "ai-chatbot-integration": "/AIChatbotIntegration",
  "data-analysis": "/DataAnalysisServices",
  "web-development": "/WebDevelopmentServices",
  "cyber-security": "/CyberSecurityServices",
  "ui-ux-design": "/UIUXServices",
} as const;
export type ServicePageSlug = keyof typeof servicePagePaths;

export const anchors = {
  freeDemoBook: "book",
  freeDemoRecorded: "recorded",
  contact: "contact",
  lms: "lms",
  main: "main",
} as const;

export const withHash = (path: string, id: string) => `${path}#${id}`;

/** The contact form for a quote on one service (docs/product.md#pages): the service is shown and sent as inquiryType. */
export const quoteServiceParam = "service";
export const quotePath = (service: string) => `${paths.contact}?${quoteServiceParam}=${encodeURIComponent(service)}`;

/** The enrolment page with a course chosen (a course slug or title). */
export const enrollCourseParam = "course";
export const enrollPath = (course: string) => `${paths.enroll}?${enrollCourseParam}=${encodeURIComponent(course)}`;
/** The enrolment page with a plan chosen (basic, standard, premium); the plan form offers it once a course is chosen. */
export const enrollPlanParam = "plan";
export const enrollPlanPath = (plan: string) => `${paths.enroll}?${enrollPlanParam}=${encodeURIComponent(plan)}`;

/** The success page of a card payment: the payment's id and its client secret, which alone may read its status. */
export const paymentDonePath = (paymentId: string, secret: string) =>
  `${paths.paymentDone}?payment=${encodeURIComponent(paymentId)}&secret=${encodeURIComponent(secret)}`;

/** The signed link to manage a demo booking, as the API's mails write it. */
export const demoBookingPath = (id: string, token: string) =>
  `${paths.demoBooking}?id=${encodeURIComponent(id)}&token=${encodeURIComponent(token)}`;

export const courseOutlinePath = (courseId: string) => `/course-outline/${courseId}`;
export const batchesPath = (courseId: string) => `/batches/${courseId}`;
export const recordedLecturesPath = (batchId: string) => `/recorded-lectures/${batchId}`;

/** A student's assignment on /lms: its instructions, their submission and its review. */
export const assignmentPattern = "lms/assignments/:assignmentId";
export const assignmentPath = (assignmentId: string) => `${paths.lms}/assignments/${encodeURIComponent(assignmentId)}`;

/** A certificate's public verification page (its id is printed on the certificate and in its QR code). */
export const verifyPath = (certificateId: string) => `${paths.verify}/${encodeURIComponent(certificateId)}`;

/** Route patterns of the client-only pages (served through build/client/__spa-fallback.html). */
export const routePatterns = {
  courseOutline: "course-outline/:courseId",
  batches: "batches/:courseId",
  recordedLectures: "recorded-lectures/:batchId",
} as const;

/**
 * Route patterns of the pages the browser renders from a pre-rendered shell of their own (`/verify` is built, with
 * noindex in its head; the server and the CDN answer every path under it with that page).
 */
export const shellRoutePatterns = {
  verify: `${paths.verify.slice(1)}/:id?`,
} as const;

// The document shell: <head>, header, main landmark, footer; the root loader (build time) supplies the
// header and footer data so no content module is bundled into the page scripts.
import { lazy, Suspense, useEffect, useRef, useState } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import stylesheet from "./app.css?url";
import { ChatButton } from "./components/ChatButton";
import { AssistantLauncher } from "./features/assistant/components/AssistantLauncher";
import { StaticHeader } from "./components/StaticHeader";
import { StaticHtml } from "./components/StaticHtml";
import { Toasts } from "./components/Toasts";
import { rootData, type RootData } from "./root.server";
import { anchors, paths } from "./config/paths";
import { useContentProtection } from "./lib/content-protection";
import { onStaffConsole } from "./lib/floating-buttons";

// Built, the stylesheet is inlined in every page (the <style> below, filled by scripts/inline-stylesheet.ts), so the
// first paint waits for no second request; the dev server links it.
export const links: Route.LinksFunction = () => [
  ...(import.meta.env.DEV ? [{ rel: "stylesheet", href: stylesheet }] : []),
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
];

export function loader({ request }: Route.LoaderArgs) {
  return rootData(new URL(request.url).pathname);
}

/** Only the SPA fallback document (client-only routes before their module loads) uses this: every route has its own. */
export const meta: Route.MetaFunction = ({ data }) => [{ title: data?.brand.name ?? "Loading" }];

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<RootData>("root");
  const [signedIn, setSignedIn] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  useContentProtection(data?.contentProtection ?? true);
  // Marks the document once React has hydrated it (browser tests wait for this).
  useEffect(() => {
    document.documentElement.dataset.hydrated = "true";
    setHydrated(true);
  }, []);
  useFocusMainOnNavigation();
  // The WhatsApp and assistant buttons are for visitors: the staff console, a work tool, goes without them.
  const { pathname } = useLocation();
  const floatingButtons = data && !onStaffConsole(pathname);
  return (
    <html lang="en-GB">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#1d4ed8" />
        <Meta />
        <Links />
        {!import.meta.env.DEV && <style data-inline-css={stylesheet} dangerouslySetInnerHTML={inlined} />}
      </head>
      <body className="flex min-h-screen flex-col">
        {data && <StaticHeader html={data.headerHtml} nav={data.nav} signedIn={signedIn} sessionActions={sessionActions} />}
        <main id={anchors.main} tabIndex={-1} data-pagefind-body className="flex-1 focus:outline-none">
          {children}
        </main>
        {data && <StaticHtml html={data.footerHtml} slot="footer" />}
        {floatingButtons && <ChatButton url={data.brand.whatsappUrl} />}
        {floatingButtons && <AssistantLauncher company={data.brand.name} />}
        {hydrated && (
          <Suspense fallback={null}>
            <SessionWatch onChange={setSignedIn} />
          </Suspense>
        )}
        <Toasts />
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

/** Empty in React's eyes: the build writes the stylesheet's text into it, which hydration and later renders keep. */
const inlined = { __html: "" };

// Every page is pre-rendered signed out, with the header's Sign In as build-time HTML: whether the visitor is signed
// in is known once the session code has loaded (beside hydration), and the actions' code loads for a signed-in
// visitor and with the mobile menu.
const sessionWatch = typeof document === "undefined" ? undefined : import("./features/auth/components/SessionWatch");
const SessionWatch = lazy(() => sessionWatch!.then((m) => ({ default: m.SessionWatch })));
const SessionActions = lazy(() => import("./features/auth/components/SessionActions").then((m) => ({ default: m.SessionActions })));
const sessionActions = (className?: string) => (
  <Suspense fallback={null}>
    <SessionActions className={className} />
  </Suspense>
);

/** After a client-side navigation, move focus to the new page (screen readers start there, not in the menu). */
function useFocusMainOnNavigation() {
  const { pathname, hash } = useLocation();
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    if (!hash) document.getElementById(anchors.main)?.focus({ preventScroll: true });
  }, [pathname, hash]);
}

export default function App() {
  return <Outlet />;
}

/** Shown by client-only routes (LMS, outlines, batches, lectures) until their code has loaded. */
export function HydrateFallback() {
  // One fallback document serves every client-only URL; once hydrated, say what is loading.
  const [text, setText] = useState("Loading…");
  useEffect(() => {
    if (window.location.pathname.startsWith("/course-outline/")) setText("Loading course outline...");
  }, []);
  return (
    <div className="container-page section" role="status">
      <p className="text-lg text-slate-600">{text}</p>
    </div>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const title = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : "Something went wrong";
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <div className="container-page section">
      <h1 className="text-3xl font-bold">{title}</h1>
      <p className="mt-4">Please try again, or go back to the home page.</p>
      <a href={paths.home} className="btn-primary mt-6">
        Return to Home
      </a>
    </div>
  );
}

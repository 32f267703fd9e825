// "*": the 404 page, pre-rendered at /404 (academy serve answers unknown paths with it and status 404).
// No loader, so a client-side navigation to an unknown path needs no data request.
import { useEffect } from "react";
import { Link, useLocation } from "react-router";
import { paths } from "../config/paths";
import { shellMeta } from "../lib/route-meta";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = shellMeta("Page Not Found", "The page you are looking for does not exist.");

export default function NotFound() {
  const { pathname } = useLocation();
  useEffect(() => {
    // docs/product.md#pages: the missing path is logged.
    console.log(`404 Not Found: ${pathname}`);
  }, [pathname]);
  return (
    <section className="container-page flex flex-col items-center py-24 text-center">
      <p className="text-8xl font-extrabold text-brand-700" aria-hidden="true">
        404
      </p>
      <h1 className="mt-4 text-3xl font-bold sm:text-4xl">Oops! Page not found</h1>
      <p className="mt-4 max-w-md text-lg text-slate-600">The page you are looking for may have moved or never existed.</p>
      <Link to={paths.home} className="btn-primary mt-8">
        Return to Home
      </Link>
    </section>
  );
}

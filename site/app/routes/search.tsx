// /search?q=: the WebSite SearchAction target; searches an index of the pre-rendered pages in the browser.
import { useEffect, useState } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { Icon } from "../components/Icon";
import { PageHero } from "../components/PageHero";
import { searchData } from "../features/pages/page-data.server";
import { metaFromLoader } from "../lib/route-meta";
import { searchEntries } from "../lib/search";
import type { Route } from "./+types/search";

export const loader = () => searchData();
export const meta: Route.MetaFunction = metaFromLoader;

export default function Search({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  // The page is pre-rendered without a query: hydrate that, then show the results for ?q=.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const query = hydrated ? (params.get("q") ?? "") : "";
  const results = searchEntries(loaderData.entries, query);
  return (
    <>
      <PageHero title="Search" intro="Find courses, services and answers across the site." compact>
        <Form method="get" role="search" className="mt-8 flex max-w-xl gap-2">
          <label htmlFor="q" className="sr-only">
            Search the site
          </label>
          <input
            id="q"
            name="q"
            type="search"
            defaultValue={query}
            key={query}
            placeholder="e.g. Power BI, ethical hacking, WordPress"
            className="min-h-11 min-w-0 flex-1 rounded-lg border border-slate-400 px-3 text-ink placeholder:text-slate-500"
          />
          <button type="submit" className="btn-primary">
            <Icon name="search" className="size-4" />
            Search
          </button>
        </Form>
      </PageHero>
      <section aria-labelledby="results" className="container-page max-w-3xl py-12">
        <h2 id="results" className="text-2xl font-bold" aria-live="polite">
          {query ? `${results.length} ${results.length === 1 ? "result" : "results"} for “${query}”` : "Type a word to search"}
        </h2>
        <ul className="mt-6 space-y-4">
          {results.map((r) => (
            <li key={r.path} className="card p-5">
              <Link to={r.path} className="text-lg font-semibold text-brand-700 underline">
                {r.title}
              </Link>
              <p className="mt-1 text-slate-600">{r.description}</p>
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}

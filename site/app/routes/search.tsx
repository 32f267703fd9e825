// /search?q=: the WebSite SearchAction target. Pre-rendered as a shell; Pagefind searches the site in the browser.
import { useEffect, useState } from "react";
import { Form, Link, useSearchParams } from "react-router";
import { Icon } from "../components/Icon";
import { PageHero } from "../components/PageHero";
import { paths } from "../config/paths";
import { searchData } from "./search.server";
import { Excerpt } from "../features/search/components/Excerpt";
import { useSearchPages, type SearchState } from "../features/search/api/search-pages";
import { metaFromLoader } from "../lib/route-meta";
import type { Route } from "./+types/search";

export const loader = () => searchData();
export const meta: Route.MetaFunction = metaFromLoader;

function heading(state: SearchState): string {
  switch (state.status) {
    case "idle":
      return "Type a word to search";
    case "loading":
      return `Searching for “${state.query}”…`;
    case "error":
      return "Search is not available right now";
    case "done":
      return state.results.length === 0
        ? `No results for “${state.query}”`
        : `${state.results.length} ${state.results.length === 1 ? "result" : "results"} for “${state.query}”`;
  }
}

export default function Search() {
  const [params] = useSearchParams();
  // The page is pre-rendered without a query: hydrate that, then search for ?q=.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const query = hydrated ? (params.get("q") ?? "") : "";
  const state = useSearchPages(query);
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
            placeholder="e.g. Power BI, ethical hacking, refund"
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
          {heading(state)}
        </h2>
        {state.status === "done" && state.results.length === 0 && (
          <p className="mt-4 text-slate-600">
            Try another word, or browse our <Link to={paths.courses} className="text-brand-700 underline">courses</Link> and{" "}
            <Link to={paths.services} className="text-brand-700 underline">services</Link>.
          </p>
        )}
        {state.status === "done" && state.results.length > 0 && (
          <ul className="mt-6 space-y-4" data-testid="search-results">
            {state.results.map((r) => (
              <li key={r.url} className="card p-5">
                <Link to={r.url} className="text-lg font-semibold text-brand-700 underline">
                  {r.title}
                </Link>
                <p className="mt-1 text-slate-600">
                  <Excerpt html={r.excerpt} />
                </p>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}

// Searches the pre-rendered pages with Pagefind's browser API (/pagefind/pagefind.js, written at build).
import { useEffect, useState } from "react";

export const pagefindScript = "/pagefind/pagefind.js";
export const maxResults = 20;

export interface PageResult {
  url: string;
  title: string;
  /** Pagefind's excerpt: escaped text with <mark> around matches (rendered as text, see Excerpt). */
  excerpt: string;
}

interface PagefindResultData {
  url: string;
  excerpt: string;
  meta: { title?: string };
}

interface Pagefind {
  options(o: Record<string, unknown>): Promise<void>;
  search(q: string): Promise<{ results: { data(): Promise<PagefindResultData> }[] } | null>;
}

let loaded: Promise<Pagefind> | undefined;
function loadPagefind(): Promise<Pagefind> {
  loaded ??= (import(/* @vite-ignore */ pagefindScript) as Promise<Pagefind>).then(async (p) => {
    await p.options({ excerptLength: 24 });
    return p;
  });
  loaded.catch(() => (loaded = undefined));
  return loaded;
}

export async function searchPages(query: string): Promise<PageResult[]> {
  const pagefind = await loadPagefind();
  const search = await pagefind.search(query);
  const data = await Promise.all((search?.results ?? []).slice(0, maxResults).map((r) => r.data()));
  return data.map((d) => ({ url: d.url, title: d.meta.title || d.url, excerpt: d.excerpt }));
}

export type SearchState =
  | { status: "idle" }
  | { status: "loading"; query: string }
  | { status: "done"; query: string; results: PageResult[] }
  | { status: "error"; query: string };

/** The results for `query` (blank: idle). */
export function useSearchPages(query: string): SearchState {
  const [state, setState] = useState<SearchState>({ status: "idle" });
  useEffect(() => {
    const q = query.trim();
    if (!q) {
      setState({ status: "idle" });
      return;
    }
    let current = true;
    setState({ status: "loading", query: q });
    searchPages(q).then(
      (results) => current && setState({ status: "done", query: q, results }),
      (error) => {
        console.error("Search failed:", error);
        if (current) setState({ status: "error", query: q });
      },
    );
    return () => {
      current = false;
    };
  }, [query]);
  return state;
}

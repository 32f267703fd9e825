// A list the API answers a page at a time (`{items, nextCursor}`): the first page, then "Load more" appends the next
// until there is no cursor. Starts over when `loadPage` changes (new filters); rows can be replaced in place after a
// change (an enquiry marked handled, an enrolment revoked).
import { useCallback, useEffect, useRef, useState } from "react";

export interface Page<T> {
  items: T[];
  nextCursor?: string | null;
}

export type ListState = "loading" | "ready" | "error";

export function useCursorList<T>(loadPage: (cursor?: string | null) => Promise<Page<T>>) {
  const [items, setItems] = useState<T[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [state, setState] = useState<ListState>("loading");
  const [error, setError] = useState<unknown>(null);
  const [loadingMore, setLoadingMore] = useState(false);
  const [moreError, setMoreError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);
  // Answers for a list that has since started over are dropped.
  const generation = useRef(0);

  useEffect(() => {
    const mine = ++generation.current;
    setState("loading");
    setItems([]);
    setNext(null);
    setMoreError(null);
    loadPage().then(
      (page) => {
        if (mine !== generation.current) return;
        setItems(page.items);
        setNext(page.nextCursor ?? null);
        setState("ready");
      },
      (e: unknown) => {
        if (mine !== generation.current) return;
        setError(e);
        setState("error");
      },
    );
  }, [loadPage, attempt]);

  const loadMore = useCallback(async () => {
    if (!next) return;
    const mine = generation.current;
    setLoadingMore(true);
    setMoreError(null);
    try {
      const page = await loadPage(next);
      if (mine !== generation.current) return;
      setItems((before) => [...before, ...page.items]);
      setNext(page.nextCursor ?? null);
    } catch (e) {
      if (mine === generation.current) setMoreError(e);
    } finally {
      if (mine === generation.current) setLoadingMore(false);
    }
  }, [loadPage, next]);

  const reload = useCallback(() => setAttempt((n) => n + 1), []);
  const replace = useCallback((matches: (item: T) => boolean, item: T) => setItems((all) => all.map((i) => (matches(i) ? item : i))), []);

  return { items, state, error, hasMore: next !== null, loadMore, loadingMore, moreError, reload, replace };
}

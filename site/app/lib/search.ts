// Client-side search over the pre-rendered pages' index: every word of the query must appear.
export interface Searchable {
  title: string;
  description: string;
  keywords: string;
}

export function searchEntries<T extends Searchable>(entries: T[], query: string): T[] {
  const words = query.toLowerCase().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  const scored = entries
    .map((e) => {
      const title = e.title.toLowerCase();
      const text = `${title} ${e.description} ${e.keywords}`.toLowerCase();
      if (!words.every((w) => text.includes(w))) return null;
      return { e, score: words.filter((w) => title.includes(w)).length };
    })
    .filter((x): x is { e: T; score: number } => x !== null);
  return scored.sort((a, b) => b.score - a.score).map((x) => x.e);
}

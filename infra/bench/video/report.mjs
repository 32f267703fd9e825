export function markdown(results, media, meta, misses, broken) {
  return "```json\n" + JSON.stringify({ results, media, meta, misses, broken }, null, 1) + "\n```\n";
}

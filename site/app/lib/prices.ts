// The price-reveal seam: docs/product.md#behaviour shows prices only after a successful geo lookup in a country other than
// Pakistan and Qatar; until then, and on any failure, they stay hidden.
import { pricesVisibleFor, useGeo } from "./geo";

export function usePricesVisible(): boolean {
  const geo = useGeo();
  return !!geo && pricesVisibleFor(geo.answer);
}

// The price-reveal seam: SPEC §4 shows prices only after a geo lookup in a non-excluded country. Until the
// geo issue wires /api/geo, prices stay hidden everywhere.
export function usePricesVisible(): boolean {
  return false;
}

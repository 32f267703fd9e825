// A price, shown only once the visitor's country allows it (docs/product.md#behaviour); hidden by default.
import { usePricesVisible } from "../lib/prices";
import { priceSlot, useStaticRender } from "../lib/static-render";

export function Price({ monthlyUsd, text, className }: { monthlyUsd: number; text?: string; className?: string }) {
  const visible = usePricesVisible();
  const price = <p className={className}>{text ?? `Starting at $${monthlyUsd} per month`}</p>;
  // Build-time HTML: the price waits in a template until StaticHtml reveals it.
  if (useStaticRender()) return <template {...{ [priceSlot.revealed]: "" }}>{price}</template>;
  return visible ? price : null;
}

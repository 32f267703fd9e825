// A price, shown only once the visitor's country allows it (docs/product.md#behaviour); hidden by default.
import { usePricesVisible } from "../lib/prices";

export function Price({ monthlyUsd, text, className }: { monthlyUsd: number; text?: string; className?: string }) {
  const visible = usePricesVisible();
  if (!visible) return null;
  return <p className={className}>{text ?? `Starting at $${monthlyUsd} per month`}</p>;
}

// How the site writes an amount of money the API gives in its currency's smallest unit (cents, paisa):
// "$149.00", "PKR 25,000" (docs/product.md#plan-form, Money). Whole rupees are shown without paisa.
import type { Currency } from "./payments-schema";

export function formatMoney(amount: number, currency: Currency | string): string {
  const code = currency.toUpperCase();
  const major = amount / 100;
  if (code === "USD") return new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(major);
  const whole = Number.isInteger(major);
  try {
    const text = new Intl.NumberFormat("en-US", {
      style: "currency",
      currency: code,
      currencyDisplay: "code",
      minimumFractionDigits: whole ? 0 : 2,
      maximumFractionDigits: 2,
    }).format(major);
    // Intl writes "PKR 25,000" with a no-break space: a plain one reads (and is searched for) the same.
    return text.replace(/\u00a0/g, " ");
  } catch {
    return `${code} ${major.toFixed(2)}`;
  }
}

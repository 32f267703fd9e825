// The payment list's filters (docs/product.md#staff-console): status, method, batch and a search (a name or an
// e-mail), kept in the page's URL beside `?section=payments` and sent as the API's query, for the list and its CSV.
import type { Query } from "#app/lib/api-client";
import type { PaymentMethod, PaymentState } from "#app/lib/payments-schema";

export interface PaymentFilters {
  status?: PaymentState;
  method?: PaymentMethod;
  batch?: string;
  q?: string;
}

export const paymentStatuses: readonly { value: PaymentState; label: string }[] = [
  { value: "paid", label: "Paid" },
  { value: "pending", label: "Pending" },
  { value: "failed", label: "Failed" },
  { value: "refunded", label: "Refunded" },
];

export const paymentMethods: readonly { value: PaymentMethod; label: string }[] = [
  { value: "card", label: "Card" },
  { value: "bank", label: "Bank transfer" },
  { value: "jazzcash", label: "JazzCash" },
  { value: "easypaisa", label: "Easypaisa" },
  { value: "cash", label: "Cash" },
];

export const methodLabel = (method: string) => paymentMethods.find((m) => m.value === method)?.label ?? method;
export const statusLabel = (status: string) => paymentStatuses.find((s) => s.value === status)?.label ?? status;

const maxSearchChars = 100;
const names = ["status", "method", "batch", "q"] as const;

const oneOf = <T extends string>(value: string | null, allowed: readonly { value: T }[]): T | undefined => allowed.find((a) => a.value === value)?.value;

export function paymentFiltersFromSearch(search: URLSearchParams): PaymentFilters {
  const q = search.get("q")?.trim().slice(0, maxSearchChars);
  const batch = search.get("batch")?.trim();
  return {
    status: oneOf(search.get("status"), paymentStatuses),
    method: oneOf(search.get("method"), paymentMethods),
    batch: batch && /^[0-9a-f]{24}$/i.test(batch) ? batch : undefined,
    q: q || undefined,
  };
}

export function paymentFiltersToQuery(filters: PaymentFilters, cursor?: string | null): Query {
  return { status: filters.status, method: filters.method, batch: filters.batch, q: filters.q?.trim() || undefined, cursor: cursor ?? undefined };
}

/** `search` with the filters written over its own (the section is kept). */
export function withPaymentFilters(search: URLSearchParams, filters: PaymentFilters): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const name of names) {
    const value = name === "q" ? filters.q?.trim() : filters[name];
    if (value) next.set(name, value);
    else next.delete(name);
  }
  return next;
}

// The enquiry list's filters (docs/product.md#staff-console): form type, delivery, handled and a search, kept in the
// page's URL (so a filtered view can be reloaded or shared) and sent as the API's query string, for the list and for
// its CSV export alike.
import type { Query } from "../../lib/api-client";
import type { FormType, SubmissionStatus } from "../../lib/api-schema";

export interface EnquiryFilters {
  formType?: FormType;
  delivery?: SubmissionStatus;
  handled?: boolean;
  /** The start of an e-mail, a name or a word of it. */
  q?: string;
}

export const formTypes: readonly { value: FormType; label: string }[] = [
  { value: "contact-form", label: "Contact" },
  { value: "enrollment-form", label: "Enrolment" },
  { value: "registration-form", label: "Registration (plan)" },
];

export const deliveries: readonly SubmissionStatus[] = ["pending", "sent", "failed"];

/** The longest search the API takes. */
export const maxSearchChars = 100;

const oneOf = <T extends string>(value: string | null, allowed: readonly T[]): T | undefined =>
  allowed.find((a) => a === value);

/** The filters a URL's search parameters name; anything unknown or malformed is left out. */
export function filtersFromSearch(search: URLSearchParams): EnquiryFilters {
  const handled = search.get("handled");
  const q = search.get("q")?.trim().slice(0, maxSearchChars);
  return {
    formType: oneOf(search.get("formType"), formTypes.map((f) => f.value)),
    delivery: oneOf(search.get("delivery"), deliveries),
    handled: handled === "true" ? true : handled === "false" ? false : undefined,
    q: q || undefined,
  };
}

/** The API's query parameters for `filters` (and a page's cursor); unset filters are not sent. */
export function filtersToQuery(filters: EnquiryFilters, cursor?: string | null): Query {
  return {
    formType: filters.formType,
    delivery: filters.delivery,
    handled: filters.handled === undefined ? undefined : String(filters.handled),
    q: filters.q?.trim() || undefined,
    cursor: cursor ?? undefined,
  };
}

/** `search` with the filters written over its own (other parameters, such as the section, are kept). */
export function withFilters(search: URLSearchParams, filters: EnquiryFilters): URLSearchParams {
  const next = new URLSearchParams(search);
  for (const [name, value] of Object.entries(filtersToQuery(filters))) {
    if (value === undefined) next.delete(name);
    else next.set(name, String(value));
  }
  next.delete("cursor");
  return next;
}

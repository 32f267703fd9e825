// The visitor's country (GET /api/geo, from the CDN's viewer-country header), asked once per page load
// and shared by every component that needs it: the price reveal and the enrolment layout (docs/product.md#behaviour).
import { useEffect, useState } from "react";
import type { GeoAnswer } from "./api-schema";

/** Countries that get the simple enrolment form and no prices (docs/product.md#constants). */
export const excludedCountryCodes = ["PK", "QA"];

/** The answer, or null when the lookup failed (failures are only logged, docs/product.md#messages). */
export async function fetchGeo(): Promise<GeoAnswer | null> {
  try {
    // The client loads with the request: on the home page nothing else calls the API, and the answer only ever
    // reveals prices after the first paint.
    const { apiGet } = await import("./api-client");
    const answer = await apiGet("/api/geo");
    if (answer && typeof answer === "object") return answer;
    console.warn("Location check failed: no answer body");
  } catch (e) {
    console.warn("Location check failed", e);
  }
  return null;
}

let pending: Promise<GeoAnswer | null> | undefined;
let settled: { answer: GeoAnswer | null } | undefined;

/** The answer, asked for once per page load. */
export function lookupGeo(): Promise<GeoAnswer | null> {
  pending ??= fetchGeo().then((answer) => {
    settled = { answer };
    return answer;
  });
  return pending;
}

/** `loading` until the lookup settles, then `pk` (Pakistan or Qatar) or `other` (anything else, failures included). */
export type Region = "loading" | "pk" | "other";

const isExcluded = (a: GeoAnswer | null) =>
  !!a?.success && excludedCountryCodes.includes((a.country_code ?? "").toUpperCase());

/** The settled geo answer; undefined while loading. The first render is always "loading" (matches the pre-rendered HTML). */
export function useGeo(): { answer: GeoAnswer | null } | undefined {
  // Only after hydration may a cached answer be used at once (client-side navigation).
  const [state, setState] = useState<{ answer: GeoAnswer | null } | undefined>(() =>
    typeof document !== "undefined" && document.documentElement.dataset.hydrated === "true" ? settled : undefined,
  );
  useEffect(() => {
    if (state) return;
    let live = true;
    lookupGeo().then((answer) => live && setState({ answer }));
    return () => {
      live = false;
    };
  }, [state]);
  return state;
}

export function useRegion(): Region {
  const geo = useGeo();
  if (!geo) return "loading";
  return isExcluded(geo.answer) ? "pk" : "other";
}

/** Prices show only after a successful lookup in a country other than PK and QA. */
export function pricesVisibleFor(answer: GeoAnswer | null): boolean {
  return !!answer?.success && !!answer.country_code && !isExcluded(answer);
}

import { describe, expect, it } from "vitest";
import { pricesVisibleFor } from "./geo";

describe("price reveal (docs/product.md#behaviour)", () => {
  it("shows prices only after a successful lookup outside Pakistan and Qatar", () => {
    expect(pricesVisibleFor({ country: "United Kingdom", country_code: "GB", success: true })).toBe(true);
    expect(pricesVisibleFor({ country: "Pakistan", country_code: "PK", success: true })).toBe(false);
    expect(pricesVisibleFor({ country: "Qatar", country_code: "qa", success: true })).toBe(false);
    expect(pricesVisibleFor({ country: null, country_code: null, success: false })).toBe(false);
    expect(pricesVisibleFor({ country: "United Kingdom", country_code: "GB", success: false })).toBe(false);
    expect(pricesVisibleFor(null)).toBe(false);
  });
});

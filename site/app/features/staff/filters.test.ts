import { describe, expect, it } from "vitest";
import { queryString } from "../../lib/api-client";
import { filtersFromSearch, filtersToQuery, withFilters } from "./filters";

describe("enquiry filters", () => {
  it("read from the URL only what the API accepts", () => {
    const search = new URLSearchParams("section=enquiries&formType=contact-form&delivery=failed&handled=false&q=%20ayesha%20");
    expect(filtersFromSearch(search)).toEqual({ formType: "contact-form", delivery: "failed", handled: false, q: "ayesha" });
    const junk = new URLSearchParams("formType=spam&delivery=lost&handled=maybe&q=%20%20");
    expect(filtersFromSearch(junk)).toEqual({ formType: undefined, delivery: undefined, handled: undefined, q: undefined });
    expect(filtersFromSearch(new URLSearchParams(`q=${"x".repeat(150)}`)).q).toHaveLength(100);
  });

  it("become the API's query string, unset filters and an absent cursor left out", () => {
    expect(queryString(filtersToQuery({}))).toBe("");
    expect(queryString(filtersToQuery({ handled: false }))).toBe("?handled=false");
    expect(queryString(filtersToQuery({ formType: "enrollment-form", delivery: "sent", handled: true, q: "a b&c" }, "abc_-1"))).toBe(
      "?formType=enrollment-form&delivery=sent&handled=true&q=a+b%26c&cursor=abc_-1",
    );
  });

  it("are written into the URL over the old ones, keeping the section and dropping a cursor", () => {
    const before = new URLSearchParams("section=enquiries&delivery=failed&q=old&cursor=xyz");
    const after = withFilters(before, { handled: true, q: "new" });
    expect(after.toString()).toBe("section=enquiries&q=new&handled=true");
    expect(filtersFromSearch(after)).toEqual({ formType: undefined, delivery: undefined, handled: true, q: "new" });
  });
});

import { describe, expect, it } from "vitest";
import { isActivePath, isNavItemActive } from "./nav";

describe("isActivePath", () => {
  it("matches home exactly", () => {
    expect(isActivePath("/", "/")).toBe(true);
    expect(isActivePath("/about", "/")).toBe(false);
    expect(isActivePath("/courses", "/")).toBe(false);
  });

  it("matches other routes by prefix", () => {
    expect(isActivePath("/contact", "/contact")).toBe(true);
    expect(isActivePath("/contact/", "/contact")).toBe(true);
    expect(isActivePath("/lms", "/lms")).toBe(true);
    expect(isActivePath("/lms/anything", "/lms")).toBe(true);
  });

  it("does not match a mere string prefix", () => {
    expect(isActivePath("/coursesX", "/courses")).toBe(false);
    expect(isActivePath("/contact-us", "/contact")).toBe(false);
  });

  it("ignores case, query and hash like the router does", () => {
    expect(isActivePath("/freedemo", "/FreeDemo")).toBe(true);
    expect(isActivePath("/FreeDemo", "/FreeDemo#book")).toBe(true);
    expect(isActivePath("/contact?x=1", "/contact")).toBe(true);
  });
});

describe("isNavItemActive", () => {
  const courses = { label: "Online Courses", path: "/courses", children: [{ label: "MERN", path: "/MernStackPage" }] };
  it("is active on its own page and on any page in its dropdown", () => {
    expect(isNavItemActive("/courses", courses)).toBe(true);
    expect(isNavItemActive("/MernStackPage", courses)).toBe(true);
    expect(isNavItemActive("/about", courses)).toBe(false);
  });
});

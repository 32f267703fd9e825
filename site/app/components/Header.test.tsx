import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { layoutData } from "../lib/layout-data.server";
import { renderAt } from "../test/render";
import { Header } from "./Header";

const data = layoutData();
const header = () => <Header brandName={data.brand.name} logo={data.brand.logo} nav={data.nav} sessionActions={() => null} />;
const mainNav = () => screen.getByRole("navigation", { name: "Main" });
const mobileNav = () => document.getElementById("mobile-menu")!;
/** The mobile menu's code loads on the first opening. */
const openedMobileNav = () => screen.findByRole("navigation", { name: "Mobile" });

afterEach(() => {
  document.getElementById("contact")?.remove();
});

describe("Header navigation", () => {
  it("lists the five menus with the courses, services and free demo dropdowns", () => {
    renderAt(header());
    const nav = within(mainNav());
    for (const label of ["Home", "About", "Online Courses", "Our Services", "Free Demo"]) {
      expect(nav.getByRole("link", { name: label })).toBeTruthy();
    }
    expect(nav.getByRole("list", { name: "Online Courses" }).querySelectorAll("a")).toHaveLength(4);
    expect(nav.getByRole("list", { name: "Our Services" }).querySelectorAll("a")).toHaveLength(6);
    const demo = nav.getByRole("list", { name: "Free Demo" });
    expect(within(demo).getByRole("link", { name: "Book Free Session" }).getAttribute("href")).toBe("/FreeDemo#book");
    expect(within(demo).getByRole("link", { name: "Recorded Demo" }).getAttribute("href")).toBe("/FreeDemo#recorded");
  });

  it("highlights home only on / (exact match)", () => {
    renderAt(header(), "/");
    expect(within(mainNav()).getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBe("page");
    expect(within(mainNav()).getByRole("link", { name: "About" }).getAttribute("aria-current")).toBeNull();
  });

  it("highlights other menus by prefix and a dropdown on its children's pages", () => {
    renderAt(header(), "/MernStackPage");
    const nav = within(mainNav());
    expect(nav.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBeNull();
    expect(nav.getByRole("link", { name: "Online Courses" }).hasAttribute("data-active")).toBe(true);
    expect(nav.getByRole("link", { name: "Our Services" }).hasAttribute("data-active")).toBe(false);
  });
});

describe("Contact button", () => {
  const contactLink = () => screen.getAllByRole("link", { name: /Contact$/ })[0]!;

  it("shows a check mark under /contact only", () => {
    renderAt(header(), "/contact");
    expect(contactLink().querySelector("use")?.getAttribute("href")).toMatch(/#check$/);
  });

  it("has no check mark elsewhere", () => {
    renderAt(header(), "/about");
    expect(contactLink().querySelector("use")).toBeNull();
  });

  it("scrolls to a #contact section on the current page instead of navigating", () => {
    const section = document.createElement("section");
    section.id = "contact";
    section.scrollIntoView = vi.fn();
    document.body.append(section);
    const { router } = renderAt(header(), "/");
    fireEvent.click(contactLink());
    expect(section.scrollIntoView).toHaveBeenCalled();
    expect(router.state.location.pathname).toBe("/");
  });

  it("navigates to /contact when the page has no contact section", async () => {
    const { router } = renderAt(header(), "/about");
    await act(async () => {
      fireEvent.click(contactLink());
    });
    expect(router.state.location.pathname).toBe("/contact");
  });
});

describe("Mobile menu", () => {
  const toggle = () => screen.getByRole("button", { name: /menu$/ });

  it("is not in the page until first opened, then opens and closes with the toggle", async () => {
    renderAt(header());
    expect(document.getElementById("mobile-menu")).toBeNull();
    expect(toggle().getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(toggle());
    expect((await openedMobileNav()).hidden).toBe(false);
    expect(toggle().getAttribute("aria-expanded")).toBe("true");
    expect(toggle().getAttribute("aria-label")).toBe("Close menu");
    fireEvent.click(toggle());
    expect(mobileNav().hidden).toBe(true);
  });

  it("expands each dropdown on its own", async () => {
    renderAt(header());
    fireEvent.click(toggle());
    const menu = within(await openedMobileNav());
    const courses = menu.getByRole("button", { name: "Expand Online Courses" });
    const services = menu.getByRole("button", { name: "Expand Our Services" });
    const coursesList = document.getElementById(courses.getAttribute("aria-controls")!)!;
    const servicesList = document.getElementById(services.getAttribute("aria-controls")!)!;
    expect(coursesList.hidden).toBe(true);
    fireEvent.click(courses);
    expect(coursesList.hidden).toBe(false);
    expect(servicesList.hidden).toBe(true);
    expect(within(coursesList).getAllByRole("link")).toHaveLength(4);
    fireEvent.click(menu.getByRole("button", { name: "Collapse Online Courses" }));
    expect(coursesList.hidden).toBe(true);
  });

  it("closes after following a link", async () => {
    const { router } = renderAt(header(), "/");
    fireEvent.click(toggle());
    const menu = await openedMobileNav();
    await act(async () => {
      fireEvent.click(within(menu).getByRole("link", { name: "About" }));
    });
    expect(router.state.location.pathname).toBe("/about");
    expect(mobileNav().hidden).toBe(true);
  });
});

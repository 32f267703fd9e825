import { act, fireEvent, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { layoutData } from "../lib/layout-data.server";
import { staticHtml } from "../lib/static-html.server";
import { renderAt } from "../test/render";
import { Header } from "./Header";
import { StaticHeader } from "./StaticHeader";

const data = layoutData();
/** The header as a page shows it: its build-time HTML for `path` (root.server.tsx), drawn by StaticHeader. */
const header = (path = "/") => (
  <StaticHeader
    html={staticHtml(<Header brandName={data.brand.name} logo={data.brand.logo} nav={data.nav} sessionActions={null} />, path)}
    nav={data.nav}
    signedIn={false}
    sessionActions={() => null}
  />
);
const mainNav = () => screen.getByRole("navigation", { name: "Main" });
const contactLink = () => screen.getAllByRole("link", { name: /Contact$/ })[0]!;
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
    renderAt(header("/MernStackPage"), "/MernStackPage");
    const nav = within(mainNav());
    expect(nav.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBeNull();
    expect(nav.getByRole("link", { name: "Online Courses" }).hasAttribute("data-active")).toBe(true);
    expect(nav.getByRole("link", { name: "Our Services" }).hasAttribute("data-active")).toBe(false);
  });
});

describe("Header after a navigation in the browser", () => {
  it("marks the new page's links (the HTML was drawn for the first page)", async () => {
    const { router } = renderAt(header("/"), "/");
    await act(() => router.navigate("/WordPressDevelopment"));
    const nav = within(mainNav());
    expect(nav.getByRole("link", { name: "Home" }).getAttribute("aria-current")).toBeNull();
    expect(nav.getByRole("link", { name: "Our Services" }).getAttribute("data-active")).toBe("true");
    expect(nav.getByRole("link", { name: "Our Services" }).getAttribute("aria-current")).toBeNull();
    expect(nav.getByRole("link", { name: "WordPress Development" }).hasAttribute("data-active")).toBe(true);
    await act(() => router.navigate("/contact"));
    expect(contactLink().getAttribute("aria-current")).toBe("page");
    expect(contactLink().querySelector("svg")?.hasAttribute("hidden")).toBe(false);
    expect(nav.getByRole("link", { name: "Our Services" }).hasAttribute("data-active")).toBe(false);
  });

  it("follows its links in the browser", async () => {
    const { router } = renderAt(header("/"), "/");
    await act(async () => {
      fireEvent.click(within(mainNav()).getByRole("link", { name: "About" }));
    });
    expect(router.state.location.pathname).toBe("/about");
  });
});

describe("Desktop dropdowns", () => {
  const item = (label: string) => within(mainNav()).getByRole("link", { name: label }).closest("li")!;

  it("are dismissed by Escape, back on the menu's link, until the pointer comes back", () => {
    renderAt(header());
    const services = within(mainNav()).getByRole("link", { name: "WordPress Development" });
    services.focus();
    fireEvent.keyDown(services, { key: "Escape" });
    expect(item("Our Services").hasAttribute("data-dismissed")).toBe(true);
    expect(document.activeElement?.textContent).toBe("Our Services");
    fireEvent.mouseOver(item("Our Services"), { relatedTarget: document.body });
    expect(item("Our Services").hasAttribute("data-dismissed")).toBe(false);
  });

  it("are dismissed by a chosen link until focus leaves", async () => {
    renderAt(header());
    const link = within(mainNav()).getByRole("link", { name: "Data Analysis" });
    await act(async () => {
      fireEvent.click(link);
    });
    expect(item("Online Courses").hasAttribute("data-dismissed")).toBe(true);
    fireEvent.mouseOver(link, { relatedTarget: item("Online Courses") });
    expect(item("Online Courses").hasAttribute("data-dismissed")).toBe(true);
    fireEvent.blur(link, { relatedTarget: document.body });
    expect(item("Online Courses").hasAttribute("data-dismissed")).toBe(false);
  });
});

describe("Contact button", () => {
  it("shows a check mark under /contact only", () => {
    renderAt(header("/contact"), "/contact");
    expect(contactLink().querySelector("svg:not([hidden]) use")?.getAttribute("href")).toMatch(/#check$/);
  });

  it("has no check mark elsewhere", () => {
    renderAt(header("/about"), "/about");
    expect(contactLink().querySelector("svg")?.hasAttribute("hidden")).toBe(true);
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
    const { router } = renderAt(header("/about"), "/about");
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

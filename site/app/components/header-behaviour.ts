// What the header does in the browser, on its build-time markup (components/Header.tsx): the current page's
// links marked as the visitor navigates, dropdowns dismissed by Escape or a chosen link, section links that scroll,
// and the mobile menu's toggle. components/StaticHeader.tsx calls these; the markup's data attributes say what is what.
import type { FocusEvent, KeyboardEvent, MouseEvent } from "react";
import { isActivePath } from "../lib/nav";
import { iconSpriteUrl } from "./Icon";

export const mobileMenuId = "mobile-menu";

/** `data-nav` on the header's links: how each one shows the current page. */
export const navKind = {
  /** A menu: aria-current on its own page, data-active also on a page its dropdown lists. */
  item: "item",
  /** A dropdown's link: data-active (bold) on its page, unless it points at a section. */
  child: "child",
  /** Search: aria-current on that exact path. */
  exact: "exact",
  /** Contact, LMS (SectionButton): aria-current and a check mark under its path. */
  section: "section",
} as const;

/** Where the account actions go: the build-time ones (signed out) and, once signed in, React's. */
export const headerSlots = { signedOut: "data-session-out", signedIn: "data-session-in" } as const;

const flag = (el: Element, name: string, value: string | false) =>
  value === false ? el.removeAttribute(name) : el.setAttribute(name, value);

/** Marks the links for `pathname` as the build did for the page the markup was drawn for. */
export function markCurrent(root: ParentNode, pathname: string) {
  const here = (a: Element) => isActivePath(pathname, a.getAttribute("href") ?? "");
  for (const a of root.querySelectorAll("a[data-nav]")) {
    const kind = a.getAttribute("data-nav");
    const href = a.getAttribute("href") ?? "";
    if (kind === navKind.child) {
      flag(a, "data-active", here(a) && !href.includes("#") && "true");
      continue;
    }
    const current = kind === navKind.exact ? pathname === href : here(a);
    flag(a, "aria-current", current && "page");
    if (kind === navKind.section) a.querySelector("svg")?.toggleAttribute("hidden", !current);
    if (kind === navKind.item) {
      const listed = [...(a.parentElement?.querySelectorAll(`[data-nav="${navKind.child}"]`) ?? [])].some(here);
      flag(a, "data-active", (current || listed) && "true");
    }
  }
}

/** The mobile menu's toggle as React drew it: expanded state, label and icon. */
export function showMenuToggle(root: ParentNode, open: boolean) {
  const button = root.querySelector(`button[aria-controls="${mobileMenuId}"]`);
  if (!button) return;
  button.setAttribute("aria-expanded", String(open));
  button.setAttribute("aria-label", open ? "Close menu" : "Open menu");
  button.querySelector("use")?.setAttribute("href", `${iconSpriteUrl}#${open ? "x" : "menu"}`);
}

/** Whether a click was on the mobile menu's toggle. */
export const isMenuToggle = (e: MouseEvent) => !!(e.target as Element).closest(`button[aria-controls="${mobileMenuId}"]`);

/** Contact and LMS go to their section when the page has one (SectionButton). */
export function scrollToSection(e: MouseEvent, sectionId = (e.target as Element).closest("a")?.dataset.section) {
  const section = sectionId && document.getElementById(sectionId);
  if (!section || e.defaultPrevented) return;
  e.preventDefault();
  section.scrollIntoView({ behavior: "smooth", block: "start" });
}

const dropdownOf = (e: { target: EventTarget }) => (e.target as Element).closest<HTMLElement>(".nav-dropdown");
const undismiss = (e: MouseEvent | FocusEvent) => {
  const item = dropdownOf(e);
  // Only when the pointer comes in or focus goes out (mouseenter and blur on the item itself).
  if (item && !item.contains(e.relatedTarget as Node | null)) delete item.dataset.dismissed;
};

/** Desktop dropdowns: CSS opens them; Escape or a chosen link closes one until the pointer returns or focus leaves. */
export const dropdownHandlers = {
  onMouseOver: undismiss,
  onBlur: undismiss,
  onKeyDown(e: KeyboardEvent) {
    const item = dropdownOf(e);
    if (!item || e.key !== "Escape") return;
    item.dataset.dismissed = "true";
    item.querySelector("a")?.focus();
  },
  onClick(e: MouseEvent) {
    const item = dropdownOf(e);
    if (item && (e.target as Element).closest(".nav-menu a")) item.dataset.dismissed = "true";
  },
};

// The sticky site header: main navigation with dropdowns, Contact / LMS / Sign In actions, mobile menu.
import { useEffect, useState, type MouseEvent, type ReactNode } from "react";
import { Form, Link, useLocation } from "react-router";
import { anchors, paths } from "../config/paths";
import { cx } from "../lib/cx";
import { isActivePath, isNavItemActive, type NavItem } from "../lib/nav";
import { Icon } from "./Icon";

interface HeaderProps {
  brandName: string;
  logo: string;
  nav: NavItem[];
  /** Sign In, or LMS and the user menu: drawn by features/auth (the header is below the features). */
  sessionActions: (className?: string) => ReactNode;
}

const linkBase = "rounded-md px-3 py-2 text-[0.95rem] font-medium transition-colors hover:text-brand-700";

/**
 * Desktop dropdown: CSS opens it on hover and focus-within. Escape or choosing a link dismisses it until the
 * pointer comes back or focus leaves it (a chosen link keeps focus, which would otherwise hold it open).
 */
function DropdownItem({ item, pathname }: { item: NavItem; pathname: string }) {
  const [dismissed, setDismissed] = useState(false);
  const active = isNavItemActive(pathname, item);
  const menuId = `menu-${item.path.replace(/\W/g, "") || "home"}`;
  return (
    <li
      className="nav-dropdown relative"
      data-dismissed={dismissed || undefined}
      onMouseEnter={() => setDismissed(false)}
      onBlur={(e) => {
        if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setDismissed(false);
      }}
      onKeyDown={(e) => {
        if (e.key === "Escape") {
          setDismissed(true);
          e.currentTarget.querySelector<HTMLAnchorElement>("a")?.focus();
        }
      }}
    >
      <Link
        to={item.path}
        aria-current={isActivePath(pathname, item.path) ? "page" : undefined}
        data-active={active || undefined}
        aria-controls={menuId}
        className={cx(linkBase, "inline-flex items-center gap-1", active ? "text-brand-700" : "text-slate-800")}
      >
        {item.label}
        <Icon name="chevron-down" className="size-4" />
      </Link>
      <ul
        id={menuId}
        aria-label={item.label}
        className="nav-menu absolute top-full left-0 z-50 hidden min-w-60 rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
      >
        {(item.children ?? []).map((child) => (
          <li key={child.path}>
            <Link
              to={child.path}
              onClick={() => setDismissed(true)}
              className={cx(
                "block rounded-lg px-3 py-2 text-sm hover:bg-brand-50 hover:text-brand-800",
                isActivePath(pathname, child.path) && !child.path.includes("#") ? "font-semibold text-brand-700" : "text-slate-800",
              )}
            >
              {child.label}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}

/**
 * Contact and LMS: scroll to the section of that id on the current page when there is one, otherwise go to
 * the page; a check mark shows while the current path is under it.
 */
export function SectionButton({ to, sectionId, label, className }: { to: string; sectionId: string; label: string; className?: string }) {
  const { pathname } = useLocation();
  const here = isActivePath(pathname, to);
  const onClick = (e: MouseEvent<HTMLAnchorElement>) => {
    const section = document.getElementById(sectionId);
    if (!section) return;
    e.preventDefault();
    section.scrollIntoView({ behavior: "smooth", block: "start" });
  };
  return (
    <Link to={to} onClick={onClick} aria-current={here ? "page" : undefined} className={className}>
      {here && <Icon name="check" className="size-4" />}
      {label}
    </Link>
  );
}

export function Header({ brandName, logo, nav, sessionActions }: HeaderProps) {
  const { pathname, hash } = useLocation();
  const [mobileOpen, setMobileOpen] = useState(false);
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});

  // Any navigation closes the mobile menu.
  useEffect(() => {
    setMobileOpen(false);
    setExpanded({});
  }, [pathname, hash]);

  return (
    <header className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur">
      <a
        href={`#${anchors.main}`}
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-800 focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <div className="container-page flex h-16 items-center justify-between gap-4">
        <Link to={paths.home} className="flex items-center gap-2 font-bold text-ink">
          <img src={logo} alt="" width={36} height={36} className="size-9" />
          <span className="text-lg leading-tight">{brandName}</span>
        </Link>

        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center gap-1">
            {nav.map((item) =>
              item.children ? (
                <DropdownItem key={item.path} item={item} pathname={pathname} />
              ) : (
                <li key={item.path}>
                  <Link
                    to={item.path}
                    aria-current={isActivePath(pathname, item.path) ? "page" : undefined}
                    data-active={isActivePath(pathname, item.path) || undefined}
                    className={cx(linkBase, isActivePath(pathname, item.path) ? "text-brand-700" : "text-slate-800")}
                  >
                    {item.label}
                  </Link>
                </li>
              ),
            )}
          </ul>
        </nav>

        <div className="hidden items-center gap-2 lg:flex">
          <Link
            to={paths.search}
            aria-current={pathname === paths.search ? "page" : undefined}
            className="inline-flex size-10 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 hover:text-brand-700"
          >
            <Icon name="search" className="size-5" />
            <span className="sr-only">Search</span>
          </Link>
          <SectionButton
            to={paths.contact}
            sectionId={anchors.contact}
            label="Contact"
            className="btn-secondary min-h-10 px-4 py-2 text-sm"
          />
          {sessionActions()}
        </div>

        <button
          type="button"
          className="inline-flex size-11 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 lg:hidden"
          aria-expanded={mobileOpen}
          aria-controls="mobile-menu"
          aria-label={mobileOpen ? "Close menu" : "Open menu"}
          onClick={() => setMobileOpen((open) => !open)}
        >
          <Icon name={mobileOpen ? "x" : "menu"} className="size-6" />
        </button>
      </div>

      <nav
        id="mobile-menu"
        aria-label="Mobile"
        hidden={!mobileOpen}
        className="max-h-[calc(100vh-4rem)] overflow-y-auto border-t border-slate-200 bg-white lg:hidden"
      >
        <ul className="container-page flex flex-col gap-1 py-4">
          {nav.map((item) => {
            const active = isNavItemActive(pathname, item);
            const subId = `mobile-sub-${item.path.replace(/\W/g, "") || "home"}`;
            return (
              <li key={item.path}>
                <div className="flex items-center justify-between">
                  <Link
                    to={item.path}
                    aria-current={isActivePath(pathname, item.path) ? "page" : undefined}
                    data-active={active || undefined}
                    className={cx("flex-1 rounded-md px-3 py-3 font-medium", active ? "text-brand-700" : "text-slate-800")}
                  >
                    {item.label}
                  </Link>
                  {item.children && (
                    <button
                      type="button"
                      className="inline-flex size-11 items-center justify-center rounded-md hover:bg-slate-100"
                      aria-expanded={Boolean(expanded[item.path])}
                      aria-controls={subId}
                      aria-label={`${expanded[item.path] ? "Collapse" : "Expand"} ${item.label}`}
                      onClick={() => setExpanded((e) => ({ ...e, [item.path]: !e[item.path] }))}
                    >
                      <Icon name="chevron-down" className={cx("size-5 transition-transform", expanded[item.path] && "rotate-180")} />
                    </button>
                  )}
                </div>
                {item.children && (
                  <ul id={subId} hidden={!expanded[item.path]} className="ml-4 border-l border-slate-200 pl-2">
                    {item.children.map((child) => (
                      <li key={child.path}>
                        <Link to={child.path} className="block rounded-md px-3 py-2.5 text-slate-800 hover:bg-brand-50">
                          {child.label}
                        </Link>
                      </li>
                    ))}
                  </ul>
                )}
              </li>
            );
          })}
          <li className="px-3 pt-2">
            <Form method="get" action={paths.search} role="search" className="flex gap-2">
              <label htmlFor="mobile-search" className="sr-only">
                Search the website
              </label>
              <input
                id="mobile-search"
                name="q"
                type="search"
                placeholder="Search courses, services…"
                className="min-h-11 min-w-0 flex-1 rounded-lg border border-slate-400 px-3 text-ink placeholder:text-slate-500"
              />
              <button type="submit" className="btn-secondary min-h-11 px-3">
                <Icon name="search" className="size-5" />
                <span className="sr-only">Search</span>
              </button>
            </Form>
          </li>
          <li className="mt-2 flex flex-wrap gap-2 px-3">
            <SectionButton to={paths.contact} sectionId={anchors.contact} label="Contact" className="btn-secondary" />
            {sessionActions("min-h-11 text-base")}
          </li>
        </ul>
      </nav>
    </header>
  );
}

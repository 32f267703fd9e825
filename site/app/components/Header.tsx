// The sticky site header: main navigation with dropdowns, Contact / LMS / Sign In actions, mobile menu.
import { lazy, Suspense, useEffect, useState, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { anchors, paths } from "../config/paths";
import { cx } from "../lib/cx";
import { isActivePath, isNavItemActive, type NavItem } from "../lib/nav";
import { Icon } from "./Icon";
import { SectionButton } from "./SectionButton";

interface HeaderProps {
  brandName: string;
  logo: string;
  nav: NavItem[];
  /** Sign In, or LMS and the user menu: drawn by features/auth (the header is below the features). */
  sessionActions: (className?: string) => ReactNode;
}

const MobileMenu = lazy(() => import("./MobileMenu").then((m) => ({ default: m.MobileMenu })));

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

export function Header({ brandName, logo, nav, sessionActions }: HeaderProps) {
  const { pathname, hash } = useLocation();
  const [mobileOpen, setMobileOpen] = useState(false);
  // The mobile menu's code loads on its first opening; it stays mounted (hidden) afterwards.
  const [mobileOpened, setMobileOpened] = useState(false);

  // Any navigation closes the mobile menu.
  useEffect(() => {
    setMobileOpen(false);
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
          onClick={() => {
            setMobileOpened(true);
            setMobileOpen((open) => !open);
          }}
        >
          <Icon name={mobileOpen ? "x" : "menu"} className="size-6" />
        </button>
      </div>

      {mobileOpened && (
        <Suspense fallback={null}>
          <MobileMenu open={mobileOpen} nav={nav} pathname={pathname} sessionActions={sessionActions} />
        </Suspense>
      )}
    </header>
  );
}

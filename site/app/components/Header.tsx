// The sticky site header's markup: main navigation with dropdowns, search, Contact, the account actions and the
// mobile menu's toggle. Rendered at build time for each page (root.server.tsx); components/StaticHeader.tsx draws
// it and gives it its behaviour (header-behaviour.ts), so no code for this markup ships.
import type { ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { anchors, paths } from "../config/paths";
import { cx } from "../lib/cx";
import { isActivePath, isNavItemActive, type NavItem } from "../lib/nav";
import { headerSlots, mobileMenuId, navKind } from "./header-behaviour";
import { Icon } from "./Icon";
import { SectionButton } from "./SectionButton";

interface HeaderProps {
  brandName: string;
  logo: string;
  nav: NavItem[];
  /** Sign In as a visitor sees it (features/auth draws it; the header is below the features). */
  sessionActions: ReactNode;
}

const linkBase = "rounded-md px-2 py-2 text-[0.95rem] font-medium whitespace-nowrap transition-colors hover:text-brand-700";
/** The colour of a menu: brand while its page (or one it lists) is shown. */
const itemColour = "text-slate-800 data-active:text-brand-700";

/**
 * Desktop dropdown: CSS opens it on hover and focus-within. Escape or choosing a link dismisses it until the
 * pointer comes back or focus leaves it (a chosen link keeps focus, which would otherwise hold it open).
 */
function DropdownItem({ item, pathname }: { item: NavItem; pathname: string }) {
  const menuId = `menu-${item.path.replace(/\W/g, "") || "home"}`;
  return (
    <li className="nav-dropdown relative">
      <Link
        to={item.path}
        data-nav={navKind.item}
        aria-current={isActivePath(pathname, item.path) ? "page" : undefined}
        data-active={isNavItemActive(pathname, item) || undefined}
        aria-controls={menuId}
        className={cx(linkBase, "inline-flex items-center gap-1", itemColour)}
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
              data-nav={navKind.child}
              data-active={(isActivePath(pathname, child.path) && !child.path.includes("#")) || undefined}
              className="block rounded-lg px-3 py-2 text-sm text-slate-800 hover:bg-brand-50 hover:text-brand-800 data-active:font-semibold data-active:text-brand-700"
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
  const { pathname } = useLocation();
  return (
    <>
      <a
        href={`#${anchors.main}`}
        className="sr-only z-50 rounded-md bg-white px-4 py-2 font-semibold text-brand-800 focus:not-sr-only focus:absolute focus:top-2 focus:left-2"
      >
        Skip to main content
      </a>
      <div className="container-page flex h-16 items-center justify-between gap-3">
        {/* One line at every width: between lg and xl, beside the full navigation, the logo stands for the name. */}
        <Link to={paths.home} className="flex shrink-0 items-center gap-2 font-bold text-ink">
          <img src={logo} alt="" width={36} height={36} className="size-9" />
          <span className="text-lg leading-tight whitespace-nowrap lg:max-xl:sr-only">{brandName}</span>
        </Link>

        <nav aria-label="Main" className="hidden lg:block">
          <ul className="flex items-center 2xl:gap-1">
            {nav.map((item) =>
              item.children ? (
                <DropdownItem key={item.path} item={item} pathname={pathname} />
              ) : (
                <li key={item.path}>
                  <Link
                    to={item.path}
                    data-nav={navKind.item}
                    aria-current={isActivePath(pathname, item.path) ? "page" : undefined}
                    data-active={isActivePath(pathname, item.path) || undefined}
                    className={cx(linkBase, itemColour)}
                  >
                    {item.label}
                  </Link>
                </li>
              ),
            )}
          </ul>
        </nav>

        <div className="hidden shrink-0 items-center gap-2 lg:flex">
          <Link
            to={paths.search}
            data-nav={navKind.exact}
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
          <span className="contents" {...{ [headerSlots.signedOut]: "" }}>
            {sessionActions}
          </span>
          <span className="contents" {...{ [headerSlots.signedIn]: "" }} />
        </div>

        <button
          type="button"
          className="inline-flex size-11 items-center justify-center rounded-lg text-slate-800 hover:bg-slate-100 lg:hidden"
          aria-expanded={false}
          aria-controls={mobileMenuId}
          aria-label="Open menu"
        >
          <Icon name="menu" className="size-6" />
        </button>
      </div>
    </>
  );
}

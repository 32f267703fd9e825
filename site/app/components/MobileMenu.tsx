// The header's menu below the large breakpoint: every menu with its dropdowns expandable one by one, search,
// Contact and the account actions. Loaded on the first opening (Header).
import { useEffect, useState, type ReactNode } from "react";
import { Form, Link } from "react-router";
import { anchors, paths } from "../config/paths";
import { cx } from "../lib/cx";
import { isActivePath, isNavItemActive, type NavItem } from "../lib/nav";
import { SectionButton } from "./SectionButton";
import { Icon } from "./Icon";

export function MobileMenu({
  open,
  nav,
  pathname,
  sessionActions,
}: {
  open: boolean;
  nav: NavItem[];
  pathname: string;
  sessionActions: (className?: string) => ReactNode;
}) {
  const [expanded, setExpanded] = useState<Record<string, boolean>>({});
  // Closing the menu (a navigation closes it) folds its dropdowns back.
  useEffect(() => {
    if (!open) setExpanded({});
  }, [open]);
  return (
    <nav
      id="mobile-menu"
      aria-label="Mobile"
      hidden={!open}
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
  );
}

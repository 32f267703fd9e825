// Contact and LMS in the header: a link that scrolls to its section when the current page has one.
import type { MouseEvent } from "react";
import { Link, useLocation } from "react-router";
import { isActivePath } from "../lib/nav";
import { navKind, scrollToSection } from "./header-behaviour";
import { Icon } from "./Icon";

/**
 * Contact and LMS: scroll to the section of that id on the current page when there is one, otherwise go to
 * the page; a check mark shows while the current path is under it. Drawn by React (mobile menu, LMS) or at build
 * time (the header, whose behaviour does the same from the data attributes).
 */
export function SectionButton({ to, sectionId, label, className }: { to: string; sectionId: string; label: string; className?: string }) {
  const { pathname } = useLocation();
  const here = isActivePath(pathname, to);
  return (
    <Link
      to={to}
      onClick={(e: MouseEvent<HTMLAnchorElement>) => scrollToSection(e, sectionId)}
      data-nav={navKind.section}
      data-section={sectionId}
      aria-current={here ? "page" : undefined}
      className={className}
    >
      <Icon name="check" className="size-4" hidden={!here} />
      {label}
    </Link>
  );
}

// Contact and LMS in the header: a link that scrolls to its section when the current page has one.
import type { MouseEvent } from "react";
import { Link, useLocation } from "react-router";
import { isActivePath } from "../lib/nav";
import { Icon } from "./Icon";

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

// The sticky site header, drawn from its build-time HTML (components/Header.tsx, rendered by the root loader for
// each page) with its behaviour (./header-behaviour.ts). React draws only what changes: the account actions once
// signed in, and the mobile menu, whose code loads on its first opening.
import { lazy, Suspense, useEffect, useLayoutEffect, useRef, useState, type MouseEvent, type ReactNode } from "react";
import { createPortal } from "react-dom";
import { useLocation, useNavigate } from "react-router";
import { followLink } from "../lib/follow-link";
import { useBuildTimeHtml } from "./StaticHtml";
import type { NavItem } from "../lib/nav";
import { dropdownHandlers, headerSlots, isMenuToggle, markCurrent, scrollToSection, showMenuToggle } from "./header-behaviour";

const MobileMenu = lazy(() => import("./MobileMenu").then((m) => ({ default: m.MobileMenu })));

interface StaticHeaderProps {
  html: string;
  nav: NavItem[];
  /** Signed in: React draws the account actions in place of the build-time Sign In. */
  signedIn: boolean;
  /** Sign In, or LMS and the user menu: drawn by features/auth (the header is below the features). */
  sessionActions: (className?: string) => ReactNode;
}

export function StaticHeader({ html: given, nav, signedIn, sessionActions }: StaticHeaderProps) {
  const { html, attribute } = useBuildTimeHtml(given, "header");
  const { pathname, hash } = useLocation();
  const navigate = useNavigate();
  const ref = useRef<HTMLElement>(null);
  const [mobileOpen, setMobileOpen] = useState(false);
  // The mobile menu's code loads on its first opening; it stays mounted (hidden) afterwards.
  const [mobileOpened, setMobileOpened] = useState(false);
  const [signedInSlot, setSignedInSlot] = useState<Element | null>(null);

  // Any navigation closes the mobile menu.
  useEffect(() => {
    setMobileOpen(false);
  }, [pathname, hash]);

  useEffect(() => {
    if (ref.current) markCurrent(ref.current, pathname);
  }, [pathname, html]);

  useEffect(() => {
    if (ref.current) showMenuToggle(ref.current, mobileOpen);
  }, [mobileOpen, html]);

  // Before the browser paints, so the build-time Sign In never flashes for a signed-in visitor.
  useLayoutEffect(() => {
    const root = ref.current;
    root?.querySelector(`[${headerSlots.signedOut}]`)?.toggleAttribute("hidden", signedIn);
    setSignedInSlot(root?.querySelector(`[${headerSlots.signedIn}]`) ?? null);
  }, [signedIn, html]);

  const onClick = (e: MouseEvent) => {
    if (isMenuToggle(e)) {
      setMobileOpened(true);
      setMobileOpen((open) => !open);
      return;
    }
    dropdownHandlers.onClick(e);
    scrollToSection(e);
    followLink(e, navigate);
  };

  return (
    <header
      ref={ref}
      className="sticky top-0 z-40 border-b border-slate-200 bg-white/95 backdrop-blur"
      onClick={onClick}
      onKeyDown={dropdownHandlers.onKeyDown}
      onMouseOver={dropdownHandlers.onMouseOver}
      onBlur={dropdownHandlers.onBlur}
    >
      <div {...attribute} className="contents" dangerouslySetInnerHTML={{ __html: html }} />
      {signedIn && signedInSlot && createPortal(sessionActions(), signedInSlot)}
      {mobileOpened && (
        <Suspense fallback={null}>
          <MobileMenu open={mobileOpen} nav={nav} pathname={pathname} sessionActions={sessionActions} />
        </Suspense>
      )}
    </header>
  );
}

// Build-time HTML's links navigate in the browser, as React Router's <Link> does (components/StaticHtml.tsx,
// components/StaticHeader.tsx): a plain left click on a same-origin page link that opens in the same tab.
import type { MouseEvent } from "react";
import type { NavigateFunction } from "react-router";

export function followLink(e: MouseEvent, navigate: NavigateFunction) {
  const a = (e.target as Element).closest("a");
  if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  if ((a.target && a.target !== "_self") || a.hasAttribute("download")) return;
  // A plain in-page link (the skip link) keeps the browser's own jump, which also moves focus.
  if (a.getAttribute("href")?.startsWith("#")) return;
  const url = new URL(a.href, window.location.href);
  if (url.origin !== window.location.origin) return;
  e.preventDefault();
  const here = url.pathname === window.location.pathname && url.search === window.location.search;
  void navigate(url.pathname + url.search + url.hash);
  // Like the footer's links when React draws them: a link to the page itself still goes to the top.
  if (here && !url.hash) window.scrollTo({ top: 0 });
}

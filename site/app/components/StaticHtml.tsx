// Build-time HTML of a page's unchanging sections (lib/static-html.server.tsx), with the behaviour its components
// have when React draws them: links navigate in the browser, prices appear after the country check, the FAQ's
// Show all / Hide all works, a picture that fails becomes its placeholder. No component code for the markup ships.
import { useEffect, useRef, type MouseEvent } from "react";
import { useNavigate, type NavigateFunction } from "react-router";
import { usePricesVisible } from "../lib/prices";
import { imgPlaceholderClass, priceSlot } from "../lib/static-render";

function followLink(e: MouseEvent, navigate: NavigateFunction) {
  const a = (e.target as Element).closest("a");
  if (!a || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
  if ((a.target && a.target !== "_self") || a.hasAttribute("download")) return;
  const url = new URL(a.href, window.location.href);
  if (url.origin !== window.location.origin) return;
  e.preventDefault();
  const here = url.pathname === window.location.pathname && url.search === window.location.search;
  void navigate(url.pathname + url.search + url.hash);
  // Like the footer's links when React draws them: a link to the page itself still goes to the top.
  if (here && !url.hash) window.scrollTo({ top: 0 });
}

function toggleFaq(e: MouseEvent) {
  const button = (e.target as Element).closest<HTMLButtonElement>("[data-faq-toggle]");
  if (!button) return;
  const items = faqItems(button);
  const open = !items.every((d) => d.open);
  for (const d of items) d.open = open;
  labelFaq(button);
}

const faqItems = (button: Element) =>
  (button.getAttribute("aria-controls") ?? "").split(" ").flatMap((id) => {
    const d = document.getElementById(id);
    return d instanceof HTMLDetailsElement ? [d] : [];
  });
const labelFaq = (button: Element) => (button.textContent = faqItems(button).every((d) => d.open) ? "Hide all" : "Show all");

function placeholderFor(img: HTMLImageElement) {
  const label = img.dataset.title || img.alt;
  const span = document.createElement("span");
  span.className = `${imgPlaceholderClass} ${img.className}`;
  span.style.aspectRatio = `${img.width} / ${img.height}`;
  span.dataset.testid = "img-placeholder";
  if (img.alt) {
    span.setAttribute("role", "img");
    span.setAttribute("aria-label", img.alt);
  } else span.setAttribute("aria-hidden", "true");
  span.textContent = label;
  img.replaceWith(span);
}

export function StaticHtml({ html }: { html: string }) {
  const navigate = useNavigate();
  const ref = useRef<HTMLDivElement>(null);
  const pricesVisible = usePricesVisible();

  useEffect(() => {
    const root = ref.current;
    if (!root) return;
    const onError = (e: Event) => e.target instanceof HTMLImageElement && placeholderFor(e.target);
    const onToggle = (e: Event) => {
      const id = (e.target as Element).id;
      const button = id && root.querySelector(`[data-faq-toggle][aria-controls~="${id}"]`);
      if (button) labelFaq(button);
    };
    // Neither event bubbles: listen while they go down.
    root.addEventListener("error", onError, true);
    root.addEventListener("toggle", onToggle, true);
    // A picture that failed before this ran fired its error already.
    root.querySelectorAll("img").forEach((img) => img.complete && img.naturalWidth === 0 && placeholderFor(img));
    return () => {
      root.removeEventListener("error", onError, true);
      root.removeEventListener("toggle", onToggle, true);
    };
  }, [html]);

  useEffect(() => {
    if (!pricesVisible || !ref.current) return;
    ref.current.querySelectorAll<HTMLTemplateElement>(`template[${priceSlot.revealed}]`).forEach((t) => {
      const hidden = t.previousElementSibling;
      if (hidden?.hasAttribute(priceSlot.hidden)) hidden.remove();
      t.replaceWith(t.content);
    });
  }, [pricesVisible, html]);

  return (
    <div
      ref={ref}
      className="contents"
      onClick={(e) => {
        toggleFaq(e);
        followLink(e, navigate);
      }}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}

// What build-time HTML does besides its links (components/StaticHtml.tsx), none of it needed for the first paint:
// prices appear after the country check, the FAQ's Show all / Hide all works, a picture that fails becomes its
// placeholder. Loaded beside hydration.
import { imgPlaceholderClass, priceSlot } from "../lib/static-render";

const faqItems = (button: Element) =>
  (button.getAttribute("aria-controls") ?? "").split(" ").flatMap((id) => {
    const d = document.getElementById(id);
    return d instanceof HTMLDetailsElement ? [d] : [];
  });
const labelFaq = (button: Element) => (button.textContent = faqItems(button).every((d) => d.open) ? "Hide all" : "Show all");

function toggleFaq(e: Event) {
  const button = (e.target as Element).closest<HTMLButtonElement>("[data-faq-toggle]");
  if (!button) return;
  const items = faqItems(button);
  const open = !items.every((d) => d.open);
  for (const d of items) d.open = open;
  labelFaq(button);
}

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

function revealPrices(root: Element) {
  root.querySelectorAll<HTMLTemplateElement>(`template[${priceSlot.revealed}]`).forEach((t) => {
    const hidden = t.previousElementSibling;
    if (hidden?.hasAttribute(priceSlot.hidden)) hidden.remove();
    t.replaceWith(t.content);
  });
}

/** Gives `root`'s markup its behaviour; returns what removes it. */
export function enhance(root: HTMLElement): () => void {
  let live = true;
  const onError = (e: Event) => e.target instanceof HTMLImageElement && placeholderFor(e.target);
  const onToggle = (e: Event) => {
    const id = (e.target as Element).id;
    const button = id && root.querySelector(`[data-faq-toggle][aria-controls~="${id}"]`);
    if (button) labelFaq(button);
  };
  // Neither error nor toggle bubbles: listen while they go down.
  root.addEventListener("error", onError, true);
  root.addEventListener("toggle", onToggle, true);
  root.addEventListener("click", toggleFaq);
  // A picture that failed before this ran fired its error already.
  root.querySelectorAll("img").forEach((img) => img.complete && img.naturalWidth === 0 && placeholderFor(img));
  // Only a page with prices asks for the country (the footer has none).
  if (root.querySelector(`template[${priceSlot.revealed}]`)) {
    void import("../lib/geo").then(async ({ lookupGeo, pricesVisibleFor }) => {
      const answer = await lookupGeo();
      if (live && pricesVisibleFor(answer)) revealPrices(root);
    });
  }
  return () => {
    live = false;
    root.removeEventListener("error", onError, true);
    root.removeEventListener("toggle", onToggle, true);
    root.removeEventListener("click", toggleFaq);
  };
}

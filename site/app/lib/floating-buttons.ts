// Where the floating buttons (WhatsApp, the assistant) stand aside (docs/product.md#behaviour): the staff console, a work
// tool whose tables and forms reach the screen's corner, goes without them; elsewhere each hides while a form control or
// a button lies under it (a form being filled on a phone, the actions of a list), so it never covers one.
import { useEffect, useState, type RefObject } from "react";
import { paths } from "../config/paths";

/** What a floating button must not cover: form controls and buttons, links drawn as buttons too (a link in text may be read past). */
const covered = 'input, select, textarea, button, summary, [role=button], [contenteditable=true], a[class*="btn"]';
/** Marks the floating buttons themselves: one is never "covered" by the other. */
export const floatingAttribute = "data-floating";

/** The root layout leaves the floating buttons out on these pages. */
export const onStaffConsole = (pathname: string) => pathname === paths.staff || pathname.startsWith(`${paths.staff}/`);

/** Points of a round button (its centre, edges and diagonals) where it would hide what lies under it. */
function pointsOf(r: DOMRect): [number, number][] {
  const [cx, cy, rx, ry] = [(r.left + r.right) / 2, (r.top + r.bottom) / 2, r.width / 2 - 2, r.height / 2 - 2];
  const d = 0.7;
  return [
    [cx, cy],
    [cx - rx, cy],
    [cx + rx, cy],
    [cx, cy - ry],
    [cx, cy + ry],
    [cx - rx * d, cy - ry * d],
    [cx + rx * d, cy - ry * d],
    [cx - rx * d, cy + ry * d],
    [cx + rx * d, cy + ry * d],
  ];
}

/** Whether the button `el` (visible or not) lies over a form control or a button of the page. */
export function coversAControl(el: HTMLElement): boolean {
  if (typeof document.elementsFromPoint !== "function") return false; // no layout (jsdom)
  return pointsOf(el.getBoundingClientRect()).some(([x, y]) => {
    const under = document.elementsFromPoint(x, y).find((e) => !e.closest(`[${floatingAttribute}]`));
    return Boolean(under?.closest(covered));
  });
}

/**
 * Whether the floating button `ref` should stand aside now: checked again on every scroll (of the page or of a
 * container), resize and change to the page, once a frame at most. `watch` false: never (say, while it is in use).
 */
export function useStandAside(ref: RefObject<HTMLElement | null>, watch = true): boolean {
  const [aside, setAside] = useState(false);
  useEffect(() => {
    if (!watch) {
      setAside(false);
      return;
    }
    let frame = 0;
    const check = () => {
      frame = 0;
      if (ref.current) setAside(coversAControl(ref.current));
    };
    const schedule = () => {
      if (!frame) frame = requestAnimationFrame(check);
    };
    const changes = new MutationObserver(schedule);
    changes.observe(document.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["hidden", "class", "open"] });
    window.addEventListener("scroll", schedule, { capture: true, passive: true });
    window.addEventListener("resize", schedule);
    schedule();
    return () => {
      cancelAnimationFrame(frame);
      changes.disconnect();
      window.removeEventListener("scroll", schedule, { capture: true });
      window.removeEventListener("resize", schedule);
    };
  }, [ref, watch]);
  return aside;
}

/** The classes of a floating button standing aside: out of sight, out of the tab order, not in the way of a tap. */
export const asideClass = "invisible pointer-events-none";

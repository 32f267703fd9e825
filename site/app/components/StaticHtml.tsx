// Build-time HTML of a page's unchanging sections (lib/static-html.server.tsx), with the behaviour its components
// have when React draws them: links navigate in the browser; the rest (prices after the country check, the FAQ's
// Show all / Hide all, a failed picture's placeholder) is ./static-html-behaviour.ts, which the first paint does not
// need. No component code for the markup ships.
import { useEffect, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { followLink } from "../lib/follow-link";
import { whenLoaded } from "../lib/when-loaded";

const behaviour = typeof document === "undefined" ? undefined : import("./static-html-behaviour");

/**
 * The build-time markup to draw in `slot` (one name per place on a page: the header, the footer, the page's body):
 * `html`, or, where the page's embedded loader data left it out because the page holds it already
 * (scripts/lean-loader-data.ts), the markup the pre-rendered page holds in that slot, read before hydration changes
 * anything. So hydration keeps what is there, and a render on the client (React's after a hydration error) draws
 * the same. Spread `attribute` on the element that takes the markup.
 */
export function useBuildTimeHtml(html: string, slot: BuildSlot): { html: string; attribute: Record<string, string> } {
  const [fromPage] = useState(() => {
    if (html || typeof document === "undefined") return "";
    return document.querySelector(`[${BUILD_HTML}="${slot}"]`)?.innerHTML ?? "";
  });
  return { html: html || fromPage, attribute: { [BUILD_HTML]: slot } };
}

export type BuildSlot = "header" | "footer" | "page";

const BUILD_HTML = "data-build-html";

export function StaticHtml({ html: given, slot = "page" }: { html: string; slot?: BuildSlot }) {
  const navigate = useNavigate();
  const ref = useRef<HTMLDivElement>(null);
  const { html, attribute } = useBuildTimeHtml(given, slot);

  useEffect(() => {
    const root = ref.current;
    return root ? whenLoaded(behaviour, (m) => m.enhance(root)) : undefined;
  }, [html]);

  return (
    <div ref={ref} {...attribute} className="contents" onClick={(e) => followLink(e, navigate)} dangerouslySetInnerHTML={{ __html: html }} />
  );
}

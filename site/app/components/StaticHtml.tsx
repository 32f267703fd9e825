// Build-time HTML of a page's unchanging sections (lib/static-html.server.tsx), with the behaviour its components
// have when React draws them: links navigate in the browser; the rest (prices after the country check, the FAQ's
// Show all / Hide all, a failed picture's placeholder) is ./static-html-behaviour.ts, which the first paint does not
// need. No component code for the markup ships.
import { useEffect, useRef } from "react";
import { useNavigate } from "react-router";
import { followLink } from "../lib/follow-link";
import { whenLoaded } from "../lib/when-loaded";

const behaviour = typeof document === "undefined" ? undefined : import("./static-html-behaviour");

export function StaticHtml({ html }: { html: string }) {
  const navigate = useNavigate();
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const root = ref.current;
    return root ? whenLoaded(behaviour, (m) => m.enhance(root)) : undefined;
  }, [html]);

  return (
    <div ref={ref} className="contents" onClick={(e) => followLink(e, navigate)} dangerouslySetInnerHTML={{ __html: html }} />
  );
}

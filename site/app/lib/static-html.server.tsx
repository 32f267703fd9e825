// Sections of a page that never change in the browser, rendered to HTML at build time: the page then ships their
// markup (in its loader data) instead of their components' code. components/StaticHtml.tsx draws it and gives it the
// little behaviour it has (links, prices, FAQ toggle, picture fallback). docs/decisions/0022-compressed-at-build-and-budgets.md
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { StaticRender } from "./static-render";

export function staticHtml(node: ReactNode, path = "/"): string {
  return renderToStaticMarkup(
    <StaticRender.Provider value={true}>
      <MemoryRouter initialEntries={[path]}>{node}</MemoryRouter>
    </StaticRender.Provider>,
  );
}

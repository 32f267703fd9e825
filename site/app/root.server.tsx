// Build-time data of the document shell: what the header shows, and the footer as HTML (it never changes in the
// browser, so its components' code does not ship; components/StaticHtml.tsx draws it).
import { Footer } from "./components/Footer";
import { layoutData } from "./lib/layout-data.server";
import { staticHtml } from "./lib/static-html.server";

export function rootData() {
  const data = layoutData();
  return { ...data, footerHtml: staticHtml(<Footer data={data} />) };
}

export type RootData = ReturnType<typeof rootData>;

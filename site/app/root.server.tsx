// Build-time data of the document shell: the header and the footer as HTML (neither changes in the browser but
// through their behaviour, so their components' code does not ship: components/StaticHeader.tsx and StaticHtml.tsx
// draw them), and what the mobile menu and the floating buttons need.
import { Footer } from "./components/Footer";
import { Header } from "./components/Header";
import { SessionActions } from "./features/auth/components/SessionActions";
import { layoutData } from "./lib/layout-data.server";
import { staticHtml } from "./lib/static-html.server";

/** `path`: the page being pre-rendered; its header marks that page's links (the browser marks them afterwards). */
export function rootData(path: string) {
  const data = layoutData();
  const header = (
    <Header brandName={data.brand.name} logo={data.brand.logo} nav={data.nav} sessionActions={<SessionActions />} />
  );
  return { ...data, headerHtml: staticHtml(header, path), footerHtml: staticHtml(<Footer data={data} />) };
}

export type RootData = ReturnType<typeof rootData>;

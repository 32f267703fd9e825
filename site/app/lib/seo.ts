// Builds each page's <head> metadata (title, description, canonical, Open Graph, JSON-LD). Runs in route
// loaders at build time; the route's `meta` export only hands the result to React Router.
import type { MetaDescriptor } from "react-router";
import { brand } from "../content/brand";
import { absoluteUrl } from "../config/site";

export interface PageSeo {
  /** Page title without the brand suffix; omit on the home page. */
  title?: string;
  description: string;
  path: string;
  image?: string;
  imageAlt?: string;
  noindex?: boolean;
  type?: "website" | "article";
  jsonLd?: Record<string, unknown>[];
}

export function fullTitle(title?: string): string {
  return title ? `${title} | ${brand.name}` : `${brand.name} | IT Courses & Software Services`;
}

export function pageMeta(seo: PageSeo): MetaDescriptor[] {
  const title = fullTitle(seo.title);
  const url = absoluteUrl(seo.path);
  const image = absoluteUrl(seo.image ?? brand.ogImage);
  const meta: MetaDescriptor[] = [
    { title },
    { name: "description", content: seo.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: seo.type ?? "website" },
    { property: "og:site_name", content: brand.name },
    { property: "og:title", content: title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:alt", content: seo.imageAlt ?? brand.name },
    { property: "og:locale", content: "en_GB" },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: seo.description },
    { name: "twitter:image", content: image },
  ];
  if (seo.noindex) meta.push({ name: "robots", content: "noindex, follow" });
  for (const data of seo.jsonLd ?? []) meta.push({ "script:ld+json": data });
  return meta;
}

/** A page kept out of search results (thank-you, search): its title and description only. */
export function utilityPageData(title: string, description: string, path: string) {
  return { meta: pageMeta({ title, description, path, noindex: true }) };
}

// Build-time data of the six service pages (the routes that draw ServicePage).
import { brand } from "../content/brand";
import { servicePage } from "../content/services";
import { paths, servicePagePaths, type ServicePageSlug } from "../config/paths";
import { absoluteUrl } from "../config/site";
import { pageMeta } from "../lib/seo";
import { breadcrumbLd } from "../lib/structured-data";

export function servicePageData(slug: ServicePageSlug) {
  const page = servicePage(slug);
  return {
    meta: pageMeta({
      title: page.metaTitle,
      description: page.metaDescription,
      path: servicePagePaths[slug],
      jsonLd: [
        {
          "@context": "https://schema.org",
          "@type": "Service",
          name: page.title,
          description: page.metaDescription,
          provider: { "@type": "Organization", name: brand.name },
          areaServed: ["PK", "GB", "Worldwide"],
          url: absoluteUrl(page.path),
        },
        breadcrumbLd([{ name: "Home", path: paths.home }, { name: "Services", path: paths.services }, { name: page.navTitle, path: page.path }]),
      ],
    }),
    page,
  };
}

// Files written after the pre-render: the icon sprite, sitemap.xml, robots.txt, redirects.json, the stylesheet inlined
// and the build-time HTML sent once in every page (lean-loader-data.ts), the scripts started after the first paint
// (hydrate-after-paint.ts), the search index, and last the brotli and gzip copies of every text file (scripts/compress.ts).
import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { redirectTable } from "../app/lib/redirects";
import { publicPagePaths } from "../app/config/pages";
import { paths } from "../app/config/paths";
import { absoluteUrl } from "../app/config/site";
import { writeCompressedCopies } from "./compress";
import { iconSprite } from "./icon-sprite";
import { hydratePagesAfterPaint } from "./hydrate-after-paint";
import { inlineStylesheet } from "./inline-stylesheet";
import { leanPages } from "./lean-loader-data";
import { writeSearchIndex } from "./search-index";

export const iconSpriteFile = "icons.svg";

export function sitemapXml(pagePaths: readonly string[]): string {
  const urls = pagePaths
    .map((p) => `  <url><loc>${absoluteUrl(p)}</loc><changefreq>${p === paths.home ? "weekly" : "monthly"}</changefreq></url>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(): string {
  return [
    "User-agent: *",
    "Allow: /",
    `Disallow: ${paths.lms}`,
    `Disallow: ${paths.staff}`,
    `Disallow: ${paths.thankYou}`,
    `Disallow: ${paths.demoBooking}`,
    `Disallow: ${paths.paymentDone}`,
    `Disallow: ${paths.search}`,
    "",
    `Sitemap: ${absoluteUrl("/sitemap.xml")}`,
    "",
  ].join("\n");
}

export async function writeBuildArtifacts(buildDirectory: string): Promise<void> {
  const client = join(buildDirectory, "client");
  await mkdir(client, { recursive: true });
  await Promise.all([
    writeFile(join(client, iconSpriteFile), await iconSprite()),
    writeFile(join(client, "sitemap.xml"), sitemapXml(publicPagePaths)),
    writeFile(join(client, "robots.txt"), robotsTxt()),
    writeFile(join(client, "redirects.json"), `${JSON.stringify(redirectTable(), null, 2)}\n`),
  ]);
  await inlineStylesheet(client);
  await leanPages(client);
  await hydratePagesAfterPaint(client, [...publicPagePaths, paths.notFound]);
  await writeSearchIndex(client);
  await writeCompressedCopies(client);
}

// Site-wide settings that are not content: where the site lives and which behaviours are switched on.

/** Origin used for canonical URLs, Open Graph, JSON-LD and the sitemap. */
export const siteOrigin = "https://www.skylinetech.academy";

export const absoluteUrl = (path: string) => new URL(path, siteOrigin).toString();

export const settings = {
  /**
   * docs/product.md#pages: developer-tool shortcuts (F12, Ctrl+Shift+I, Ctrl+Shift+J) and the context menu are
   * blocked across the app. Never applied inside inputs or text areas (paste and spell-check).
   */
  contentProtection: true,
} as const;

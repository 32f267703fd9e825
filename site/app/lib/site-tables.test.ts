// The route table, redirects, sitemap and structured data agree with each other and with docs/product.md.
import { describe, expect, it } from "vitest";
import { robotsTxt, sitemapXml } from "../../scripts/build-artifacts";
import { courses } from "../content/courses";
import { courseLd, faqLd, organizationLd, websiteLd, weeklyHours } from "./structured-data";
import { homeFaqs } from "../content/faqs";
import { clientRenderedPrefixes, prerenderPaths, publicPagePaths } from "../config/pages";
import { redirectTable } from "./redirects";
import { siteOrigin } from "../config/site";

const resolves = (target: string) => {
  const path = target.split("#")[0]!;
  return prerenderPaths.includes(path) || clientRenderedPrefixes.some((p) => path === p || path.startsWith(`${p}/`));
};

describe("route table", () => {
  it("lists the product's public routes once each", () => {
    for (const p of ["/", "/about", "/courses", "/CyberSecurityPage", "/DataAnalysisPage", "/AiPage", "/MernStackPage", "/services",
      "/WordPressDevelopment", "/AIChatbotIntegration", "/DataAnalysisServices", "/WebDevelopmentServices", "/CyberSecurityServices",
      "/UIUXServices", "/portfolio", "/FreeDemo", "/contact", "/privacy", "/terms", "/refund-policy"]) {
      expect(publicPagePaths).toContain(p);
    }
    expect(new Set(prerenderPaths).size).toBe(prerenderPaths.length);
    expect(prerenderPaths).toContain("/404");
    expect(prerenderPaths).toContain("/Thank-you");
  });
});

describe("redirects.json", () => {
  const table = redirectTable();
  it("sends the product's metadata URLs to live pages", () => {
    expect(table["/courses/mern-full-stack-development"]).toBe("/MernStackPage");
    expect(table["/courses/data-analyst"]).toBe("/DataAnalysisPage");
    expect(table["/courses/ai-machine-learning"]).toBe("/AiPage");
    expect(table["/courses/data-science"]).toBe("/DataAnalysisPage");
    expect(table["/services/web-development"]).toBe("/WebDevelopmentServices");
    expect(table["/services/ui-ux-design"]).toBe("/UIUXServices");
    expect(table["/services/mobile-app-development"]).toBe("/services#mobile-app-development");
    expect(table["/services/digital-marketing"]).toBe("/services#digital-marketing");
    expect(table["/course-outline/data-analyst"]).toBe("/course-outline/665f1c2a9b3e4d0012a1b002");
    expect(table["/batches/cyber-security"]).toBe("/batches/665f1c2a9b3e4d0012a1b004");
  });

  it("maps the lowercase spelling of mixed-case routes to their canonical case", () => {
    expect(table["/freedemo"]).toBe("/FreeDemo");
    expect(table["/thank-you"]).toBe("/Thank-you");
    expect(table["/mernstackpage"]).toBe("/MernStackPage");
  });

  it("is a flat map of lowercase paths to live pages, with no loops", () => {
    for (const [from, to] of Object.entries(table)) {
      expect(typeof to).toBe("string");
      expect(from).toBe(from.toLowerCase());
      expect(from).not.toBe(to);
      expect(table[to.split("#")[0]!], `${to} redirects again`).toBeUndefined();
      expect(resolves(to), `${from} -> ${to}`).toBe(true);
    }
  });
});

describe("sitemap and robots", () => {
  it("lists every public page, and only live pages", () => {
    const xml = sitemapXml(publicPagePaths);
    const locs = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    expect(locs).toHaveLength(publicPagePaths.length);
    for (const loc of locs) {
      expect(loc.startsWith(siteOrigin)).toBe(true);
      expect(resolves(new URL(loc).pathname)).toBe(true);
    }
    expect(locs).not.toContain(`${siteOrigin}/404`);
  });

  it("points robots at the sitemap", () => {
    expect(robotsTxt()).toContain(`Sitemap: ${siteOrigin}/sitemap.xml`);
  });
});

describe("structured data", () => {
  it("describes the organization with contact points, address and opening hours", () => {
    const org = organizationLd();
    expect(org.openingHours).toEqual(["Mo-Fr 09:00-19:00", "Sa 10:00-16:00"]);
    expect(org.contactPoint).toHaveLength(2);
    expect((org.address as Record<string, string>).addressLocality).toBe("Karachi");
  });

  it("offers a search action to /search?q=", () => {
    const action = websiteLd().potentialAction as { target: { urlTemplate: string } };
    expect(action.target.urlTemplate).toBe(`${siteOrigin}/search?q={search_term_string}`);
  });

  it("gives each course USD offers, its rating and a live URL", () => {
    for (const c of courses) {
      const ld = courseLd(c);
      const offer = (ld.offers as { priceCurrency: string; price: number }[])[0]!;
      expect(offer.priceCurrency).toBe("USD");
      expect(offer.price).toBe(99);
      expect((ld.aggregateRating as { ratingValue: number }).ratingValue).toBe(c.rating);
      expect(resolves(new URL(ld.url as string).pathname)).toBe(true);
    }
    expect(weeklyHours(courses[0]!.weeklySchedule)).toBe(8);
  });

  it("lists FAQ questions with answers", () => {
    expect((faqLd(homeFaqs).mainEntity as unknown[]).length).toBe(8);
  });
});

// What a crawler or a browser without JavaScript gets: statuses, the <h1> and <head> in the raw HTML,
// redirects, the SPA fallback and the 404 page.
import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { clientOnlyPaths, rawH1s, sitemapPaths, specPublicPaths, url, utilityPaths } from "./support.mjs";

let publicPaths = [];
before(async () => {
  publicPaths = await sitemapPaths();
});

const get = (path, init) => fetch(url(path), { redirect: "manual", ...init });

describe("sitemap and robots", () => {
  it("the sitemap lists every public route of docs/product.md", () => {
    for (const p of specPublicPaths) assert.ok(publicPaths.includes(p), `sitemap lacks ${p}`);
  });

  it("robots.txt allows crawling and names the sitemap", async () => {
    const res = await get("/robots.txt");
    assert.equal(res.status, 200);
    assert.match(await res.text(), /Sitemap: https?:\/\/\S+\/sitemap\.xml/);
  });
});

describe("pre-rendered pages", () => {
  it("every public and utility page answers 200 with one <h1> and full <head> before scripts run", async () => {
    for (const path of [...publicPaths, ...utilityPaths]) {
      const res = await get(path);
      assert.equal(res.status, 200, `${path} answered ${res.status}`);
      assert.match(res.headers.get("content-type") ?? "", /text\/html/, path);
      const html = await res.text();
      const h1s = rawH1s(html);
      assert.equal(h1s.length, 1, `${path} has ${h1s.length} <h1> in its HTML`);
      assert.ok(h1s[0].length > 2, `${path} has an empty <h1>`);
      const head = html.slice(0, html.indexOf("</head>"));
      assert.ok(/<title>[^<]*Skyline Tech Academy[^<]*<\/title>/.test(head), `${path}: no branded <title>`);
      assert.ok(/<meta name="description" content="[^"]{40,}"/.test(head), `${path}: no description`);
      if (!utilityPaths.includes(path)) {
        assert.ok(/<link rel="canonical" href="https?:\/\/[^"]+"/.test(head), `${path}: no canonical`);
        assert.ok(/<meta property="og:title" content="[^"]+"/.test(head), `${path}: no og:title`);
        assert.ok(/<meta property="og:image" content="https?:\/\/[^"]+"/.test(head), `${path}: no og:image`);
      }
    }
  });

  it("the home page carries Organization, WebSite (SearchAction) and FAQPage JSON-LD", async () => {
    const html = await (await get("/")).text();
    const blocks = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) => JSON.parse(m[1]));
    const types = blocks.map((b) => [b["@type"]].flat().join(","));
    assert.ok(types.some((t) => t.includes("Organization")), types.join(" | "));
    const org = blocks.find((b) => [b["@type"]].flat().some((t) => t.includes("Organization")));
    assert.deepEqual(org.openingHours, ["Mo-Fr 09:00-19:00", "Sa 10:00-16:00"]);
    assert.ok(org.contactPoint.length >= 2);
    const site = blocks.find((b) => b["@type"] === "WebSite");
    assert.match(site.potentialAction.target.urlTemplate, /\/search\?q=\{search_term_string\}$/);
    assert.ok(blocks.some((b) => b["@type"] === "FAQPage" && b.mainEntity.length === 8));
  });

  it("course pages carry Course JSON-LD with USD offers", async () => {
    for (const path of ["/MernStackPage", "/DataAnalysisPage", "/AiPage", "/CyberSecurityPage"]) {
      const html = await (await get(path)).text();
      const course = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)]
        .map((m) => JSON.parse(m[1]))
        .find((b) => b["@type"] === "Course");
      assert.ok(course, `${path} has no Course JSON-LD`);
      assert.equal(course.offers[0].priceCurrency, "USD");
      assert.ok(course.aggregateRating.ratingValue >= 4);
    }
  });

  it("texts docs/product.md quotes are in the HTML", async () => {
    const home = await (await get("/")).text();
    for (const t of ["Book Your Free Demo Class", "View All Services", "View All Courses", "Enrol Now", "Course Outline", "Show all"]) {
      assert.ok(home.includes(t), `home lacks "${t}"`);
    }
    const refund = await (await get("/refund-policy")).text();
    for (const t of ["3 days", "in writing", "1–3 business days", "5–7 business days", "Karachi"]) assert.ok(refund.includes(t), `refund lacks ${t}`);
    const demo = await (await get("/FreeDemo")).text();
    assert.ok(demo.includes('id="book"') && demo.includes('id="recorded"'), "FreeDemo anchors");
    assert.ok(demo.includes("30–45 minutes"));
  });
});

describe("serving rules", () => {
  it("client-only routes answer 200 through the SPA fallback", async () => {
    for (const path of clientOnlyPaths) {
      const res = await get(path);
      assert.equal(res.status, 200, `${path} answered ${res.status}`);
    }
  });

  it("unknown paths answer 404 with the not-found page", async () => {
    for (const path of ["/no-such-page", "/courses/unknown/deeper"]) {
      const res = await get(path);
      assert.equal(res.status, 404, `${path} answered ${res.status}`);
      const html = await res.text();
      assert.deepEqual(rawH1s(html), ["Oops! Page not found"]);
      assert.ok(html.includes("Return to Home"));
    }
  });

  it("wrongly cased paths and the product's metadata URLs redirect to their page", async () => {
    const cases = {
      "/freedemo": "/FreeDemo",
      "/ABOUT": "/about",
      "/thank-you": "/Thank-you",
      "/courses/mern-full-stack-development": "/MernStackPage",
      "/courses/data-science": "/DataAnalysisPage",
      "/services/web-development": "/WebDevelopmentServices",
      "/course-outline/ai-machine-learning": "/course-outline/665f1c2a9b3e4d0012a1b003",
      "/batches/cyber-security": "/batches/665f1c2a9b3e4d0012a1b004",
    };
    for (const [from, to] of Object.entries(cases)) {
      const res = await get(from);
      assert.equal(res.status, 301, `${from} answered ${res.status}`);
      assert.equal(new URL(res.headers.get("location"), url("/")).pathname, to, from);
    }
  });

  it("text assets are compressed", async () => {
    const res = await get("/", { headers: { "accept-encoding": "gzip" } });
    assert.equal(res.headers.get("content-encoding"), "gzip");
  });
});

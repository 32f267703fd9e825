// the product's numbers, checked against the content modules (one source for each fact).
import { describe, expect, it } from "vitest";
import { coreValues } from "./about";
import { brand } from "./brand";
import { courses } from "./courses";
import { faculty } from "./faculty";
import { freeDemoFaqs, homeFaqs } from "./faqs";
import { refundPolicy } from "./legal";
import { highlightedPlanLabel, planMonths, plans } from "./plans";
import { portfolioCategories, portfolioProjects } from "./portfolio";
import { servicePages, services } from "./services";
import { stats } from "./stats";
import { team } from "./team";
import { freeDemoTestimonials, homeTestimonials } from "./testimonials";

describe("brand", () => {
  it("is Skyline Tech Academy with two phones, WhatsApp, e-mail and the product's hours", () => {
    expect(brand.name).toBe("Skyline Tech Academy");
    expect(brand.phones).toHaveLength(2);
    expect(brand.whatsapp.url).toContain(encodeURIComponent("Hello! I'm interested in your services."));
    expect(brand.email).toMatch(/@/);
    expect(brand.hours.map((h) => `${h.days} ${h.hours}`)).toEqual(["Mon–Fri 9:00 AM–7:00 PM", "Sat 10:00 AM–4:00 PM"]);
    expect(brand.hours.map((h) => h.schema)).toEqual(["Mo-Fr 09:00-19:00", "Sa 10:00-16:00"]);
    expect(brand.foundedYear).toBe(2025);
    expect(brand.copyrightYear).toBe(2025);
  });
});

describe("courses (from infra/seed/catalog.json)", () => {
  const bySlug = Object.fromEntries(courses.map((c) => [c.slug, c]));
  it("has the four courses with their fixed ids", () => {
    expect(courses.map((c) => c.id).sort()).toEqual([
      "665f1c2a9b3e4d0012a1b001",
      "665f1c2a9b3e4d0012a1b002",
      "665f1c2a9b3e4d0012a1b003",
      "665f1c2a9b3e4d0012a1b004",
    ]);
    for (const c of courses) expect(c.outlinePath).toBe(`/course-outline/${c.id}`);
  });

  it("has the product's outline topic counts and endings", () => {
    expect(bySlug["data-analyst"]!.topics).toEqual([
      "Introduction to Data Analysis",
      "Excel",
      "SQL",
      "Python",
      "Power BI and Tableau visualization",
      "Statistics and Predictive Analysis",
      "Capstone Project",
    ]);
    expect(bySlug["mern-full-stack-development"]!.topics).toHaveLength(9);
    expect(bySlug["cyber-security"]!.topics).toHaveLength(9);
    expect(bySlug["cyber-security"]!.topics.at(-1)).toMatch(/Security Operations Centre/);
    expect(bySlug["ai-machine-learning"]!.topics).toHaveLength(9);
    expect(bySlug["ai-machine-learning"]!.topics.at(-1)).toMatch(/End-to-End AI\/ML Application/);
  });

  it("uses one duration per course (MERN 4 months, the rest 3) and the product's modules and projects", () => {
    expect(courses.map((c) => [c.slug, c.durationMonths, c.modules, c.projects])).toEqual([
      ["mern-full-stack-development", 4, 12, 8],
      ["data-analyst", 3, 10, 6],
      ["ai-machine-learning", 3, 16, 12],
      ["cyber-security", 3, 12, 7],
    ]);
    for (const c of courses) expect(c.features).toHaveLength(4);
  });

  it("carries the Data Analysis page's claims", () => {
    const da = bySlug["data-analyst"]!;
    expect(da.highlights?.map((h) => h.value)).toEqual(["30%", "PKR 120,000 – 500,000"]);
    expect(da.localPrice).toBe("PKR 2,000 per month");
  });
});

describe("services and portfolio", () => {
  it("has nine services, each 'Contact for Custom Quote'", () => {
    expect(services).toHaveLength(9);
    for (const s of services) expect(s.price).toBe("Contact for Custom Quote");
  });

  it("has six service pages, each with six cards, six projects and a why-choose list", () => {
    expect(servicePages).toHaveLength(6);
    for (const p of servicePages) {
      expect(p.cards).toHaveLength(6);
      expect(p.projects).toHaveLength(6);
      expect(p.whyChoose.length).toBeGreaterThanOrEqual(4);
    }
  });

  it("has six portfolio projects in the product's categories, some featured", () => {
    expect(portfolioProjects).toHaveLength(6);
    expect(portfolioProjects.some((p) => p.featured)).toBe(true);
    // The filter's categories, without its "All": every project sits in one of them.
    const categories: readonly string[] = portfolioCategories.filter((c) => c !== "All");
    for (const p of portfolioProjects) expect(categories, p.slug).toContain(p.category);
    for (const p of portfolioProjects) expect(p.githubUrl).toBeNull();
  });
});

describe("people, FAQs and plans", () => {
  it("has six faculty, three team members (two CEO & Founder, one Head of Education)", () => {
    expect(faculty).toHaveLength(6);
    expect(team.map((m) => m.role).sort()).toEqual(["CEO & Founder", "CEO & Founder", "Head of Education"]);
  });

  it("has 4 home testimonials and 6 on the free demo page, rated 1 to 5", () => {
    expect(homeTestimonials).toHaveLength(4);
    expect(freeDemoTestimonials).toHaveLength(6);
    for (const t of [...homeTestimonials, ...freeDemoTestimonials]) {
      expect(Number.isInteger(t.rating), t.name).toBe(true);
      expect(t.rating, t.name).toBeGreaterThanOrEqual(1);
      expect(t.rating, t.name).toBeLessThanOrEqual(5);
    }
  });

  it("has 8 home FAQs and 12 free-demo FAQs stating the product's facts", () => {
    expect(homeFaqs).toHaveLength(8);
    expect(freeDemoFaqs).toHaveLength(12);
    const answers = freeDemoFaqs.map((f) => f.answer).join(" ");
    for (const fact of ["free", "30–45 minutes", "multiple demos", "only for completing a full course", "live class", "reschedule", "beginner-friendly", "video-meeting service"]) {
      expect(answers).toContain(fact);
    }
  });

  it("has the product's plans and plan length rule", () => {
    expect(plans.map((p) => [p.id, p.priceUsd, p.highlighted])).toEqual([
      ["basic", 99, false],
      ["standard", 149, true],
      ["premium", 199, false],
    ]);
    expect(highlightedPlanLabel).toBe("Most Popular");
    expect(planMonths("MERN Stack Development")).toBe(4);
    expect(planMonths("Data Analysis")).toBe(3);
  });

  it("has the six core values and one stats source", () => {
    expect(coreValues.map((v) => v.title)).toEqual(["Innovation", "Excellence", "Community", "Impact", "Expert Team", "Global Reach"]);
    expect(stats.students.value).toBe("10,000+");
    expect(stats.projects.value).toBe("500+");
  });

  it("states the product's refund facts", () => {
    const text = JSON.stringify(refundPolicy);
    for (const fact of ["within 3 days", "in writing", "1–3 business days", "5–7 business days", "Pakistan", "courts of Karachi"]) {
      expect(text).toContain(fact);
    }
  });
});

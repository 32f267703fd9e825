// The assistant's knowledge (infra/knowledge/knowledge.json), generated from the site's content modules: one
// short passage per fact, each with the page that shows it. The Rust assistant ranks them with BM25 and, offline,
// answers with the best one. Prices are stated here even though the site shows them only after a geo check.
import { coreValues, mission, story, vision } from "../app/content/about";
import { brand, formattedAddress } from "../app/content/brand";
import { coursePriceUsdPerMonth, courses, type Course } from "../app/content/courses";
import { freeDemoFaqs, homeFaqs, type FaqItem } from "../app/content/faqs";
import { privacyPolicy, refundFacts, refundPolicy, termsOfService, type LegalDocument } from "../app/content/legal";
import { highlightedPlanLabel, planMonths, plans } from "../app/content/plans";
import { services } from "../app/content/services";
import { stats } from "../app/content/stats";
import { team } from "../app/content/team";
import { paths } from "../app/config/paths";

export interface Passage {
  title: string;
  text: string;
  /** The site path where the fact is shown. */
  url: string;
}

export interface KnowledgeFile {
  company: string;
  passages: Passage[];
}

/** Where the generated file lives, relative to site/. */
export const knowledgeFile = "../infra/knowledge/knowledge.json";

const usd = (n: number) => `$${n}`;
const sentence = (items: readonly string[]) =>
  items.length <= 1 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;

function companyPassages(): Passage[] {
  return [
    {
      title: `About ${brand.name}`,
      text: `${brand.name} (${brand.legalName}): ${brand.tagline}. Founded in ${brand.foundedYear}, based in ${brand.address.locality}, ${brand.address.country}. We teach live online courses (${sentence(courses.map((c) => c.title))}) and deliver software services for businesses.`,
      url: paths.about,
    },
    { title: `Our story: how ${brand.name} was founded`, text: story.paragraphs.join(" "), url: paths.about },
    { title: "Mission and vision", text: `Mission: ${mission} Vision: ${vision}`, url: paths.about },
    {
      title: "Core values",
      text: coreValues.map((v) => `${v.title}: ${v.description}`).join(" "),
      url: paths.about,
    },
    {
      title: "Leadership team",
      text: team.map((m) => `${m.name}, ${m.role} (${m.experience}).`).join(" "),
      url: paths.about,
    },
    {
      title: `${brand.name} in numbers`,
      text: Object.values(stats).map((s) => `${s.value} ${s.label}`).join("; ") + ".",
      url: paths.about,
    },
  ];
}

function contactPassages(): Passage[] {
  const hours = brand.hours.map((h) => `${h.days} ${h.hours}`).join(", ");
  return [
    {
      title: "Opening hours",
      text: `Our office opening hours are ${hours} (Pakistan time).`,
      url: paths.contact,
    },
    {
      title: "Contact us: email, phone and WhatsApp",
      text: `Contact us by email at ${brand.email}. Phone: ${brand.phones.map((p) => `${p.display} (${p.label})`).join(", ")}. WhatsApp ${brand.whatsapp.display}. ${brand.replyPromise}`,
      url: paths.contact,
    },
    { title: "Office address and location", text: `Our office: ${formattedAddress()}.`, url: paths.contact },
  ];
}

/** Two short passages per course: its price and length, and what it teaches. */
function coursePassages(c: Course): Passage[] {
  const months = planMonths(c.title);
  const local = c.localPrice ? ` In Pakistan: ${c.localPrice}.` : "";
  return [
    {
      title: `${c.title} course: price and duration`,
      text:
        `The ${c.title} course costs ${usd(c.monthlyPriceUsd)} per month (USD), ${usd(c.monthlyPriceUsd * months)} in total for ${months} months.${local} ` +
        `It runs ${c.duration} (${c.durationWeeks} weeks) with ${c.modules} modules and ${c.projects} projects.`,
      url: c.path,
    },
    {
      title: `${c.title} course: what you learn`,
      text: `${c.description} Level: ${c.level}. Skills: ${c.skills.join(", ")}.`,
      url: c.path,
    },
  ];
}

function pricePassages(): Passage[] {
  const fee = coursePriceUsdPerMonth;
  return [
    {
      title: "Course prices and fees",
      text: `Every course costs ${usd(fee)} per month (USD). ${courses.map((c) => `${c.title}: ${c.duration}, ${usd(c.monthlyPriceUsd * planMonths(c.title))} in total`).join("; ")}.`,
      url: paths.courses,
    },
    ...plans.map((p) => ({
      title: `${p.title} plan`,
      text: `The ${p.title} plan costs ${usd(p.priceUsd)} per month (USD)${p.highlighted ? ` and is our ${highlightedPlanLabel} plan` : ""}. Includes: ${p.features.join("; ")}.`,
      url: paths.home,
    })),
  ];
}

function servicePassage(s: (typeof services)[number]): Passage {
  return {
    title: `${s.title} services`,
    text: `${s.description} We offer: ${s.features.join(", ")}. Technologies: ${s.technologies.join(", ")}. Timeline: ${s.timeline}. ${s.price}.`,
    url: s.url,
  };
}

const faqPassages = (items: FaqItem[], url: string): Passage[] =>
  items.map((f) => ({ title: f.question, text: f.answer, url }));

function legalPassages(doc: LegalDocument, url: string): Passage[] {
  return doc.sections
    .filter((s) => s.heading !== "Contact Us")
    .map((s) => ({
      title: `${doc.title}: ${s.heading}`,
      text: [...(s.paragraphs ?? []), ...(s.list ?? []).map((item) => `${item}.`)].join(" "),
      url,
    }));
}

export function knowledge(): KnowledgeFile {
  return {
    company: brand.name,
    passages: [
      ...companyPassages(),
      ...contactPassages(),
      ...courses.flatMap(coursePassages),
      ...pricePassages(),
      ...services.map(servicePassage),
      ...faqPassages(homeFaqs, paths.home),
      ...faqPassages(freeDemoFaqs, paths.freeDemo),
      {
        title: "Refund window: can I get a refund?",
        text: `Yes, you can get a refund if you ask for it in writing within ${refundFacts.windowDays} days of purchase, or of the start of your course or project. Refunds take ${refundFacts.cardDays} to a card and ${refundFacts.bankDays} by bank transfer.`,
        url: paths.refundPolicy,
      },
      ...legalPassages(refundPolicy, paths.refundPolicy),
      ...legalPassages(termsOfService, paths.terms),
      ...legalPassages(privacyPolicy, paths.privacy),
    ],
  };
}

/** The file's exact text (stable key order, two-space indent, trailing newline). */
export const knowledgeJson = () => `${JSON.stringify(knowledge(), null, 2)}\n`;

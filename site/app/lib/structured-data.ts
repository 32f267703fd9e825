// schema.org JSON-LD for the pre-rendered pages. Build-time only.
import { brand, formattedAddress } from "../content/brand";
import { coursePriceUsdPerMonth, courseReviewCount, type Course } from "../content/courses";
import type { FaqItem } from "../content/faqs";
import { paths } from "../config/paths";
import { absoluteUrl, siteOrigin } from "../config/site";

type JsonLd = Record<string, unknown>;

const organizationId = `${siteOrigin}/#organization`;

export function organizationLd(): JsonLd {
  return {
    "@context": "https://schema.org",
    // LocalBusiness carries opening hours; EducationalOrganization says what we are. Both are Organizations.
    "@type": ["EducationalOrganization", "LocalBusiness"],
    "@id": organizationId,
    name: brand.name,
    legalName: brand.legalName,
    url: absoluteUrl(paths.home),
    logo: absoluteUrl(brand.logo),
    image: absoluteUrl(brand.ogImage),
    email: brand.email,
    telephone: brand.phones[0]?.e164,
    foundingDate: String(brand.foundedYear),
    address: {
      "@type": "PostalAddress",
      streetAddress: brand.address.street,
      addressLocality: brand.address.locality,
      addressRegion: brand.address.region,
      postalCode: brand.address.postalCode,
      addressCountry: brand.address.countryCode,
    },
    openingHours: brand.hours.map((h) => h.schema),
    openingHoursSpecification: brand.hours.map((h) => ({
      "@type": "OpeningHoursSpecification",
      dayOfWeek: h.dayOfWeek,
      opens: h.opens,
      closes: h.closes,
    })),
    contactPoint: brand.phones.map((p) => ({
      "@type": "ContactPoint",
      telephone: p.e164,
      email: brand.email,
      contactType: "customer service",
      areaServed: p.label === "Pakistan" ? "PK" : "GB",
      availableLanguage: ["English", "Urdu"],
      hoursAvailable: brand.hours.map((h) => ({
        "@type": "OpeningHoursSpecification",
        dayOfWeek: h.dayOfWeek,
        opens: h.opens,
        closes: h.closes,
      })),
    })),
    sameAs: brand.social.map((s) => s.url),
    description: `${brand.name}: ${brand.tagline}. ${formattedAddress()}.`,
  };
}

export function websiteLd(): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "WebSite",
    "@id": `${siteOrigin}/#website`,
    name: brand.name,
    url: absoluteUrl(paths.home),
    publisher: { "@id": organizationId },
    potentialAction: {
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: `${absoluteUrl(paths.search)}?q={search_term_string}` },
      "query-input": "required name=search_term_string",
    },
  };
}

/** Hours of study per week, summed from the catalog's weekly schedule ("2 live sessions (4 hours)", ...). */
export function weeklyHours(schedule: Course["weeklySchedule"]): number {
  return Object.values(schedule).reduce((sum, text) => sum + Number(/\((\d+) hours?\)/.exec(text)?.[1] ?? 0), 0);
}

export function courseLd(course: Course): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "Course",
    name: course.title,
    description: course.description,
    url: absoluteUrl(course.path),
    image: absoluteUrl(course.image),
    inLanguage: "en",
    educationalLevel: course.level,
    timeRequired: `P${course.durationMonths}M`,
    teaches: course.skills,
    syllabusSections: course.topics.map((name) => ({ "@type": "Syllabus", name })),
    educationalCredentialAwarded: `${brand.name} Certificate of Completion`,
    totalHistoricalEnrollment: course.studentCount,
    provider: { "@type": "Organization", "@id": organizationId, name: brand.name, sameAs: absoluteUrl(paths.home) },
    aggregateRating: {
      "@type": "AggregateRating",
      ratingValue: course.rating,
      bestRating: 5,
      ratingCount: courseReviewCount,
    },
    // the product's structured data said AUD with "Call for price"; every price docs/product.md shows is USD, so USD it is.
    offers: [
      {
        "@type": "Offer",
        category: "Paid",
        price: coursePriceUsdPerMonth,
        priceCurrency: "USD",
        availability: "https://schema.org/InStock",
        url: absoluteUrl(paths.enroll),
      },
    ],
    hasCourseInstance: [
      {
        "@type": "CourseInstance",
        courseMode: "Online",
        courseWorkload: `PT${weeklyHours(course.weeklySchedule)}H`,
        courseSchedule: {
          "@type": "Schedule",
          repeatFrequency: "Weekly",
          repeatCount: course.durationWeeks,
          duration: `PT${weeklyHours(course.weeklySchedule)}H`,
        },
        instructor: { "@type": "Organization", "@id": organizationId, name: brand.name },
      },
    ],
  };
}

export function faqLd(faqs: FaqItem[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "FAQPage",
    mainEntity: faqs.map((f) => ({
      "@type": "Question",
      name: f.question,
      acceptedAnswer: { "@type": "Answer", text: f.answer },
    })),
  };
}

export function breadcrumbLd(trail: { name: string; path: string }[]): JsonLd {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((t, i) => ({ "@type": "ListItem", position: i + 1, name: t.name, item: absoluteUrl(t.path) })),
  };
}

/** The breadcrumb of a page one level under Home. */
export const homeCrumbs = (name: string, path: string) => breadcrumbLd([{ name: "Home", path: paths.home }, { name, path }]);

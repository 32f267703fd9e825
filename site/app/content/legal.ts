// The three legal pages. Refund facts (docs/product.md#constants): 3 days, written request, card 1–3 / bank 5–7 business days.
import { brand, formattedAddress } from "./brand";

export interface LegalSection {
  heading: string;
  paragraphs?: string[];
  list?: string[];
}

export interface LegalDocument {
  title: string;
  description: string;
  lastUpdated: string;
  intro: string;
  sections: LegalSection[];
}

const contactSection: LegalSection = {
  heading: "Contact Us",
  paragraphs: [
    `Questions about this policy can be sent to ${brand.email}, or by post to ${brand.name}, ${formattedAddress()}.`,
  ],
};

export const refundFacts = {
  windowDays: 3,
  cardDays: "1–3 business days",
  bankDays: "5–7 business days",
  governingLaw: "Pakistan",
  courts: "the courts of Karachi",
} as const;

export const refundPolicy: LegalDocument = {
  title: "Refund Policy",
  description: `How refunds work for ${brand.name} courses and services: a 3-day window, written requests and processing times.`,
  lastUpdated: "1 January 2025",
  intro: `We want you to be confident in your decision. This policy explains when and how you can ask for a refund for a course or service bought from ${brand.name}.`,
  sections: [
    {
      heading: "Refund Window",
      paragraphs: [
        `You may request a refund within ${refundFacts.windowDays} days of your purchase, or within ${refundFacts.windowDays} days of the start of your course or project, whichever is later.`,
        "Requests made after this window cannot be accepted.",
      ],
    },
    {
      heading: "How to Request a Refund",
      paragraphs: [
        `Refund requests must be made in writing, by e-mail to ${brand.email}, with your full name, the course or service, and your payment reference.`,
        "We acknowledge every request within 24 hours.",
      ],
    },
    {
      heading: "Processing Times",
      paragraphs: ["Once a refund is approved, it is returned to the original payment method. Typical times are:"],
      list: [
        `Credit or debit card: ${refundFacts.cardDays}`,
        `Bank transfer: ${refundFacts.bankDays}`,
        "Other payment methods: times vary by provider",
      ],
    },
    {
      heading: "Non-Refundable Items",
      list: [
        "Free demo classes, which carry no charge",
        "Fees for months of a course that have already been completed",
        "Services already delivered and accepted by the client",
      ],
    },
    {
      heading: "Governing Law",
      paragraphs: [
        `This policy is governed by the laws of ${refundFacts.governingLaw}, and any dispute is subject to the jurisdiction of ${refundFacts.courts}.`,
      ],
    },
    contactSection,
  ],
};

export const privacyPolicy: LegalDocument = {
  title: "Privacy Policy",
  description: `How ${brand.name} collects, uses and protects the personal data you share through our website, courses and services.`,
  lastUpdated: "1 January 2025",
  intro: `${brand.name} respects your privacy. This policy explains what personal data we collect, why we collect it and the choices you have.`,
  sections: [
    {
      heading: "Information We Collect",
      list: [
        "Contact details you give us in forms: name, e-mail address, phone number and your message",
        "Enrolment details: the course and plan you choose",
        "Account details handled by our sign-in provider when you create an account",
        "Basic technical data such as your browser type and approximate country, used to show the right prices",
      ],
    },
    {
      heading: "How We Use Your Information",
      list: [
        "To reply to your enquiries and arrange demo classes",
        "To process enrolments and give you access to course material",
        "To contact you about your course by e-mail, phone or WhatsApp",
        "To improve our website, courses and services",
      ],
    },
    {
      heading: "Sharing Your Information",
      paragraphs: [
        "We do not sell your personal data. We share it only with service providers who help us run our website, e-mail and sign-in, under agreements that protect it, or when the law requires it.",
      ],
    },
    {
      heading: "Data Retention and Security",
      paragraphs: [
        "We keep personal data only as long as needed for the purposes above, and protect it with encryption in transit, access controls and regular reviews.",
      ],
    },
    {
      heading: "Your Rights",
      paragraphs: [
        "You may ask to see, correct or delete the personal data we hold about you, or object to how we use it. We respond within 30 days.",
      ],
    },
    {
      heading: "Cookies",
      paragraphs: [
        "We use only the cookies and browser storage needed for the site to work, such as keeping you signed in and remembering a Secret ID you entered for recorded lectures.",
      ],
    },
    contactSection,
  ],
};

export const termsOfService: LegalDocument = {
  title: "Terms of Service",
  description: `The terms that apply when you use the ${brand.name} website, enrol in a course or engage our services.`,
  lastUpdated: "1 January 2025",
  intro: `By using this website, enrolling in a course or engaging our services you agree to these terms. Please read them carefully.`,
  sections: [
    {
      heading: "Courses and Enrolment",
      list: [
        "Course fees are charged monthly for the length of the course unless agreed otherwise.",
        "Plans renew automatically each month; you can cancel auto-renewal anytime.",
        "Batch timings may change with reasonable notice; we will offer another batch if they do.",
      ],
    },
    {
      heading: "Recorded Lectures and Secret IDs",
      paragraphs: [
        "Enrolled students receive a personal Secret ID to watch their batch's recorded lectures. Secret IDs must not be shared; shared IDs may be revoked.",
      ],
    },
    {
      heading: "Intellectual Property",
      paragraphs: [
        `Course materials, recordings and website content belong to ${brand.name}. You may use them for your own learning but may not copy, resell or publish them.`,
      ],
    },
    {
      heading: "Services for Clients",
      paragraphs: [
        "Client projects are governed by the proposal or contract agreed for each project, which sets out scope, timelines, payments and ownership.",
      ],
    },
    {
      heading: "Refunds",
      paragraphs: [`Refunds are handled under our Refund Policy: requests must be made in writing within ${refundFacts.windowDays} days.`],
    },
    {
      heading: "Limitation of Liability",
      paragraphs: [
        "We work hard to keep our website and services accurate and available but cannot guarantee they will always be error-free or uninterrupted.",
      ],
    },
    {
      heading: "Governing Law",
      paragraphs: [
        `These terms are governed by the laws of ${refundFacts.governingLaw}, and disputes are subject to the jurisdiction of ${refundFacts.courts}.`,
      ],
    },
    contactSection,
  ],
};

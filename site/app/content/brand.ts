// The brand in one place: name, contacts, address, hours and social links (demo brand; invented details).

export interface Phone {
  label: string;
  display: string;
  /** E.164, used in tel: links and structured data. */
  e164: string;
}

export interface OpeningHours {
  days: string;
  hours: string;
  /** schema.org openingHours value. */
  schema: string;
  dayOfWeek: string[];
  opens: string;
  closes: string;
}

export interface SocialLink {
  name: string;
  url: string;
}

const whatsappNumber = "923001234567";

export const brand = {
  name: "Skyline Tech Academy",
  legalName: "Skyline Tech Academy (Private) Limited",
  tagline: "IT training and software services from Pakistan to the UK and beyond",
  foundedYear: 2025,
  copyrightYear: 2025,
  email: "info@skylinetech.academy",
  phones: [
    { label: "Pakistan", display: "+92 300 123 4567", e164: "+923001234567" },
    { label: "United Kingdom", display: "+44 20 7946 0321", e164: "+442079460321" },
  ] satisfies Phone[],
  whatsapp: {
    display: "+92 300 123 4567",
    number: whatsappNumber,
    /** docs/product.md#pages: the floating chat button's prefilled text. */
    greeting: "Hello! I'm interested in your services.",
    url: `https://wa.me/${whatsappNumber}?text=${encodeURIComponent("Hello! I'm interested in your services.")}`,
  },
  /** "Schedule a Call" opens this external chat link (docs/product.md#pages, Contact). */
  scheduleCallUrl: `https://wa.me/${whatsappNumber}?text=${encodeURIComponent("Hello! I'd like to schedule a call.")}`,
  address: {
    street: "Office 14, 3rd Floor, Skyline Plaza, Shahrah-e-Faisal",
    locality: "Karachi",
    region: "Sindh",
    postalCode: "75350",
    countryCode: "PK",
    country: "Pakistan",
  },
  hours: [
    {
      days: "Mon–Fri",
      hours: "9:00 AM–7:00 PM",
      schema: "Mo-Fr 09:00-19:00",
      dayOfWeek: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday"],
      opens: "09:00",
      closes: "19:00",
    },
    {
      days: "Sat",
      hours: "10:00 AM–4:00 PM",
      schema: "Sa 10:00-16:00",
      dayOfWeek: ["Saturday"],
      opens: "10:00",
      closes: "16:00",
    },
  ] satisfies OpeningHours[],
  /** docs/product.md#constants: contact reply promise. */
  replyPromise: "We reply within 24 hours.",
  social: [
    { name: "Facebook", url: "https://www.facebook.com/skylinetechacademy" },
    { name: "Instagram", url: "https://www.instagram.com/skylinetechacademy" },
    { name: "LinkedIn", url: "https://www.linkedin.com/company/skylinetechacademy" },
    { name: "YouTube", url: "https://www.youtube.com/@skylinetechacademy" },
  ] satisfies SocialLink[],
  logo: "/images/brand/logo.svg",
  ogImage: "/images/brand/og-image.png",
} as const;

export type Brand = typeof brand;

export const formattedAddress = (a = brand.address) =>
  `${a.street}, ${a.locality} ${a.postalCode}, ${a.country}`;

// What the header and footer show, built at build time by the root loader from the content modules.
import { brand } from "../content/brand";
import { courses } from "../content/courses";
import { servicePages } from "../content/services";
import { anchors, paths, withHash } from "../config/paths";
import { settings } from "../config/site";
import type { LayoutData } from "./layout";

export function layoutData(): LayoutData {
  const address = brand.address;
  return {
    brand: {
      name: brand.name,
      tagline: brand.tagline,
      logo: brand.logo,
      email: brand.email,
      phones: brand.phones.map((p) => ({ ...p })),
      address: `${address.street}, ${address.locality}, ${address.country}`,
      hours: brand.hours.map((h) => ({ days: h.days, hours: h.hours })),
      social: brand.social.map((s) => ({ ...s })),
      copyrightYear: brand.copyrightYear,
      whatsappUrl: brand.whatsapp.url,
    },
    nav: [
      { label: "Home", path: paths.home },
      { label: "About", path: paths.about },
      { label: "Online Courses", path: paths.courses, children: courses.map((c) => ({ label: c.navTitle, path: c.path })) },
      {
        label: "Our Services",
        path: paths.services,
        children: servicePages.map((s) => ({ label: s.navTitle, path: s.path })),
      },
      {
        label: "Free Demo",
        path: paths.freeDemo,
        children: [
          { label: "Book Free Session", path: withHash(paths.freeDemo, anchors.freeDemoBook) },
          { label: "Recorded Demo", path: withHash(paths.freeDemo, anchors.freeDemoRecorded) },
        ],
      },
    ],
    quickLinks: [
      { label: "About", path: paths.about },
      { label: "Services", path: paths.services },
      { label: "Courses", path: paths.courses },
      { label: "Free Demo", path: paths.freeDemo },
      { label: "Contact", path: paths.contact },
    ],
    // docs/product.md#pages: the footer's popular courses link to /courses.
    popularCourses: courses.map((c) => ({ label: c.title, path: paths.courses })),
    legalLinks: [
      { label: "Privacy Policy", path: paths.privacy },
      { label: "Terms of Service", path: paths.terms },
      { label: "Refund Policy", path: paths.refundPolicy },
    ],
    contentProtection: settings.contentProtection,
  };
}

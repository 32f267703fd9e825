// Build-time data of /contact.
import { contactSummary } from "../components/ContactDetails.server";
import { brand } from "../content/brand";
import { paths } from "../config/paths";
import { pageMeta } from "../lib/seo";
import { homeCrumbs, organizationLd } from "../lib/structured-data";

export function contactData() {
  const contact = contactSummary();
  return {
    meta: pageMeta({
      title: "Contact Us",
      description: `Contact ${brand.name} about courses, free demo classes or software projects. Call, WhatsApp or send a message: ${brand.replyPromise}`,
      path: paths.contact,
      jsonLd: [organizationLd(), homeCrumbs("Contact", paths.contact)],
    }),
    contact,
    // The page's copy comes with its data rather than in its route module: it is in the HTML either way, and this
    // keeps it out of the scripts every visitor downloads (/contact is at its first-load budget, decision 0045).
    copy: {
      intro: `Questions about a course, a free demo or a software project? Send us a message. ${contact.replyPromise}`,
      call: { title: "Prefer to Talk?", text: "Book a quick call with an advisor at a time that suits you." },
      cta: {
        title: "Not Sure Which Course Is Right for You?",
        text: "Join a free live demo class and ask our instructors anything.",
        label: "Book Your Free Demo Class",
      },
    },
  };
}

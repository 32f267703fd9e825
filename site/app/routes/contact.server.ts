// Build-time data of /contact.
import { contactSummary } from "../components/ContactDetails.server";
import { brand } from "../content/brand";
import { paths } from "../config/paths";
import { pageMeta } from "../lib/seo";
import { homeCrumbs, organizationLd } from "../lib/structured-data";

export function contactData() {
  return {
    meta: pageMeta({
      title: "Contact Us",
      description: `Contact ${brand.name} about courses, free demo classes or software projects. Call, WhatsApp or send a message: ${brand.replyPromise}`,
      path: paths.contact,
      jsonLd: [organizationLd(), homeCrumbs("Contact", paths.contact)],
    }),
    contact: contactSummary(),
  };
}

// The contact details' data (phones, e-mail, WhatsApp, address, hours), built at build time from the brand.
import { brand } from "../content/brand";
import type { ContactSummary } from "./ContactDetails";

export const contactSummary = (): ContactSummary => ({
  phones: brand.phones.map((p) => ({ ...p })),
  email: brand.email,
  whatsappUrl: brand.whatsapp.url,
  whatsappDisplay: brand.whatsapp.display,
  scheduleCallUrl: brand.scheduleCallUrl,
  address: `${brand.address.street}, ${brand.address.locality} ${brand.address.postalCode}, ${brand.address.country}`,
  hours: brand.hours.map((h) => ({ days: h.days, hours: h.hours })),
  replyPromise: brand.replyPromise,
});

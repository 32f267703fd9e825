// Phones, WhatsApp, e-mail, address and opening hours (docs/product.md#pages: contact pages, enrolment, home).
import { Icon } from "./Icon";

export interface ContactSummary {
  phones: { label: string; display: string; e164: string }[];
  email: string;
  whatsappUrl: string;
  whatsappDisplay: string;
  scheduleCallUrl: string;
  address: string;
  hours: { days: string; hours: string }[];
  replyPromise: string;
}

export function ContactDetails({ contact }: { contact: ContactSummary }) {
  return (
    <ul className="space-y-5">
      {contact.phones.map((p) => (
        <li key={p.e164} className="flex items-start gap-3">
          <Icon name="phone" className="mt-1 text-brand-700" />
          <span>
            <span className="block text-sm text-slate-600">Phone ({p.label})</span>
            <a href={`tel:${p.e164}`} className="font-semibold text-ink hover:text-brand-700">
              {p.display}
            </a>
          </span>
        </li>
      ))}
      <li className="flex items-start gap-3">
        <Icon name="message-circle" className="mt-1 text-brand-700" />
        <span>
          <span className="block text-sm text-slate-600">WhatsApp</span>
          <a href={contact.whatsappUrl} target="_blank" rel="noopener noreferrer" className="font-semibold text-ink hover:text-brand-700">
            {contact.whatsappDisplay}
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </span>
      </li>
      <li className="flex items-start gap-3">
        <Icon name="mail" className="mt-1 text-brand-700" />
        <span>
          <span className="block text-sm text-slate-600">E-mail</span>
          <a href={`mailto:${contact.email}`} className="font-semibold text-ink hover:text-brand-700">
            {contact.email}
          </a>
        </span>
      </li>
      <li className="flex items-start gap-3">
        <Icon name="map-pin" className="mt-1 text-brand-700" />
        <span>
          <span className="block text-sm text-slate-600">Address</span>
          <span className="font-semibold text-ink">{contact.address}</span>
        </span>
      </li>
      <li className="flex items-start gap-3">
        <Icon name="clock" className="mt-1 text-brand-700" />
        <span>
          <span className="block text-sm text-slate-600">Opening hours</span>
          {contact.hours.map((h) => (
            <span key={h.days} className="block font-semibold text-ink">
              {h.days}: {h.hours}
            </span>
          ))}
        </span>
      </li>
    </ul>
  );
}

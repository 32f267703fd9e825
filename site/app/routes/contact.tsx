// /contact: the message form (sent to POST /api/send-email), contact details, and Schedule a Call (external
// chat link). A quote request from a service page arrives as ?service=NAME: shown, and sent as inquiryType.
import { useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { ContactDetails } from "../components/ContactDetails";
import { toastHandle } from "../components/Toasts";
import { ContactForm } from "../features/forms/components/ContactForm";
import { Icon } from "../components/Icon";
import { PageHero } from "../components/PageHero";
import { CtaBanner, Section } from "../components/Section";
import { anchors, paths, quoteServiceParam } from "../config/paths";
import { contactData } from "./contact.server";
import { metaFromLoader } from "../lib/route-meta";
import type { Route } from "./+types/contact";

export const loader = () => contactData();
export const meta: Route.MetaFunction = metaFromLoader;
export const handle = toastHandle;

/** The service a quote was asked for; read after hydration (the pre-rendered page has no query). */
function useQuotedService(): string {
  const [params] = useSearchParams();
  const [service, setService] = useState("");
  const raw = params.get(quoteServiceParam)?.trim().slice(0, 100) ?? "";
  useEffect(() => setService(raw), [raw]);
  return service;
}

export default function Contact({ loaderData: d }: Route.ComponentProps) {
  const service = useQuotedService();
  return (
    <>
      <PageHero
        eyebrow="Contact us"
        title="Get in Touch"
        intro={d.copy.intro}
        compact
      />
      <Section id={anchors.contact} headingId="contact-form-heading">
        <div className="grid gap-10 lg:grid-cols-5">
          <div className="card p-6 sm:p-8 lg:col-span-3">
            <h2 id="contact-form-heading" className="text-2xl font-bold">
              Send Us a Message
            </h2>
            {service && (
              <p className="mt-3 rounded-lg bg-brand-50 px-4 py-3 text-brand-800" data-testid="quote-service">
                Quote request for: <strong>{service}</strong>
              </p>
            )}
            <p className="mt-2 text-slate-600">Fields marked * are required.</p>
            <ContactForm inquiryType={service} />
          </div>
          <div className="space-y-6 lg:col-span-2">
            <div className="card p-6 sm:p-8">
              <h2 className="text-2xl font-bold">Contact Details</h2>
              <div className="mt-6">
                <ContactDetails contact={d.contact} />
              </div>
            </div>
            <div className="card bg-brand-50 p-6 sm:p-8">
              <h2 className="text-xl font-bold">{d.copy.call.title}</h2>
              <p className="mt-2 text-slate-700">{d.copy.call.text}</p>
              <a href={d.contact.scheduleCallUrl} target="_blank" rel="noopener noreferrer" className="btn-primary mt-4">
                <Icon name="calendar" className="size-4" />
                Schedule a Call
                <span className="sr-only"> (opens a chat in a new tab)</span>
              </a>
            </div>
          </div>
        </div>
      </Section>
      <CtaBanner title={d.copy.cta.title} text={d.copy.cta.text} to={paths.freeDemo} label={d.copy.cta.label} />
    </>
  );
}

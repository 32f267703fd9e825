// /contact: the message form (browser validation; the lead-capture issue wires submission), contact
// details, and Schedule a Call (external chat link).
import { ContactDetails } from "../components/ContactDetails";
import { ContactForm } from "../components/ContactForm";
import { Icon } from "../components/Icon";
import { PageHero } from "../components/PageHero";
import { CtaBanner, Section } from "../components/Section";
import { anchors, paths } from "../config/paths";
import { contactData } from "../features/pages/page-data.server";
import { metaFromLoader } from "../lib/route-meta";
import type { Route } from "./+types/contact";

export const loader = () => contactData();
export const meta: Route.MetaFunction = metaFromLoader;

export default function Contact({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        eyebrow="Contact us"
        title="Get in Touch"
        intro={`Questions about a course, a free demo or a software project? Send us a message. ${d.contact.replyPromise}`}
        compact
      />
      <Section id={anchors.contact} headingId="contact-form-heading">
        <div className="grid gap-10 lg:grid-cols-5">
          <div className="card p-6 sm:p-8 lg:col-span-3">
            <h2 id="contact-form-heading" className="text-2xl font-bold">
              Send Us a Message
            </h2>
            <p className="mt-2 text-slate-600">Fields marked * are required.</p>
            <ContactForm />
          </div>
          <div className="space-y-6 lg:col-span-2">
            <div className="card p-6 sm:p-8">
              <h2 className="text-2xl font-bold">Contact Details</h2>
              <div className="mt-6">
                <ContactDetails contact={d.contact} />
              </div>
            </div>
            <div className="card bg-brand-50 p-6 sm:p-8">
              <h2 className="text-xl font-bold">Prefer to Talk?</h2>
              <p className="mt-2 text-slate-700">Book a quick call with an advisor at a time that suits you.</p>
              <a href={d.contact.scheduleCallUrl} target="_blank" rel="noopener noreferrer" className="btn-primary mt-4">
                <Icon name="calendar" className="size-4" />
                Schedule a Call
                <span className="sr-only"> (opens a chat in a new tab)</span>
              </a>
            </div>
          </div>
        </div>
      </Section>
      <CtaBanner
        title="Not Sure Which Course Is Right for You?"
        text="Join a free live demo class and ask our instructors anything."
        to={paths.freeDemo}
        label="Book Your Free Demo Class"
      />
    </>
  );
}

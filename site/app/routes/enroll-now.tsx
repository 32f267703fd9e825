// /enrollnow: contact details, WhatsApp / Schedule a Call and opening hours. The enrolment issue adds the
// location check and the two forms (simple and plan-based) here.
import { Link } from "react-router";
import { ContactDetails } from "../components/ContactDetails";
import { Icon } from "../components/Icon";
import { PageHero } from "../components/PageHero";
import { Section } from "../components/Section";
import { enrollData } from "../features/pages/page-data.server";
import { metaFromLoader } from "../lib/route-meta";
import type { Route } from "./+types/enroll-now";

export const loader = () => enrollData();
export const meta: Route.MetaFunction = metaFromLoader;

export default function EnrollNow({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        eyebrow="Enrolment"
        title="Enroll Now"
        intro="Secure your seat in the next batch. Tell an advisor which course you want and we will guide you through the next steps."
        compact
      >
        <div className="mt-8 flex flex-wrap gap-3">
          <a href={d.contact.whatsappUrl} target="_blank" rel="noopener noreferrer" className="btn-primary">
            <Icon name="message-circle" className="size-4" />
            Chat on WhatsApp
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          <a href={d.contact.scheduleCallUrl} target="_blank" rel="noopener noreferrer" className="btn-secondary">
            <Icon name="calendar" className="size-4" />
            Schedule a Call
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </div>
      </PageHero>
      <Section headingId="enrol-courses">
        <div className="grid gap-10 lg:grid-cols-2">
          <div>
            <h2 id="enrol-courses" className="text-2xl font-bold">
              Our Courses
            </h2>
            <ul className="mt-6 space-y-3">
              {d.courses.map((c) => (
                <li key={c.path} className="card flex items-center justify-between gap-4 p-4">
                  <span>
                    <span className="block font-semibold text-ink">{c.title}</span>
                    <span className="text-sm text-slate-600">{c.duration}</span>
                  </span>
                  <Link to={c.path} className="text-sm font-semibold text-brand-700 underline">
                    Details<span className="sr-only"> of {c.title}</span>
                  </Link>
                </li>
              ))}
            </ul>
          </div>
          <div className="card p-8">
            <h2 className="text-2xl font-bold">Contact Information</h2>
            <div className="mt-6">
              <ContactDetails contact={d.contact} />
            </div>
          </div>
        </div>
      </Section>
    </>
  );
}

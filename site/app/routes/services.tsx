// /services: the nine service cards, then the portfolio block.
import { Link } from "react-router";
import { Icon } from "../components/Icon";
import { PageHero } from "../components/PageHero";
import { Portfolio } from "../components/Portfolio";
import { CtaBanner, Section, SectionHeading } from "../components/Section";
import { paths } from "../config/paths";
import { servicesData } from "./services.server";
import { metaFromLoader } from "../lib/route-meta";
import type { Route } from "./+types/services";

export const loader = () => servicesData();
export const meta: Route.MetaFunction = metaFromLoader;

export default function Services({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        eyebrow="Our services"
        title="Software Services That Grow Your Business"
        intro="From websites and mobile apps to AI assistants, dashboards and security audits: one team of engineers, designers and analysts for your whole digital journey."
      >
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to={paths.contact} className="btn-primary">
            Get a Free Quote
          </Link>
          <Link to={paths.portfolio} className="btn-secondary">
            View Portfolio
          </Link>
        </div>
      </PageHero>

      <Section headingId="all-services">
        <SectionHeading id="all-services" eyebrow="What we do" title="Explore Our Services" />
        <ul className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
          {d.services.map((s) => (
            <li key={s.slug} id={s.slug} className="card flex scroll-mt-24 flex-col p-6">
              <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                <Icon name={s.icon} className="size-6" />
              </span>
              <h3 className="mt-4 text-xl font-semibold">{s.title}</h3>
              <p className="mt-2 leading-7 text-slate-600">{s.description}</p>
              <ul className="mt-4 space-y-2 text-sm">
                {s.features.map((f) => (
                  <li key={f} className="flex items-center gap-2">
                    <Icon name="check" className="size-4 text-emerald-700" />
                    {f}
                  </li>
                ))}
              </ul>
              <p className="mt-4 text-sm text-slate-600">
                <span className="font-semibold text-ink">Technologies:</span> {s.technologies.join(", ")}
              </p>
              <dl className="mt-4 grid flex-1 grid-cols-2 content-end gap-2 border-t border-slate-200 pt-4 text-sm">
                <div>
                  <dt className="text-slate-600">Price</dt>
                  <dd className="font-semibold text-ink">{s.price}</dd>
                </div>
                <div>
                  <dt className="text-slate-600">Timeline</dt>
                  <dd className="font-semibold text-ink">{s.timeline}</dd>
                </div>
              </dl>
              <Link to={s.url} className="btn-secondary mt-6">
                {s.url === paths.contact ? "Get a Free Quote" : "Learn More"}
                <span className="sr-only">: {s.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>

      <Section headingId="portfolio" className="bg-slate-50">
        <SectionHeading id="portfolio" eyebrow="Portfolio" title="Our Recent Work" intro="A few of the projects we have delivered for clients." />
        <Portfolio projects={d.projects} headingLevel={3} />
      </Section>

      <CtaBanner
        title="Have a Project in Mind?"
        text="Tell us what you need and get a free, no-obligation quote within 24 hours."
        to={paths.contact}
        label="Contact Us Today"
      />
    </>
  );
}

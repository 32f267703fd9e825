// The landing page of one service: hero, six service cards, why-choose list, six past projects, closing call.
import { Link } from "react-router";
import type { ServicePage as ServicePageData } from "../content/services";
import { paths } from "../config/paths";
import { CheckList } from "./CheckList";
import { FeatureGrid } from "./FeatureGrid";
import { PageHero } from "./PageHero";
import { ProjectGrid } from "./ProjectGrid";
import { CtaBanner, Section, SectionHeading } from "./Section";

export type { ServicePageData };

export function ServicePage({ page }: { page: ServicePageData }) {
  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={page.title} intro={page.intro}>
        <div className="mt-8 flex flex-wrap gap-3">
          {/* Quote buttons go to the contact form; the lead-capture issue adds the toast (SPEC §2). */}
          <Link to={paths.contact} className="btn-primary">
            {page.heroCta}
          </Link>
          <Link to={paths.portfolio} className="btn-secondary">
            See Our Work
          </Link>
        </div>
      </PageHero>

      <Section headingId="service-cards">
        <SectionHeading id="service-cards" eyebrow="What we do" title={page.cardsHeading} />
        <FeatureGrid items={page.cards.map((c) => ({ icon: c.icon, title: c.title, description: c.desc }))} />
      </Section>

      <Section headingId="why-choose" className="bg-slate-50">
        <SectionHeading id="why-choose" eyebrow="Why us" title={page.whyChooseHeading} />
        <div className="mx-auto max-w-4xl">
          <CheckList items={page.whyChoose} />
        </div>
      </Section>

      <Section headingId="projects">
        <SectionHeading id="projects" eyebrow="Past projects" title="Recent Projects" />
        <ProjectGrid projects={page.projects} />
      </Section>

      <CtaBanner title={page.closing.heading} text={page.closing.text} to={paths.contact} label={page.closing.cta} />
    </>
  );
}

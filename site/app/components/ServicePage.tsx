// The landing page of one service: hero, six service cards, why-choose list, six past projects, closing call.
import { useEffect, useRef, type MouseEvent } from "react";
import { Link, useNavigate } from "react-router";
import { showToast } from "./Toasts";
import type { ServicePage as ServicePageData } from "../content/services";
import { paths, quotePath } from "../config/paths";
import { CheckList } from "./CheckList";
import { FeatureGrid } from "./FeatureGrid";
import { PageHero } from "./PageHero";
import { ProjectGrid } from "./ProjectGrid";
import { CtaBanner, Section, SectionHeading } from "./Section";

export type { ServicePageData };

/** docs/product.md#pages, #messages: a quote request shows a toast, then opens the contact form for that service. */
export const quoteRedirectMs = 1000;

function useQuoteRequest(service: string) {
  const navigate = useNavigate();
  const timer = useRef<number | undefined>(undefined);
  // Leaving the page before the redirect cancels it.
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return (e: MouseEvent<HTMLAnchorElement>) => {
    if (e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return; // a new tab is the visitor's choice
    e.preventDefault();
    if (timer.current !== undefined) return; // already on its way
    showToast((toast) => toast("Quote Request", { description: `Redirecting to contact form for ${service} quote.`, duration: 3000 }));
    timer.current = window.setTimeout(() => navigate(quotePath(service)), quoteRedirectMs);
  };
}

export function ServicePage({ page }: { page: ServicePageData }) {
  const requestQuote = useQuoteRequest(page.navTitle);
  const quoteTo = quotePath(page.navTitle);
  return (
    <>
      <PageHero eyebrow={page.eyebrow} title={page.title} intro={page.intro}>
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to={quoteTo} onClick={requestQuote} className="btn-primary">
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

      <CtaBanner title={page.closing.heading} text={page.closing.text} to={quoteTo} onClick={requestQuote} label={page.closing.cta} />
    </>
  );
}

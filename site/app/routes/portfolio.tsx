// /portfolio: projects with the category filter and featured badges.
import { PageHero } from "../components/PageHero";
import { Portfolio } from "../components/Portfolio";
import { CtaBanner, Section } from "../components/Section";
import { paths } from "../config/paths";
import { portfolioData } from "./portfolio.server";
import { metaFromLoader } from "../lib/route-meta";
import type { Route } from "./+types/portfolio";

export const loader = () => portfolioData();
export const meta: Route.MetaFunction = metaFromLoader;

export default function PortfolioPage({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        eyebrow="Portfolio"
        title="Our Work"
        intro="Web platforms, mobile apps, product design and marketing campaigns delivered for clients in Pakistan, the UK and beyond."
        compact
      />
      <Section>
        <Portfolio projects={d.projects} />
      </Section>
      <CtaBanner
        title="Want Results Like These?"
        text="Tell us about your idea and we will reply with a plan and a quote within 24 hours."
        to={paths.contact}
        label="Start Your Project"
      />
    </>
  );
}

// /about: headline stats, the 2025 founding story, mission, vision, six core values, why-choose stats, team.
import { Link } from "react-router";
import { FeatureGrid } from "../components/FeatureGrid";
import { Img } from "../components/Img";
import { PageHero } from "../components/PageHero";
import { CtaBanner, Section, SectionHeading } from "../components/Section";
import { FoundingStory, MissionVision } from "../components/AboutSections";
import { StatsStrip } from "../components/Stats";
import { paths } from "../config/paths";
import { aboutData } from "./about.server";
import { metaFromLoader } from "../lib/route-meta";
import type { Route } from "./+types/about";

export const loader = () => aboutData();
export const meta: Route.MetaFunction = metaFromLoader;

export default function About({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        eyebrow={`About ${d.brandName}`}
        title="Building Pakistan's Next Generation of Tech Talent"
        intro="We are an IT training institute and software company. Our instructors build real products, and our students learn by building them too."
        image={{ src: "/images/hero/about.webp", alt: "Our team collaborating on a project", width: 720, height: 540 }}
      >
        <StatsStrip stats={d.stats} className="mt-10" />
      </PageHero>

      <FoundingStory story={d.story} foundedYear={d.foundedYear} headingId="story" />

      <MissionVision mission={d.mission} vision={d.vision} headingId="mission" className="bg-slate-50" />

      <Section headingId="values">
        <SectionHeading id="values" eyebrow="What drives us" title="Our Core Values" />
        <FeatureGrid items={d.values} />
      </Section>

      <section aria-labelledby="why-choose" className="bg-brand-800 py-16">
        <div className="container-page">
          <h2 id="why-choose" className="mb-10 text-center text-3xl font-bold text-white">
            Why Choose {d.brandName}
          </h2>
          <StatsStrip stats={d.whyChooseStats} dark className="text-center" />
        </div>
      </section>

      <Section headingId="team">
        <SectionHeading id="team" eyebrow="Leadership" title="Meet Our Team" />
        <ul className="grid gap-6 sm:grid-cols-3">
          {d.team.map((m) => (
            <li key={m.name} className="card p-6 text-center">
              <Img src={m.image} alt={`Portrait of ${m.name}`} title={m.name} width={160} height={160} className="mx-auto size-32 rounded-full" />
              <h3 className="mt-4 text-lg font-semibold">{m.name}</h3>
              <p className="font-medium text-brand-700">{m.role}</p>
              <p className="mt-2 text-sm text-slate-600">{m.experience}</p>
            </li>
          ))}
        </ul>
        <p className="mt-10 text-center">
          <Link to={paths.contact} className="font-semibold text-brand-700 underline">
            Work with us
          </Link>
        </p>
      </Section>

      <CtaBanner
        title="Start Learning with Us"
        text="Join a live class for free and meet our instructors before you enrol."
        to={paths.freeDemo}
        label="Book Your Free Demo Class"
      />
    </>
  );
}

/** Sections the About and LMS pages share: the founding story, and mission beside vision. */
import type { ReactNode } from "react";
import { Section } from "./Section";

export function FoundingStory({
  story,
  foundedYear,
  headingId,
  className,
  children,
}: {
  story: { heading: string; paragraphs: string[] };
  foundedYear: number | string;
  headingId: string;
  className?: string;
  children?: ReactNode;
}) {
  return (
    <Section headingId={headingId} className={className}>
      <div className="mx-auto max-w-3xl">
        <p className="eyebrow">Since {foundedYear}</p>
        <h2 id={headingId} className="mt-2 text-3xl font-bold sm:text-4xl">
          {story.heading}
        </h2>
        {story.paragraphs.map((p) => (
          <p key={p.slice(0, 24)} className="mt-6 text-lg leading-8 text-slate-600">
            {p}
          </p>
        ))}
        {children}
      </div>
    </Section>
  );
}

export function MissionVision({
  mission,
  vision,
  headingId,
  className,
}: {
  mission: string;
  vision: string;
  headingId: string;
  className?: string;
}) {
  return (
    <Section headingId={headingId} className={className}>
      <div className="grid gap-6 md:grid-cols-2">
        <div className="card p-8">
          <h2 id={headingId} className="text-2xl font-bold">
            Our Mission
          </h2>
          <p className="mt-4 text-lg leading-8 text-slate-600">{mission}</p>
        </div>
        <div className="card p-8">
          <h2 className="text-2xl font-bold">Our Vision</h2>
          <p className="mt-4 text-lg leading-8 text-slate-600">{vision}</p>
        </div>
      </div>
    </Section>
  );
}

/** The institute's mission and vision side by side (About and LMS pages). */
import { Section } from "./Section";

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

// /courses: course cards (Enrol Now and Course Outline open in a new tab), faculty and partner universities,
// and why choose us.
import { Link } from "react-router";
import { CourseCard } from "../components/CourseCard";
import { FeatureGrid } from "../components/FeatureGrid";
import { Img } from "../components/Img";
import { PageHero } from "../components/PageHero";
import { Section, SectionHeading } from "../components/Section";
import { StatsStrip } from "../components/Stats";
import { paths } from "../config/paths";
import { coursesData } from "./courses.server";
import { metaFromLoader } from "../lib/route-meta";
import type { Route } from "./+types/courses";

export const loader = () => coursesData();
export const meta: Route.MetaFunction = metaFromLoader;

export default function Courses({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        eyebrow="Online courses"
        title="Industry-Ready Online IT Courses"
        intro="Live, instructor-led courses with weekly labs, portfolio projects and recorded lectures. Learn from anywhere in Pakistan, the UK or the world."
        image={{ src: "/images/hero/courses.webp", alt: "A student working through a course project", width: 720, height: 540 }}
      >
        <div className="mt-8 flex flex-wrap gap-3">
          {/* docs/product.md#pages: the courses hero's demo button goes to the enrolment page. */}
          <Link to={paths.enroll} className="btn-primary">
            Book your Free Demo
          </Link>
        </div>
      </PageHero>

      <Section headingId="all-courses">
        <SectionHeading id="all-courses" eyebrow="Choose your path" title="Our Courses" />
        <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
          {d.courses.map((c) => (
            <CourseCard key={c.id} course={c} newTab />
          ))}
        </div>
      </Section>

      <Section headingId="faculty" className="bg-slate-50">
        <SectionHeading
          id="faculty"
          eyebrow="Faculty and partners"
          title="Learn from Experienced Faculty"
          intro="Our instructors studied and taught at respected universities and bring years of industry practice to every class."
        />
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {d.faculty.map((f) => (
            <li key={f.name} className="card flex gap-4 p-6">
              <Img src={f.image} alt={`Portrait of ${f.name}`} title={f.name} width={80} height={80} className="size-20 shrink-0 rounded-full" />
              <div>
                <h3 className="font-semibold">{f.name}</h3>
                <p className="text-sm text-brand-700">{f.title}</p>
                <p className="mt-3 flex items-center gap-2 text-sm text-slate-600">
                  <Img src={f.logo} alt="" title={f.university} width={28} height={28} className="size-7" />
                  <span>
                    {f.program}, {f.university}
                  </span>
                </p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section headingId="why-choose">
        <SectionHeading id="why-choose" eyebrow="Why choose us" title="Why Students Choose Us" />
        <FeatureGrid
          columns={4}
          items={[
            { icon: "video", title: "Live Interactive Classes", description: "Ask questions and get answers in real time, then rewatch every recording." },
            { icon: "briefcase", title: "Real-World Projects", description: "Build a portfolio of projects that employers and clients want to see." },
            { icon: "heart-handshake", title: "Career Support", description: "CV reviews, mock interviews and freelancing guidance." },
            { icon: "award", title: "Recognised Certificates", description: "Earn a certificate for every course you complete." },
          ]}
        />
        <StatsStrip stats={d.stats} className="mt-12 text-center" />
      </Section>
    </>
  );
}

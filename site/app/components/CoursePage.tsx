// The landing page of one course (MERN, Data Analysis, AI/ML, Cyber Security).
import { Link } from "react-router";
import type { Course } from "../content/courses";
import { paths } from "../config/paths";
import { CheckList } from "./CheckList";
import { FeatureGrid } from "./FeatureGrid";
import { Icon } from "./Icon";
import { PageHero } from "./PageHero";
import { Price } from "./Price";
import { CtaBanner, Section, SectionHeading } from "./Section";

export type CoursePageData = Omit<Course, "description" | "slug" | "studentCount">;

export function CoursePage({ course }: { course: CoursePageData }) {
  const facts = [
    { icon: "calendar" as const, text: course.duration },
    { icon: "layers" as const, text: `${course.modules} modules` },
    { icon: "briefcase" as const, text: `${course.projects} projects` },
    { icon: "star" as const, text: `${course.rating} rating · ${course.studentsText} students` },
  ];
  return (
    <>
      <PageHero
        eyebrow={`Online course · ${course.level}`}
        title={course.title}
        intro={course.intro}
        image={{ src: course.image, alt: `${course.title} course illustration`, width: 640, height: 400 }}
      >
        <p className="mt-4 text-xl font-semibold text-brand-800">{course.headline}</p>
        <ul className="mt-6 flex flex-wrap gap-3 text-sm" aria-label="Course facts">
          {facts.map((f) => (
            <li key={f.text} className="inline-flex items-center gap-2 rounded-full bg-white px-3 py-1.5 shadow-sm">
              <Icon name={f.icon} className="size-4 text-brand-700" />
              {f.text}
            </li>
          ))}
        </ul>
        <Price monthlyUsd={course.monthlyPriceUsd} text={course.localPrice} className="mt-4 font-semibold text-slate-800" />
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to={course.enrollPath} className="btn-primary">
            Enroll Now
          </Link>
          <Link to={paths.freeDemo} className="btn-secondary">
            Book a Free Demo
          </Link>
        </div>
      </PageHero>

      {course.highlights && (
        <section aria-label="Career outlook" className="bg-brand-800 py-10">
          <dl className="container-page grid gap-6 text-center sm:grid-cols-2">
            {course.highlights.map((h) => (
              <div key={h.label} className="flex flex-col-reverse">
                <dt className="mt-1 text-brand-100">{h.label}</dt>
                <dd className="text-3xl font-extrabold text-white">{h.value}</dd>
              </div>
            ))}
          </dl>
        </section>
      )}

      <Section headingId="why-choose">
        <SectionHeading id="why-choose" eyebrow="Why choose us" title={`Why Choose Our ${course.navTitle} Course`} />
        <FeatureGrid items={course.features} columns={4} />
      </Section>

      <Section headingId="outline" className="bg-slate-50">
        <SectionHeading
          id="outline"
          eyebrow="Course outline"
          title="What the Course Covers"
          intro={`${course.topics.length} topics over ${course.durationWeeks} weeks. Each week: ${course.weeklySchedule.theory}, ${course.weeklySchedule.practice} and ${course.weeklySchedule.lab}.`}
        />
        <ol className="mx-auto grid max-w-4xl gap-3 sm:grid-cols-2">
          {course.topics.map((topic, i) => (
            <li key={topic} className="card flex items-center gap-4 p-4">
              <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-700 text-sm font-bold text-white">
                {i + 1}
              </span>
              <span className="font-medium text-ink">{topic}</span>
            </li>
          ))}
        </ol>
        <div className="mt-10 text-center">
          <Link to={course.outlinePath} target="_blank" rel="noopener noreferrer" className="btn-primary">
            View Full Course Outline
            <Icon name="external-link" className="size-4" />
            <span className="sr-only"> (opens in a new tab)</span>
          </Link>
        </div>
      </Section>

      <Section headingId="learn">
        <SectionHeading id="learn" eyebrow="Outcomes" title="What Will You Learn" />
        <div className="mx-auto max-w-4xl">
          <CheckList items={course.learn} />
          <h3 className="mt-10 text-lg font-semibold">Tools and skills</h3>
          <ul className="mt-4 flex flex-wrap gap-2">
            {course.skills.map((s) => (
              <li key={s} className="rounded-full border border-slate-300 px-3 py-1 text-sm text-slate-700">
                {s}
              </li>
            ))}
          </ul>
        </div>
      </Section>

      <CtaBanner
        title={`Start Your ${course.navTitle} Journey Today`}
        text="Seats in each batch are limited. Enrol now, or book a free demo class first and see how we teach."
        to={course.enrollPath}
        label="Enroll Now"
      />
    </>
  );
}

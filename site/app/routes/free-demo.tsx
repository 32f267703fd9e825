// /FreeDemo: intro, #book (live session: the open slots to book once they have loaded, else the course chooser),
// #recorded, six testimonials, twelve FAQs.
import { ContactDetails } from "../components/ContactDetails";
import { DemoRequestForm } from "../components/DemoRequestForm";
import { Faq } from "../components/Faq";
import { FeatureGrid } from "../components/FeatureGrid";
import { PageHero } from "../components/PageHero";
import { Section, SectionHeading } from "../components/Section";
import { TestimonialGrid } from "../components/TestimonialCard";
import { BookSection } from "../features/demo/components/BookSection";
import { anchors, withHash, paths } from "../config/paths";
import { freeDemoData } from "./free-demo.server";
import { metaFromLoader } from "../lib/route-meta";
import type { Route } from "./+types/free-demo";
import { Link } from "react-router";
import { demoMinutes } from "../content/demo";

export const loader = () => freeDemoData();
export const meta: Route.MetaFunction = metaFromLoader;

export default function FreeDemo({ loaderData: d }: Route.ComponentProps) {
  return (
    <>
      <PageHero
        eyebrow="Free demo class"
        title="Try a Free Demo Class Before You Enrol"
        intro={`Join a live ${demoMinutes} minute class with one of our instructors, ask anything, and see exactly how our courses work. No payment and no obligation.`}
        image={{ src: "/images/hero/free-demo.webp", alt: "A live online demo class on a laptop", width: 720, height: 540 }}
      >
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to={withHash(paths.freeDemo, anchors.freeDemoBook)} className="btn-primary">
            Book Free Session
          </Link>
          <Link to={withHash(paths.freeDemo, anchors.freeDemoRecorded)} className="btn-secondary">
            Watch Recorded Demo
          </Link>
        </div>
      </PageHero>

      <Section headingId="how-it-works">
        <SectionHeading id="how-it-works" eyebrow="How it works" title="Three Steps to Your Free Class" />
        <FeatureGrid
          items={[
            { icon: "target", title: "1. Choose a course", description: "MERN stack, data analysis, AI & machine learning or cyber security." },
            { icon: "calendar-check", title: "2. Pick a time", description: "We confirm a live slot that suits you within 24 hours." },
            { icon: "video", title: "3. Join live", description: "Attend on a video-meeting service from your laptop or phone." },
          ]}
        />
      </Section>

      <Section id={anchors.freeDemoBook} headingId="book-heading" className="scroll-mt-20 bg-slate-50">
        <BookSection
          headingId="book-heading"
          courses={d.courses}
          enquiry={
            <DemoRequestForm
              id="book"
              legend="Which course would you like to try?"
              whatsappUrl={d.contact.whatsappUrl}
              courses={d.courses}
              message={(title) => `Hello! I'd like to book a free demo class for ${title}.`}
              submitLabel="Book Free Session"
            />
          }
        />
      </Section>

      <Section id={anchors.freeDemoRecorded} headingId="recorded-heading" className="scroll-mt-20">
        <SectionHeading
          id="recorded-heading"
          eyebrow="Recorded demo"
          title="Prefer to Watch a Recorded Demo?"
          intro="Can't make a live slot? Ask for a recorded demo lecture and watch it whenever suits you."
        />
        <div className="mx-auto max-w-3xl">
          <DemoRequestForm
            id="recorded"
            legend="Which recorded demo would you like?"
            whatsappUrl={d.contact.whatsappUrl}
            courses={d.courses}
            message={(title) => `Hello! Please send me the recorded demo lecture for ${title}.`}
            submitLabel="Get Recorded Demo"
          />
        </div>
      </Section>

      <Section headingId="testimonials" className="bg-slate-50">
        <SectionHeading id="testimonials" eyebrow="Testimonials" title="Students Who Started with a Demo" />
        <TestimonialGrid items={d.testimonials} />
      </Section>

      <Section headingId="faq">
        <SectionHeading id="faq" eyebrow="FAQ" title="Free Demo Questions" />
        <div className="mx-auto max-w-3xl">
          <Faq items={d.faqs} idPrefix="demo-faq" />
        </div>
      </Section>

      <Section headingId="demo-contact" className="bg-slate-50">
        <SectionHeading id="demo-contact" eyebrow="Questions?" title="Talk to an Advisor" intro={d.contact.replyPromise} />
        <div className="card mx-auto max-w-xl p-8">
          <ContactDetails contact={d.contact} />
        </div>
      </Section>
    </>
  );
}

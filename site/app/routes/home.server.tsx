// Build-time data of "/": its <head> tags and the page itself as HTML (lib/static-html.server.tsx), so the
// browser gets the markup, not the components' code (docs/decisions/0022-compressed-at-build-and-budgets.md).
import { Link } from "react-router";
import { ContactDetails } from "../components/ContactDetails";
import { CourseCard } from "../components/CourseCard";
import { Faq } from "../components/Faq";
import { FeatureGrid } from "../components/FeatureGrid";
import { Icon } from "../components/Icon";
import { PageHero } from "../components/PageHero";
import { Pricing } from "../components/Pricing";
import { Section, SectionHeading } from "../components/Section";
import { StatsStrip } from "../components/Stats";
import { TestimonialGrid } from "../components/TestimonialCard";
import { courseCard } from "../components/CourseCard.server";
import { contactSummary } from "../components/ContactDetails.server";
import { brand } from "../content/brand";
import { courses } from "../content/courses";
import { homeFaqs } from "../content/faqs";
import { highlightedPlanLabel, plans } from "../content/plans";
import { homeServiceSlugs, services } from "../content/services";
import { headlineStats } from "../content/stats";
import { homeTestimonials } from "../content/testimonials";
import type { IconName } from "../config/icons";
import { anchors, coursePagePaths, paths, type CourseSlug } from "../config/paths";
import { staticHtml } from "../lib/static-html.server";
import { pageMeta } from "../lib/seo";
import { faqLd, organizationLd, websiteLd } from "../lib/structured-data";

function homeContent() {
  const byPath = (slug: CourseSlug) => coursePagePaths[slug];
  const fields: { icon: IconName; title: string; description: string; path: string }[] = [
    { icon: "bar-chart-3", title: "Data Analysis", description: "Excel, SQL, Python and Power BI", path: byPath("data-analyst") },
    { icon: "brain", title: "Artificial Intelligence", description: "Generative AI, NLP and intelligent apps", path: byPath("ai-machine-learning") },
    { icon: "cpu", title: "Machine Learning", description: "Models that learn from data", path: byPath("ai-machine-learning") },
    { icon: "code", title: "Web Development", description: "Full stack apps with MERN", path: byPath("mern-full-stack-development") },
    { icon: "shield", title: "Cyber Security", description: "Ethical hacking and defence", path: byPath("cyber-security") },
  ];
  return {
    meta: pageMeta({
      description: `${brand.name} teaches MERN stack, data analysis, AI & machine learning and cyber security in live online classes, and builds software for businesses in Pakistan, the UK and worldwide.`,
      path: paths.home,
      jsonLd: [organizationLd(), websiteLd(), faqLd(homeFaqs)],
    }),
    brandName: brand.name,
    stats: headlineStats,
    services: homeServiceSlugs.flatMap((slug) => services.filter((s) => s.slug === slug)).map((s) => ({
      icon: s.icon,
      title: s.title,
      description: s.description,
      path: s.url,
    })),
    courses: courses.map(courseCard),
    fields,
    benefits: [
      { icon: "lightbulb", title: "Discover New Skills", description: "Learn the tools employers use today, in live classes with weekly hands-on labs." },
      { icon: "award", title: "Earn Certifications", description: "Complete a course and its final project to earn a verifiable certificate." },
      { icon: "graduation-cap", title: "Learn from Experts", description: "Instructors who build software, analyse data and secure systems every day." },
    ] satisfies { icon: IconName; title: string; description: string }[],
    testimonials: homeTestimonials,
    faqs: homeFaqs,
    plans,
    highlightedPlanLabel,
    contact: contactSummary(),
  };
}

type HomeContent = ReturnType<typeof homeContent>;

export function homeData() {
  const content = homeContent();
  return { meta: content.meta, html: staticHtml(<HomePage d={content} />, paths.home) };
}

/** The whole page: nothing on it changes in the browser but what StaticHtml handles. */
function HomePage({ d }: { d: HomeContent }) {
  return (
    <>
      <PageHero
        eyebrow="Live online IT courses · Software services"
        title="Launch Your Tech Career with Industry Experts"
        intro={`${d.brandName} teaches the skills employers hire for, MERN stack, data analysis, AI and cyber security, in live classes with real projects, and builds software for businesses worldwide.`}
        image={{ src: "/images/hero/home-hero.webp", alt: "Students learning in a live online class", width: 720, height: 540 }}
      >
        <div className="mt-8 flex flex-wrap gap-3">
          <Link to={paths.freeDemo} className="btn-primary">
            Book Your Free Demo Class
            <Icon name="arrow-right" className="size-4" />
          </Link>
          <Link to={paths.courses} className="btn-secondary">
            Explore Courses
          </Link>
        </div>
        <StatsStrip stats={d.stats} className="mt-10" />
      </PageHero>

      <Section headingId="services-overview">
        <SectionHeading
          id="services-overview"
          eyebrow="Our services"
          title="Software Services for Growing Businesses"
          intro="The same experts who teach our courses build websites, apps, AI assistants and secure systems for clients."
        />
        <FeatureGrid items={d.services} columns={4} />
        <div className="mt-10 text-center">
          <Link to={paths.services} className="btn-secondary">
            View All Services
          </Link>
        </div>
      </Section>

      <Section headingId="courses" className="bg-slate-50">
        <SectionHeading
          id="courses"
          eyebrow="Online courses"
          title="Courses That Get You Hired"
          intro="Live classes, weekly labs and portfolio projects, with recordings of every lecture."
        />
        <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-4">
          {d.courses.map((c) => (
            <CourseCard key={c.id} course={c} />
          ))}
        </div>
        <div className="mt-10 text-center">
          <Link to={paths.courses} className="btn-secondary">
            View All Courses
          </Link>
        </div>
      </Section>

      <Section headingId="fields">
        <SectionHeading id="fields" eyebrow="Choose your field" title="Explore In-Demand Tech Fields" />
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
          {d.fields.map((f) => (
            <li key={f.title}>
              <Link to={f.path} className="card flex h-full flex-col items-center p-6 text-center transition hover:border-brand-700 hover:shadow-md">
                <span className="inline-flex size-12 items-center justify-center rounded-xl bg-brand-50 text-brand-700">
                  <Icon name={f.icon} className="size-6" />
                </span>
                <span className="mt-4 font-semibold text-ink">{f.title}</span>
                <span className="mt-1 text-sm text-slate-600">{f.description}</span>
              </Link>
            </li>
          ))}
        </ul>
      </Section>

      <Section headingId="benefits" className="bg-slate-50">
        <SectionHeading id="benefits" eyebrow="Why learn with us" title="Learn, Certify and Grow" />
        <FeatureGrid items={d.benefits} />
      </Section>

      <Section headingId="testimonials">
        <SectionHeading id="testimonials" eyebrow="Testimonials" title="What Our Students and Clients Say" />
        <div className="[&_ul]:xl:grid-cols-4">
          <TestimonialGrid items={d.testimonials} />
        </div>
      </Section>

      <Section headingId="faq" className="bg-slate-50">
        <SectionHeading id="faq" eyebrow="FAQ" title="Frequently Asked Questions" />
        <div className="mx-auto max-w-3xl">
          <Faq items={d.faqs} idPrefix="home-faq" />
        </div>
      </Section>

      <Section headingId="pricing">
        <SectionHeading
          id="pricing"
          eyebrow="Pricing"
          title="Simple Monthly Plans"
          intro="Every plan includes a free demo class and up to 3 classes per week. Cancel auto-renewal anytime."
        />
        <Pricing plans={d.plans} highlightLabel={d.highlightedPlanLabel} />
      </Section>

      <Section id={anchors.contact} headingId="home-contact" className="bg-slate-50">
        <div className="grid gap-10 lg:grid-cols-2">
          <div>
            <SectionHeading
              id="home-contact"
              eyebrow="Contact"
              title="Talk to an Advisor"
              intro={`Questions about a course or a project? ${d.contact.replyPromise}`}
              align="left"
            />
            <div className="flex flex-wrap gap-3">
              <Link to={paths.contact} className="btn-primary">
                Send Us a Message
              </Link>
              <a href={d.contact.whatsappUrl} target="_blank" rel="noopener noreferrer" className="btn-secondary">
                Chat on WhatsApp<span className="sr-only"> (opens in a new tab)</span>
              </a>
            </div>
          </div>
          <div className="card p-8">
            <ContactDetails contact={d.contact} />
          </div>
        </div>
      </Section>
    </>
  );
}

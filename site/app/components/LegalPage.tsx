// Layout of the privacy, terms and refund pages.
import type { LegalDocument } from "../content/legal";
import { PageHero } from "./PageHero";

export function LegalPage({ doc }: { doc: LegalDocument }) {
  return (
    <>
      <PageHero title={doc.title} intro={doc.intro} compact>
        <p className="mt-4 text-sm text-slate-600">Last updated: {doc.lastUpdated}</p>
      </PageHero>
      <article className="container-page max-w-3xl py-12">
        {doc.sections.map((s) => (
          <section key={s.heading} className="mt-10 first:mt-0">
            <h2 className="text-2xl font-bold">{s.heading}</h2>
            {s.paragraphs?.map((p) => (
              <p key={p.slice(0, 32)} className="mt-4 leading-7">
                {p}
              </p>
            ))}
            {s.list && (
              <ul className="mt-4 list-disc space-y-2 pl-6 leading-7">
                {s.list.map((item) => (
                  <li key={item}>{item}</li>
                ))}
              </ul>
            )}
          </section>
        ))}
      </article>
    </>
  );
}

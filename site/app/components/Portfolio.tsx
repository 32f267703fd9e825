// The portfolio: category filter (docs/product.md#behaviour: one selected category, default All), project cards with a
// featured badge, and a details dialog (Radix Dialog, loaded on demand) per project.
import { lazy, Suspense, useState } from "react";
import {
  filterProjects,
  portfolioCategories,
  type PortfolioFilter,
  type PortfolioProject,
} from "../content/portfolio";
import { cx } from "../lib/cx";
import { Img } from "./Img";

const ProjectDialog = lazy(() => import("./ProjectDialog").then((m) => ({ default: m.ProjectDialog })));

/** "View details": the dialog's code (Radix) loads on the first opening. */
function ProjectDetails({ project }: { project: PortfolioProject }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className="btn-secondary mt-4 min-h-10 px-4 py-2 text-sm" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        View details<span className="sr-only">: {project.title}</span>
      </button>
      {open && (
        <Suspense fallback={null}>
          <ProjectDialog project={project} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}

export function Portfolio({ projects, headingLevel = 2 }: { projects: PortfolioProject[]; headingLevel?: 2 | 3 }) {
  const [filter, setFilter] = useState<PortfolioFilter>("All");
  const shown = filterProjects(projects, filter);
  const Title = headingLevel === 2 ? "h2" : "h3";
  return (
    <div>
      <div role="group" aria-label="Filter projects by category" className="mb-8 flex flex-wrap justify-center gap-2">
        {portfolioCategories.map((c) => (
          <button
            key={c}
            type="button"
            aria-pressed={filter === c}
            onClick={() => setFilter(c)}
            className={cx(
              "min-h-11 rounded-full border px-4 py-2 text-sm font-medium",
              filter === c ? "border-brand-700 bg-brand-700 text-white" : "border-slate-300 bg-white text-slate-800 hover:border-brand-700",
            )}
          >
            {c}
          </button>
        ))}
      </div>
      <p className="sr-only" aria-live="polite">
        {shown.length} {shown.length === 1 ? "project" : "projects"} shown
      </p>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {shown.map((p, i) => (
          <li key={p.slug} className="card relative flex flex-col overflow-hidden" data-category={p.category}>
            {p.featured && (
              <p className="absolute top-3 left-3 rounded-full bg-amber-300 px-3 py-1 text-xs font-bold text-amber-950">Featured</p>
            )}
            {/* The first project's picture is in view on a phone's first screen, and the largest paint there. */}
            <Img src={p.image} alt="" title={p.title} width={640} height={400} priority={i === 0} className="h-auto w-full" />
            <div className="flex flex-1 flex-col p-6">
              <p className="text-sm font-medium text-brand-700">{p.category}</p>
              <Title className="mt-1 text-lg font-semibold text-ink">{p.title}</Title>
              <p className="mt-2 flex-1 leading-7 text-slate-600">{p.description}</p>
              <ul className="mt-4 flex flex-wrap gap-2" aria-label="Technologies">
                {p.technologies.map((t) => (
                  <li key={t} className="rounded-md bg-slate-100 px-2 py-1 text-xs text-slate-700">
                    {t}
                  </li>
                ))}
              </ul>
              <div>
                <ProjectDetails project={p} />
              </div>
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

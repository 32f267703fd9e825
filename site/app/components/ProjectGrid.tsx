// A grid of past projects (image, title, description).
import type { ProjectCard } from "../content/services";
import { Img } from "./Img";

export function ProjectGrid({ projects }: { projects: ProjectCard[] }) {
  return (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {projects.map((p) => (
        <li key={p.title} className="card overflow-hidden">
          <Img src={p.image} alt="" title={p.title} width={480} height={300} className="h-auto w-full" />
          <div className="p-6">
            <h3 className="text-lg font-semibold">{p.title}</h3>
            <p className="mt-2 leading-7 text-slate-600">{p.description}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}

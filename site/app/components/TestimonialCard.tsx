// One testimonial with its star rating.
import type { Testimonial } from "../content/testimonials";
import { Img } from "./Img";
import { Stars } from "./Stars";

export function TestimonialGrid({ items }: { items: Testimonial[] }) {
  return (
    <ul className="grid gap-6 md:grid-cols-2 xl:grid-cols-3">
      {items.map((t) => (
        <li key={t.name} className="card flex flex-col p-6">
          <Stars rating={t.rating} />
          <blockquote className="mt-4 flex-1 leading-7 text-slate-700">“{t.content}”</blockquote>
          <div className="mt-6 flex items-center gap-3">
            <Img src={t.image} alt="" title={t.name} width={48} height={48} className="size-12 rounded-full" />
            <p className="text-sm">
              <span className="block font-semibold text-ink">{t.name}</span>
              <span className="text-slate-600">
                {t.role}, {t.company}
              </span>
            </p>
          </div>
        </li>
      ))}
    </ul>
  );
}

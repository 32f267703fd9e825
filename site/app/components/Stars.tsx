// A 1–5 star rating, read out as text.
import { Icon } from "./Icon";

export function Stars({ rating }: { rating: number }) {
  return (
    <p className="flex items-center gap-0.5 text-amber-600">
      <span className="sr-only">Rated {rating} out of 5</span>
      {[1, 2, 3, 4, 5].map((n) => (
        <Icon key={n} name="star" filled={n <= rating} className={n <= rating ? "size-4" : "size-4 text-slate-400"} />
      ))}
    </p>
  );
}

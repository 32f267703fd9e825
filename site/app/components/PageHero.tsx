// The hero at the top of every page: the page's one <h1>, intro, actions and an optional picture.
import type { ReactNode } from "react";
import { cx } from "../lib/cx";
import { Img } from "./Img";

export interface HeroImage {
  src: string;
  alt: string;
  width: number;
  height: number;
}

export function PageHero({
  eyebrow,
  title,
  intro,
  children,
  image,
  compact = false,
}: {
  eyebrow?: string;
  title: string;
  intro?: string;
  children?: ReactNode;
  image?: HeroImage;
  compact?: boolean;
}) {
  return (
    <section className="bg-gradient-to-b from-brand-50 to-white">
      <div
        className={cx(
          "container-page grid items-center gap-10",
          compact ? "py-12 sm:py-16" : "py-14 sm:py-20",
          image && "lg:grid-cols-2",
        )}
      >
        <div className="min-w-0">
          {eyebrow && <p className="eyebrow">{eyebrow}</p>}
          <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-balance sm:text-5xl">{title}</h1>
          {intro && <p className="mt-6 max-w-2xl text-lg leading-8 text-slate-600">{intro}</p>}
          {children}
        </div>
        {image && (
          <Img
            src={image.src}
            alt={image.alt}
            width={image.width}
            height={image.height}
            priority
            className="h-auto w-full rounded-3xl shadow-xl"
          />
        )}
      </div>
    </section>
  );
}

// Page building blocks: a section with a heading block, and the call-to-action banner that closes pages.
import type { ReactNode } from "react";
import { Link } from "react-router";
import { cx } from "../lib/cx";

export function SectionHeading({
  id,
  eyebrow,
  title,
  intro,
  align = "center",
}: {
  id?: string;
  eyebrow?: string;
  title: string;
  intro?: string;
  align?: "center" | "left";
}) {
  return (
    <div className={cx("mb-10 max-w-3xl", align === "center" && "mx-auto text-center")}>
      {eyebrow && <p className="eyebrow">{eyebrow}</p>}
      <h2 id={id} className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">
        {title}
      </h2>
      {intro && <p className="mt-4 text-lg leading-8 text-slate-600">{intro}</p>}
    </div>
  );
}

export function Section({
  id,
  headingId,
  className,
  children,
}: {
  id?: string;
  headingId?: string;
  className?: string;
  children: ReactNode;
}) {
  return (
    <section id={id} aria-labelledby={headingId} className={cx("section", className)}>
      <div className="container-page">{children}</div>
    </section>
  );
}

export function CtaBanner({
  title,
  text,
  to,
  label,
  id = "closing-cta",
  onClick,
}: {
  title: string;
  text: string;
  to: string;
  label: string;
  id?: string;
  onClick?: (e: React.MouseEvent<HTMLAnchorElement>) => void;
}) {
  return (
    <section aria-labelledby={id} className="section">
      <div className="container-page">
        <div className="rounded-3xl bg-brand-800 px-6 py-12 text-center text-white sm:px-12">
          <h2 id={id} className="text-3xl font-bold text-white sm:text-4xl">
            {title}
          </h2>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-brand-100">{text}</p>
          <Link to={to} onClick={onClick} className="btn-light mt-8">
            {label}
          </Link>
        </div>
      </div>
    </section>
  );
}

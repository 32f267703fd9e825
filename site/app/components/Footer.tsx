// The site footer: brand, social links (new tab), quick links, popular courses, contacts and legal links.
import { Link } from "react-router";
import type { LayoutData } from "../lib/layout";
import { Icon } from "./Icon";

const heading = "mb-4 text-base font-semibold text-white";
const link = "text-slate-300 hover:text-white hover:underline";

/** docs/product.md#pages: footer navigation scrolls to the top, also when the link points at the current page. */
const toTop = () => window.scrollTo({ top: 0 });

export function Footer({ data }: { data: LayoutData }) {
  const { brand } = data;
  return (
    <footer className="bg-slate-900 text-slate-300">
      <div className="container-page grid gap-10 py-14 sm:grid-cols-2 lg:grid-cols-4">
        <div>
          <p className="flex items-center gap-2 text-lg font-bold text-white">
            <img src={brand.logo} alt="" width={36} height={36} loading="lazy" className="size-9" />
            {brand.name}
          </p>
          <p className="mt-4 text-sm leading-6">{brand.tagline}.</p>
          <ul className="mt-6 flex flex-wrap gap-2" aria-label="Social media">
            {brand.social.map((s) => (
              <li key={s.name}>
                <a
                  href={s.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="inline-flex min-h-11 items-center rounded-md border border-slate-600 px-3 text-sm text-slate-200 hover:border-white hover:text-white"
                >
                  {s.name}
                  <span className="sr-only"> (opens in a new tab)</span>
                </a>
              </li>
            ))}
          </ul>
        </div>

        <FooterLinks id="footer-quick-links" title="Quick Links" links={data.quickLinks} />
        <FooterLinks id="footer-popular-courses" title="Popular Courses" links={data.popularCourses} />

        <div>
          <h2 className={heading}>Contact Us</h2>
          <ul className="space-y-3 text-sm">
            {brand.phones.map((p) => (
              <li key={p.e164} className="flex items-start gap-2">
                <Icon name="phone" className="mt-0.5 size-4 text-slate-400" />
                <a href={`tel:${p.e164}`} className={link}>
                  <span className="sr-only">{p.label}: </span>
                  {p.display}
                </a>
              </li>
            ))}
            <li className="flex items-start gap-2">
              <Icon name="mail" className="mt-0.5 size-4 text-slate-400" />
              <a href={`mailto:${brand.email}`} className={link}>
                {brand.email}
              </a>
            </li>
            <li className="flex items-start gap-2">
              <Icon name="map-pin" className="mt-0.5 size-4 text-slate-400" />
              <span>{brand.address}</span>
            </li>
            <li className="flex items-start gap-2">
              <Icon name="clock" className="mt-0.5 size-4 text-slate-400" />
              <span>{brand.hours.map((h) => `${h.days} ${h.hours}`).join(" · ")}</span>
            </li>
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-800">
        <div className="container-page flex flex-col gap-4 pt-6 pb-24 text-sm sm:flex-row sm:items-center sm:justify-between">
          <p>
            © {brand.copyrightYear} {brand.name}. All rights reserved.
          </p>
          <nav aria-label="Legal">
            <ul className="flex flex-wrap gap-x-6 gap-y-2">
              {data.legalLinks.map((l) => (
                <li key={l.path}>
                  <Link to={l.path} onClick={toTop} className={link}>
                    {l.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </div>
    </footer>
  );
}

/** A titled column of footer links; each returns to the top of the page it opens. */
function FooterLinks({ id, title, links }: { id: string; title: string; links: { label: string; path: string }[] }) {
  return (
    <nav aria-labelledby={id}>
      <h2 id={id} className={heading}>
        {title}
      </h2>
      <ul className="space-y-3 text-sm">
        {links.map((l) => (
          <li key={l.label}>
            <Link to={l.path} onClick={toTop} className={link}>
              {l.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

// A course chooser whose button opens a WhatsApp chat with the request prefilled. A link rather than a form
// (the site's CSP allows forms to post only to itself); without JavaScript it books the first course.
import { useState } from "react";
import { Link } from "react-router";
import { Icon } from "./Icon";

export function DemoRequestForm({
  id,
  whatsappUrl,
  courses,
  message,
  submitLabel,
  legend,
}: {
  id: string;
  whatsappUrl: string;
  courses: { id: string; title: string; enrollPath: string }[];
  /** Builds the prefilled chat text for a course title. */
  message: (courseTitle: string) => string;
  submitLabel: string;
  legend: string;
}) {
  const [chosen, setChosen] = useState(courses[0]?.title ?? "");
  const href = `${whatsappUrl.split("?")[0]}?text=${encodeURIComponent(message(chosen))}`;
  const enrolTo = courses.find((c) => c.title === chosen)?.enrollPath;
  return (
    <div className="card p-6 sm:p-8">
      <fieldset>
        <legend className="text-lg font-semibold text-ink">{legend}</legend>
        <div className="mt-4 grid gap-3 sm:grid-cols-2">
          {courses.map((c) => (
            <label
              key={c.id}
              className="flex cursor-pointer items-center gap-3 rounded-xl border border-slate-300 p-4 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50"
            >
              <input
                type="radio"
                name={`${id}-course`}
                value={c.title}
                checked={chosen === c.title}
                onChange={() => setChosen(c.title)}
                className="size-4 accent-brand-700"
              />
              <span className="font-medium text-ink">{c.title}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="mt-6 flex flex-wrap gap-3">
        <a href={href} target="_blank" rel="noopener noreferrer" className="btn-primary" data-testid={`${id}-link`}>
          {submitLabel}
          <Icon name="external-link" className="size-4" />
          <span className="sr-only"> (opens WhatsApp in a new tab)</span>
        </a>
        {enrolTo && (
          <Link to={enrolTo} className="btn-secondary" data-testid={`${id}-enrol`}>
            Enrol in This Course
          </Link>
        )}
      </div>
    </div>
  );
}

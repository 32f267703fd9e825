// The contact form's fields and browser validation (SPEC §5). Submission is wired by the lead-capture
// issue (POST /api/send-email, formType 'contact-form'); until then submitting does nothing.
import type { FormEvent } from "react";

const field = "mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2.5 text-ink placeholder:text-slate-500 focus:border-brand-700";
const label = "block text-sm font-medium text-ink";

export function ContactForm({ onSubmit }: { onSubmit?: (data: FormData) => void }) {
  const handleSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    onSubmit?.(new FormData(e.currentTarget));
  };
  return (
    <form id="contact-form" onSubmit={handleSubmit} className="mt-6 grid gap-5 sm:grid-cols-2">
      <div>
        <label htmlFor="firstName" className={label}>
          First name *
        </label>
        <input id="firstName" name="firstName" type="text" required autoComplete="given-name" className={field} />
      </div>
      <div>
        <label htmlFor="lastName" className={label}>
          Last name *
        </label>
        <input id="lastName" name="lastName" type="text" required autoComplete="family-name" className={field} />
      </div>
      <div>
        <label htmlFor="email" className={label}>
          E-mail *
        </label>
        <input id="email" name="email" type="email" required autoComplete="email" className={field} />
      </div>
      <div>
        <label htmlFor="phone" className={label}>
          Phone (optional)
        </label>
        <input id="phone" name="phone" type="tel" autoComplete="tel" className={field} />
      </div>
      <div className="sm:col-span-2">
        <label htmlFor="message" className={label}>
          Message *
        </label>
        <textarea id="message" name="message" required rows={5} className={field} />
      </div>
      <div className="sm:col-span-2">
        <button type="submit" className="btn-primary w-full sm:w-auto">
          Send Message
        </button>
      </div>
    </form>
  );
}

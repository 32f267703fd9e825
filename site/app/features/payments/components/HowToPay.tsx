// "How to pay" beside the simple enrolment form (visitors in Pakistan and Qatar, docs/product.md#plan-form): the
// institute's bank account, JazzCash and Easypaisa from GET /api/payments/options (`howToPay`), each with its lines
// (account title, number…). Staff record such a payment in the console, which enrols the student. Nothing shows
// while the options load or when they fail: the form above still works.
import { useEffect, useState } from "react";
import type { HowToPay as Method } from "#app/lib/payments-schema";
import { getPaymentOptions } from "../api/payments";

export function HowToPay() {
  const [methods, setMethods] = useState<Method[] | null>(null);
  useEffect(() => {
    let live = true;
    getPaymentOptions().then(
      (options) => live && setMethods(options.howToPay),
      () => live && setMethods([]),
    );
    return () => {
      live = false;
    };
  }, []);
  if (!methods || methods.length === 0) return null;
  return (
    <section aria-labelledby="how-to-pay-heading" className="mt-8 rounded-xl border border-slate-300 bg-slate-50 p-5" data-testid="how-to-pay">
      <h3 id="how-to-pay-heading" className="text-lg font-semibold text-ink">
        How to pay
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        Pay by any of these, then send your enrolment request above with the reference of your payment in the message. We'll confirm
        it and e-mail your access.
      </p>
      <ul className="mt-4 grid gap-4 sm:grid-cols-3">
        {methods.map((m) => (
          <li key={m.method} className="rounded-lg border border-slate-200 bg-white p-4">
            <h4 className="font-semibold text-ink">{m.title}</h4>
            <ul className="mt-2 space-y-1 text-sm break-words text-slate-700">
              {m.lines.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
    </section>
  );
}

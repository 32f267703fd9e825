// The plan-based enrolment form for everyone outside Pakistan and Qatar (docs/product.md#records, #behaviour, #validation, #messages, #constants): a course,
// then a plan (basic, standard 'Most Popular', premium), the selected plan with its duration and total,
// 'Proceed to Payment' gated on a plan, and /Thank-you at once after success.
import { useState, type FormEvent } from "react";
import { showToast } from "../../../components/Toasts";
import type { Plan } from "../../../content/plans";
import { cx } from "../../../lib/cx";
import { formValues, toastMs, useSubmission, type SubmissionTexts } from "../hooks/use-submission";
import { enrolmentErrorFallback, enrolmentFailedFallback, type EnrolCourse, type EnrolmentTitle } from "./enrolment";
import { Honeypot, SelectField, SubmitButton, TextArea, TextField } from "../../../components/FormFields";

const texts: SubmissionTexts = {
  success: { title: "Request Sent!", description: "Thank you for enrolling. Our team will contact you via WhatsApp shortly." },
  failedFallback: enrolmentFailedFallback,
  errorFallback: enrolmentErrorFallback,
};

const usd = (n: number) => `$${n.toLocaleString("en-US")}`;

export function RegistrationForm({
  courses,
  plans,
  highlightLabel,
  initialCourse,
  initialPlan = "",
}: {
  courses: EnrolCourse[];
  plans: Plan[];
  highlightLabel: string;
  initialCourse: string;
  initialPlan?: string;
}) {
  const { submit, submitting, fieldErrors, clearFieldError } = useSubmission({ formType: "registration-form", texts, redirectAfterMs: 0 });
  const [course, setCourse] = useState(initialCourse);
  const [planId, setPlanId] = useState(initialPlan);
  const chosenCourse = courses.find((c) => c.title === course);
  const plan = plans.find((p) => p.id === planId);
  const props = (name: string) => ({ name, error: fieldErrors[name], onEdit: clearFieldError });

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = e.currentTarget;
    const { firstName = "", lastName = "", email = "", phone = "", course = "", plan: chosen = "", ...rest } = formValues(form);
    // The select and the radios offer the catalog's titles and the plans' ids, which the contract lists
    // (enrolment.test.ts holds them equal).
    const fields = { ...rest, firstName, lastName, email, phone, course: course as EnrolmentTitle, plan: chosen as Plan["id"] };
    if (await submit(fields)) {
      form.reset();
      setCourse("");
      setPlanId("");
    }
  };

  const proceedToPayment = () => {
    if (!plan) {
      showToast((toast) => toast.error("Please Select a Plan", { description: "You need to select a plan before proceeding to payment.", duration: toastMs.failure }));
      return;
    }
    // docs/product.md#behaviour: the payment step only shows a toast; no payment call exists.
    showToast((toast) => toast.info("Payment", {
      description: `Online payment for the ${plan.title} plan is not open yet. Send your request and our team will contact you via WhatsApp to complete it.`,
      duration: toastMs.success,
    }));
  };

  return (
    <form id="registration-form" onSubmit={onSubmit} className="relative grid gap-6" aria-busy={submitting}>
      <SelectField {...props("course")} label="Course" required value={course} onChange={(e) => setCourse(e.target.value)}>
        <option value="">Select a course</option>
        {courses.map((c) => (
          <option key={c.slug} value={c.title}>
            {c.title} ({c.duration})
          </option>
        ))}
      </SelectField>

      {chosenCourse && (
        <fieldset aria-describedby={fieldErrors.plan ? "plan-error" : undefined}>
          <legend className="text-sm font-medium text-ink">Plan *</legend>
          <div className="mt-2 grid gap-4 md:grid-cols-3">
            {plans.map((p) => (
              <label
                key={p.id}
                className={cx(
                  "relative flex cursor-pointer flex-col rounded-xl border p-4 has-[:checked]:border-brand-700 has-[:checked]:bg-brand-50 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-700",
                  p.highlighted ? "border-2 border-brand-700" : "border-slate-300",
                )}
              >
                {p.highlighted && (
                  <span className="mb-2 self-start rounded-full bg-brand-700 px-2 py-0.5 text-xs font-semibold text-white">{highlightLabel}</span>
                )}
                <span className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="plan"
                    value={p.id}
                    required
                    checked={planId === p.id}
                    onChange={() => {
                      setPlanId(p.id);
                      clearFieldError("plan");
                    }}
                    className="size-4 accent-brand-700"
                  />
                  <span className="font-semibold text-ink">{p.title}</span>
                </span>
                <span className="mt-2 text-slate-700">
                  <span className="text-2xl font-extrabold text-ink">{usd(p.priceUsd)}</span> /month
                </span>
                <ul className="mt-3 list-disc space-y-1 pl-5 text-sm text-slate-600">
                  {p.features.map((f) => (
                    <li key={f}>{f}</li>
                  ))}
                </ul>
              </label>
            ))}
          </div>
          {fieldErrors.plan && (
            <p id="plan-error" className="mt-1 text-sm font-medium text-red-700">
              Plan {fieldErrors.plan}.
            </p>
          )}
        </fieldset>
      )}

      {chosenCourse && plan && (
        <section aria-label="Selected plan" className="rounded-xl border-2 border-brand-700 bg-brand-50 p-5" data-testid="selected-plan">
          <h3 className="text-lg font-semibold text-ink">
            Selected: {plan.title} plan for {chosenCourse.title}
          </h3>
          <dl className="mt-3 grid grid-cols-3 gap-4 text-sm">
            <div>
              <dt className="text-slate-600">Monthly</dt>
              <dd className="font-semibold text-ink">{usd(plan.priceUsd)}</dd>
            </div>
            <div>
              <dt className="text-slate-600">Duration</dt>
              <dd className="font-semibold text-ink">{chosenCourse.planMonths} months</dd>
            </div>
            <div>
              <dt className="text-slate-600">Total</dt>
              <dd className="font-semibold text-ink" data-testid="plan-total">
                {usd(plan.priceUsd * chosenCourse.planMonths)}
              </dd>
            </div>
          </dl>
        </section>
      )}

      <div className="grid gap-5 sm:grid-cols-2">
        <TextField {...props("firstName")} label="First name" required autoComplete="given-name" />
        <TextField {...props("lastName")} label="Last name" required autoComplete="family-name" />
        <TextField {...props("email")} label="E-mail" type="email" required autoComplete="email" />
        <TextField {...props("phone")} label="Phone (WhatsApp)" type="tel" required autoComplete="tel" />
        <TextArea {...props("message")} label="Message" rows={4} className="sm:col-span-2" />
      </div>
      <Honeypot />
      <div className="flex flex-wrap gap-3">
        <SubmitButton busy={submitting} label="Send Enrollment Request" busyLabel="Submitting..." />
        <button type="button" onClick={proceedToPayment} className="btn-secondary">
          Proceed to Payment
        </button>
      </div>
    </form>
  );
}

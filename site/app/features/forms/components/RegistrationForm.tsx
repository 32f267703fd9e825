// The plan-based enrolment form for everyone outside Pakistan and Qatar (docs/product.md#plan-form, #records,
// #validation, #messages, #constants): a course, then one of its batches still taking students (not ended, a seat left), then a plan (basic,
// standard 'Most Popular', premium), the selected plan with its duration and total, the details, and 'Proceed to
// Payment' (a plan and a batch first): the card step, which the route gives (features/payments: features never
// import one another), pays and moves to the success page. 'Send Enrollment Request' still sends the details as an
// enquiry (to /Thank-you at once) for a visitor who would rather talk to us first.
import { useEffect, useRef, useState, type FormEvent, type ReactNode } from "react";
import { showToast } from "#app/components/Toasts";
import type { Plan } from "#app/content/plans";
import type { Batch } from "#app/lib/api-schema";
import { cx } from "#app/lib/cx";
import type { CheckoutRequest } from "#app/lib/payments-schema";
import { formValues, toastMs, useSubmission, type SubmissionTexts } from "../hooks/use-submission";
import { batchChoiceLabel, batchStart, openBatches } from "./batch-choice";
import { enrolmentErrorFallback, enrolmentFailedFallback, type EnrolCourse, type EnrolmentTitle } from "./enrolment";
import { Honeypot, SelectField, TextArea, TextField } from "#app/components/FormFields";

const texts: SubmissionTexts = {
  success: { title: "Request Sent!", description: "Thank you for enrolling. We'll get back to you soon by e-mail." },
  failedFallback: enrolmentFailedFallback,
  errorFallback: enrolmentErrorFallback,
};

export const planFormTexts = {
  batchesLoading: "Loading the course's batches...",
  batchesFailed: "Could not load the course's batches.",
  noBatch: "No batch of this course is taking students right now. Send an enrolment request and we'll tell you when the next one opens.",
};

const usd = (n: number) => `$${n.toLocaleString("en-US")}`;

/** What the card step gets from the form. */
export interface PaymentStep {
  /** The details as the checkout takes them, or null (the form then shows what is missing). */
  readOrder: () => CheckoutRequest | null;
  monthlyCents: number;
  months: number;
  onFieldErrors: (fields: Record<string, string>) => void;
}

type BatchList = { status: "loading" } | { status: "error" } | { status: "ready"; batches: Batch[] };

export function RegistrationForm({
  courses,
  plans,
  highlightLabel,
  initialCourse,
  initialPlan = "",
  loadBatches,
  payment,
}: {
  courses: EnrolCourse[];
  plans: Plan[];
  highlightLabel: string;
  initialCourse: string;
  initialPlan?: string;
  /** A course's batches (GET /api/batches/course/{courseId}). */
  loadBatches: (courseId: string) => Promise<Batch[]>;
  /** The card step, shown once 'Proceed to Payment' has found the form complete. */
  payment: (step: PaymentStep) => ReactNode;
}) {
  const { submit, submitting, fieldErrors, clearFieldError, showFieldErrors } = useSubmission({ formType: "registration-form", texts, redirectAfterMs: 0 });
  const [course, setCourse] = useState(initialCourse);
  const [planId, setPlanId] = useState(initialPlan);
  const [batchId, setBatchId] = useState("");
  const [paying, setPaying] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const chosenCourse = courses.find((c) => c.title === course);
  const plan = plans.find((p) => p.id === planId);
  const props = (name: string) => ({ name, error: fieldErrors[name], onEdit: clearFieldError });
  const batches = useCourseBatches(chosenCourse?.id, loadBatches);
  const offered = batches.status === "ready" ? batches.batches : [];
  const batch = offered.find((b) => b._id === batchId);

  const changeCourse = (title: string) => {
    setCourse(title);
    setBatchId("");
    setPaying(false);
  };

  const onSubmit = async (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    // On the card step, Enter in a field does not send an enquiry: Pay is the step's action.
    if (paying) return;
    const form = e.currentTarget;
    const { firstName = "", lastName = "", email = "", phone = "", course = "", plan: chosen = "", batchId: _batch, ...rest } = formValues(form);
    // The select and the radios offer the catalog's titles and the plans' ids, which the contract lists
    // (enrolment.test.ts holds them equal).
    const fields = { ...rest, firstName, lastName, email, phone, course: course as EnrolmentTitle, plan: chosen as Plan["id"] };
    if (await submit(fields)) {
      form.reset();
      changeCourse("");
      setPlanId("");
    }
  };

  /** The plan and the batch are chosen and every field passes the browser's checks (it shows the first that fails). */
  const complete = (): boolean => {
    if (!plan) {
      showToast((toast) => toast.error("Please Select a Plan", { description: "You need to select a plan before proceeding to payment.", duration: toastMs.failure }));
      return false;
    }
    if (!batch) {
      showToast((toast) => toast.error("Please Select a Batch", { description: "Choose the batch you want to join before proceeding to payment.", duration: toastMs.failure }));
      return false;
    }
    return formRef.current?.reportValidity() ?? false;
  };

  const readOrder = (): CheckoutRequest | null => {
    const form = formRef.current;
    if (!form || !chosenCourse || !plan || !batch || !complete()) return null;
    const { firstName = "", lastName = "", email = "", phone = "" } = formValues(form);
    return { courseId: chosenCourse.id, batchId: batch._id, plan: plan.id, firstName, lastName, email, phone };
  };

  const proceedToPayment = () => {
    if (complete()) setPaying(true);
  };

  return (
    <form ref={formRef} id="registration-form" onSubmit={onSubmit} className="relative grid gap-6" aria-busy={submitting}>
      <SelectField {...props("course")} label="Course" required value={course} onChange={(e) => changeCourse(e.target.value)}>
        <option value="">Select a course</option>
        {courses.map((c) => (
          <option key={c.slug} value={c.title}>
            {c.title} ({c.duration})
          </option>
        ))}
      </SelectField>

      {chosenCourse && batches.status === "loading" && (
        <p role="status" className="text-slate-600">
          {planFormTexts.batchesLoading}
        </p>
      )}
      {chosenCourse && batches.status === "error" && (
        <p role="alert" className="font-medium text-red-700">
          {planFormTexts.batchesFailed} Choose the course again to retry, or send an enrolment request.
        </p>
      )}
      {chosenCourse && batches.status === "ready" && offered.length === 0 && <p className="text-slate-700">{planFormTexts.noBatch}</p>}
      {chosenCourse && offered.length > 0 && (
        <SelectField
          {...props("batchId")}
          label="Batch"
          required
          value={batchId}
          onChange={(e) => {
            setBatchId(e.target.value);
            setPaying(false);
          }}
        >
          <option value="">Select a batch</option>
          {offered.map((b) => (
            <option key={b._id} value={b._id}>
              {batchChoiceLabel(b)}
            </option>
          ))}
        </SelectField>
      )}

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
          {batch && <p className="mt-1 text-sm text-slate-700">Batch: {batch.name}, {batchStart(batch)}</p>}
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
      {paying && plan && chosenCourse && batch
        ? payment({ readOrder, monthlyCents: plan.priceUsd * 100, months: chosenCourse.planMonths, onFieldErrors: showFieldErrors })
        : null}
      <div className="flex flex-wrap gap-3">
        {!paying && (
          <button type="button" onClick={proceedToPayment} className="btn-primary">
            Proceed to Payment
          </button>
        )}
        <button type="submit" disabled={submitting} aria-disabled={submitting} className="btn-secondary disabled:cursor-not-allowed disabled:opacity-70">
          {submitting ? "Submitting..." : "Send Enrollment Request"}
        </button>
      </div>
    </form>
  );
}

/** The course's open batches, loaded when the course is chosen (again after a failure when it is chosen again). */
function useCourseBatches(courseId: string | undefined, loadBatches: (courseId: string) => Promise<Batch[]>): BatchList {
  const [state, setState] = useState<{ courseId: string; list: BatchList } | null>(null);
  useEffect(() => {
    if (!courseId) return;
    let live = true;
    setState({ courseId, list: { status: "loading" } });
    loadBatches(courseId).then(
      (batches) => live && setState({ courseId, list: { status: "ready", batches: openBatches(batches) } }),
      () => live && setState({ courseId, list: { status: "error" } }),
    );
    return () => {
      live = false;
    };
  }, [courseId, loadBatches]);
  return state && state.courseId === courseId ? state.list : { status: "loading" };
}

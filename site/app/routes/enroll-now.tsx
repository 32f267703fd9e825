// /enrollnow: a location check picks the layout (docs/product.md#pages, #behaviour): Pakistan or Qatar → the simple form, everyone
// else (failures included) → the plan form, which pays by card; 'Preparing your experience...' meanwhile. The simple form
// has "How to pay" under it (bank, JazzCash, Easypaisa). Both layouts show
// contact information, Chat on WhatsApp / Schedule a Call, and the opening hours. ?course= preselects a course.
import { lazy, Suspense } from "react";
import { useSearchParams } from "react-router";
import { ContactDetails } from "../components/ContactDetails";
import { Icon } from "../components/Icon";
import { PageHero } from "../components/PageHero";
import { Section } from "../components/Section";
import { toastHandle } from "../components/Toasts";
import { enrollCourseParam, enrollPlanParam } from "../config/paths";
import { courseFromParam } from "../features/forms/components/enrolment";
import type { PaymentStep } from "../features/forms/components/RegistrationForm";
import { getCourseBatches } from "../features/lms/api/get-batches";
import { enrollData } from "./enroll-now.server";
import { useRegion } from "../lib/geo";
import { metaFromLoader } from "../lib/route-meta";
import type { Route } from "./+types/enroll-now";

// Neither form shows before the location check settles, so each loads only when its layout is chosen.
const EnrollmentForm = lazy(() => import("../features/forms/components/EnrollmentForm").then((m) => ({ default: m.EnrollmentForm })));
const RegistrationForm = lazy(() =>
  import("../features/forms/components/RegistrationForm").then((m) => ({ default: m.RegistrationForm })),
);
// The card step (and Stripe.js, which it loads itself) only once 'Proceed to Payment' has found the form complete;
// "How to pay" beside the simple form (features/payments).
const CardStep = lazy(() => import("../features/payments/components/CardStep").then((m) => ({ default: m.CardStep })));
const HowToPay = lazy(() => import("../features/payments/components/HowToPay").then((m) => ({ default: m.HowToPay })));

/** The plan form's card step: the route joins the form (features/forms) to the payment (features/payments). */
const cardStep = (step: PaymentStep) => (
  <Suspense fallback={<p role="status">Preparing the secure card form…</p>}>
    <CardStep {...step} />
  </Suspense>
);

export const loader = () => enrollData();
export const meta: Route.MetaFunction = metaFromLoader;
export const handle = toastHandle;

export default function EnrollNow({ loaderData: d }: Route.ComponentProps) {
  const region = useRegion();
  const [params] = useSearchParams();
  const initialCourse = courseFromParam(d.courses, params.get(enrollCourseParam));
  const wantedPlan = params.get(enrollPlanParam)?.toLowerCase();
  const initialPlan = d.plans.find((p) => p.id === wantedPlan)?.id ?? "";
  return (
    <>
      <PageHero
        eyebrow="Enrolment"
        title="Enroll Now"
        intro="Secure your seat in the next batch. Choose your course, send us your details and an advisor will guide you through the next steps."
        compact
      >
        <div className="mt-8 flex flex-wrap gap-3">
          <a href={d.contact.whatsappUrl} target="_blank" rel="noopener noreferrer" className="btn-primary">
            <Icon name="message-circle" className="size-4" />
            Chat on WhatsApp
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
          <a href={d.contact.scheduleCallUrl} target="_blank" rel="noopener noreferrer" className="btn-secondary">
            <Icon name="calendar" className="size-4" />
            Schedule a Call
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </div>
      </PageHero>
      <Section headingId="enrol-form-heading">
        <div className="grid gap-10 lg:grid-cols-5">
          <div className="card p-6 sm:p-8 lg:col-span-3" data-layout={region}>
            <h2 id="enrol-form-heading" className="text-2xl font-bold">
              {region === "other" ? "Choose Your Course and Plan" : "Enrolment Form"}
            </h2>
            <p className="mt-2 text-slate-600">Fields marked * are required.</p>
            <div className="mt-6">
              <Suspense fallback={<Preparing />}>
                {region === "loading" && <Preparing />}
                {region === "pk" && (
                  <>
                    <EnrollmentForm courses={d.courses} initialCourse={initialCourse} country={d.simpleFormCountry} />
                    <HowToPay />
                  </>
                )}
                {region === "other" && (
                  <RegistrationForm
                    courses={d.courses}
                    plans={d.plans}
                    highlightLabel={d.highlightedPlanLabel}
                    initialCourse={initialCourse}
                    initialPlan={initialPlan}
                    loadBatches={getCourseBatches}
                    payment={cardStep}
                  />
                )}
              </Suspense>
            </div>
          </div>
          <div className="lg:col-span-2">
            <div className="card p-6 sm:p-8">
              <h2 className="text-2xl font-bold">Contact Information</h2>
              <div className="mt-6">
                <ContactDetails contact={d.contact} />
              </div>
            </div>
          </div>
        </div>
      </Section>
    </>
  );
}

function Preparing() {
  return (
    <p role="status" className="py-10 text-center text-lg text-slate-600">
      Preparing your experience...
    </p>
  );
}

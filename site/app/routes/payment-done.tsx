// /enrollnow/paid?payment=…&secret=…: after a card payment, the enrolment being made and then what happens next
// (features/payments). Pre-rendered as a shell (no clientLoader, so the build renders its head: noindex); the
// payment loads in the browser once the page has hydrated.
import { PaymentDone } from "../features/payments/components/PaymentDone";
import { metaFromLoader } from "../lib/route-meta";
import { paymentDoneData } from "./payment-done.server";
import type { Route } from "./+types/payment-done";

export const loader = () => paymentDoneData();
export const meta: Route.MetaFunction = metaFromLoader;

export default function PaymentDonePage() {
  return (
    <section className="container-page py-12 sm:py-16">
      <h1 className="text-3xl font-extrabold sm:text-4xl">Thank you for your payment</h1>
      <PaymentDone />
    </section>
  );
}

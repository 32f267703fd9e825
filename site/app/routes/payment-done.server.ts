// Build-time data of /enrollnow/paid: its head tags only (the payment loads in the browser from the link's id and
// secret). Never indexed, and the page sends no referrer: its URL carries the payment's client secret.
import { paths } from "../config/paths";
import { pageMeta } from "../lib/seo";

export function paymentDoneData() {
  return {
    meta: [
      ...pageMeta({
        title: "Payment Received",
        description: "Your payment and your enrolment: what happens next.",
        path: paths.paymentDone,
        noindex: true,
      }),
      { name: "referrer", content: "no-referrer" },
    ],
  };
}

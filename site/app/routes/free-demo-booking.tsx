// /FreeDemo/booking?id=…&token=…: a booked demo class, opened from the link in its mails, to see, reschedule or
// cancel without signing in. Pre-rendered as a shell (no clientLoader, so the build renders its head: noindex); the
// booking loads in the browser once the page has hydrated (features/demo).
import { ManageBooking } from "../features/demo/components/ManageBooking";
import { metaFromLoader } from "../lib/route-meta";
import { demoBookingData } from "./free-demo-booking.server";
import type { Route } from "./+types/free-demo-booking";

export const loader = () => demoBookingData();
export const meta: Route.MetaFunction = metaFromLoader;

export default function FreeDemoBooking() {
  return (
    <section className="container-page py-12 sm:py-16">
      <h1 className="text-3xl font-extrabold sm:text-4xl">Your Free Demo Class</h1>
      <ManageBooking />
    </section>
  );
}

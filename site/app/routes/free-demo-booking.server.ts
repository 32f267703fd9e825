// Build-time data of /FreeDemo/booking: its head tags only (the booking loads in the browser from the link's id and
// token). Never indexed, and the page sends no referrer: its URL carries the booking's token.
import { paths } from "../config/paths";
import { pageMeta } from "../lib/seo";

export function demoBookingData() {
  return {
    meta: [
      ...pageMeta({
        title: "Your Free Demo Class",
        description: "See the time of your free demo class, move it to another open time, or cancel it.",
        path: paths.demoBooking,
        noindex: true,
      }),
      { name: "referrer", content: "no-referrer" },
    ],
  };
}

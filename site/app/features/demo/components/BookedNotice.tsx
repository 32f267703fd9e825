// The thank-you page after a booking: the class's time in the visitor's zone and the institute's, its length, the
// invitation on its way, and the link to reschedule or cancel. Read from the navigation's state once hydrated (the
// pre-rendered page has none), so a plain /Thank-you shows nothing of it.
import { useEffect, useState } from "react";
import { Link, useLocation } from "react-router";
import { INSTITUTE_ZONE, knownZone, visitorZone, whenInBothZones } from "#app/lib/demo-time";
import { bookedFrom, type BookedDemo } from "../booked";

export interface BookedView {
  demo: BookedDemo;
  /** The visitor's time zone. */
  zone: string;
}

/** The booking the navigation brought, once hydrated; null on a plain /Thank-you. */
export function useBookedDemo(): BookedView | null {
  const { state } = useLocation();
  const [booked, setBooked] = useState<BookedView | null>(null);
  useEffect(() => {
    const demo = bookedFrom(state);
    setBooked(demo ? { demo, zone: knownZone(visitorZone()) } : null);
  }, [state]);
  return booked;
}

export function BookedNotice({ booked }: { booked: BookedView }) {
  const { demo, zone } = booked;
  return (
    <div className="card mt-8 max-w-xl p-6 text-left" data-testid="booked-notice">
      <h2 className="text-xl font-bold text-ink">Your free demo class is booked</h2>
      <p className="mt-3 text-lg font-semibold text-brand-800">{whenInBothZones(demo.startsAt, zone, INSTITUTE_ZONE)}</p>
      <p className="mt-1 text-slate-700">{demo.minutes} minutes, live on a video-meeting service.</p>
      <p className="mt-3 text-slate-700">
        We have e-mailed you a calendar invitation with the meeting link, and we will remind you a day and an hour before.
      </p>
      <Link to={demo.managePath} className="btn-secondary mt-5">
        Reschedule or cancel
      </Link>
    </div>
  );
}


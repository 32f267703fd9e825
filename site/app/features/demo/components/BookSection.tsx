// /FreeDemo#book: the page is pre-rendered with today's enquiry (the course chooser that books on WhatsApp). Once
// the page has hydrated, the booking widget's code and the open slots load in the browser, beside each other; when
// there are open slots the widget takes the enquiry's place. With none published, or the API unreachable, the
// section stays exactly the enquiry. Nothing of the widget is in the page's first load (decision 0022's budget).
import { useEffect, useState, type ComponentType, type ReactNode } from "react";
import { SectionHeading } from "../../../components/Section";
import type { DemoSlot } from "../../../lib/api-schema";
import type { DemoBookingProps } from "./DemoBooking";

interface BookSectionProps {
  headingId: string;
  /** Today's enquiry: what the section is until (and unless) open slots arrive. */
  enquiry: ReactNode;
  courses: DemoBookingProps["courses"];
}

type Widget = { Booking: ComponentType<DemoBookingProps>; slots: DemoSlot[] };

export function BookSection({ headingId, enquiry, courses }: BookSectionProps) {
  const [widget, setWidget] = useState<Widget | null>(null);
  useEffect(() => {
    let live = true;
    Promise.all([import("./DemoBooking"), import("../api/get-slots").then((m) => m.getOpenSlots())]).then(
      ([m, slots]) => live && slots.length > 0 && setWidget({ Booking: m.DemoBooking, slots }),
      // No answer, or a refusal: the enquiry stays, so nothing breaks.
      () => undefined,
    );
    return () => {
      live = false;
    };
  }, []);

  return (
    <>
      <SectionHeading
        id={headingId}
        eyebrow="Live session"
        title="Book Your Free Session"
        intro={
          widget
            ? "Pick a time that suits you and you are booked at once, with a calendar invitation by e-mail."
            : "Choose a course and we will confirm your live demo on WhatsApp."
        }
      />
      <div className="mx-auto max-w-3xl">{widget ? <widget.Booking slots={widget.slots} courses={courses} /> : enquiry}</div>
    </>
  );
}

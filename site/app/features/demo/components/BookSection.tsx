// /FreeDemo#book: the page is pre-rendered with today's enquiry (the course chooser that books on WhatsApp). Once
// the page has hydrated, the open slots load in the browser; when there are any, the booking widget's code loads and
// the widget takes the enquiry's place. With none published, or the API unreachable, the
// section stays exactly the enquiry. Nothing of the widget is in the page's first load (decision 0022's budget).
import { useEffect, useState, type ComponentType, type ReactNode } from "react";
import { SectionHeading } from "#app/components/Section";
import type { DemoSlot } from "#app/lib/api-schema";
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
    import("../api/get-slots")
      .then((m) => m.getOpenSlots())
      // The widget's code loads only when there is something to book.
      .then(async (slots) => (slots.length > 0 ? { Booking: (await import("./DemoBooking")).DemoBooking, slots } : null))
      .then(
        (ready) => live && ready && setWidget(ready),
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

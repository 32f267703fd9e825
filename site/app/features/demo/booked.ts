// What the booking hands the thank-you page (in the navigation's state, never in the URL): the booked time and the
// link to manage it.
export interface BookedDemo {
  startsAt: string;
  minutes: number;
  /** /FreeDemo/booking?id=…&token=… */
  managePath: string;
}

export const bookedState = (booked: BookedDemo) => ({ demoBooked: booked });

/** The booking in a location's state, if one is there and well formed. */
export function bookedFrom(state: unknown): BookedDemo | null {
  const b = (state as { demoBooked?: Partial<BookedDemo> } | null | undefined)?.demoBooked;
  if (!b || typeof b.startsAt !== "string" || Number.isNaN(Date.parse(b.startsAt))) return null;
  if (typeof b.minutes !== "number" || typeof b.managePath !== "string" || !b.managePath.startsWith("/")) return null;
  return { startsAt: b.startsAt, minutes: b.minutes, managePath: b.managePath };
}

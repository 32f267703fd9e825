// The demo booking's records as the API sends them (functions/openapi.json). Types only.

/** An open slot as visitors see it: never its meeting link. */
export interface DemoSlot {
  id: string;
  /** RFC 3339 in UTC ("…Z"). */
  startsAt: string;
  minutes: number;
  seatsLeft: number;
  courseId: string | null;
}

export type Attendance = "attended" | "no-show";

export interface DemoBooking {
  id: string;
  slotId: string;
  startsAt: string;
  minutes: number;
  courseId: string;
  name: string;
  email: string;
  status: "booked" | "cancelled";
  attendance: Attendance | null;
  /** Only to the holder of the booking's link, and to staff. */
  meetingUrl?: string | null;
  sequence: number;
}

export interface NewDemoBooking {
  slotId: string;
  name: string;
  email: string;
  phone: string;
  /** "" for any course. */
  courseId: string;
}

export interface DemoBooked {
  booking: DemoBooking;
  token: string;
}

/** Staff's view of a slot: a slot with its seats, bookings, meeting link and whether it was cancelled. */
export interface StaffDemoSlot extends DemoSlot {
  seats: number;
  booked: number;
  meetingUrl: string;
  cancelled: boolean;
}

export interface NewDemoSlots {
  startsAt: string;
  minutes: number;
  seats: number;
  courseId?: string;
  meetingUrl: string;
  repeatWeeks?: number;
}

export interface DemoSlotChange {
  startsAt?: string;
  minutes?: number;
  seats?: number;
  meetingUrl?: string;
  courseId?: string | null;
}

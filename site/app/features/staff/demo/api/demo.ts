// Staff's demo classes (/api/staff/demo/*): the slots in a time range, publishing one (repeated weekly or not),
// changing or cancelling one (its bookings are mailed), a slot's bookings, and marking a booking attended or no-show.
// Every call goes through the one client's request (lib/api-client.ts).
import { send, type SendOptions } from "../../../../lib/api-client";
import type { Attendance, DemoBooking, DemoSlotChange, NewDemoSlots, StaffDemoSlot } from "../../../../lib/demo-schema";
import { tokenFrom, type TokenSource } from "../../api/token";

async function call<T>(method: string, path: string, source: TokenSource, options: SendOptions = {}): Promise<T> {
  const token = await tokenFrom(source);
  return send(method, path, { ...options, token }, "application/json", (res) => res.json().catch(() => null) as Promise<T>);
}

const slots = "/api/staff/demo/slots";
const slot = `${slots}/{id}`;

export const listSlots = async (source: TokenSource, range: { from: string; to: string }): Promise<StaffDemoSlot[]> =>
  (await call<{ slots: StaffDemoSlot[] }>("get", slots, source, { query: range })).slots;

/** Publishes a slot, and one a week later for each of `repeatWeeks`: every slot made. */
export const publishSlots = async (source: TokenSource, body: NewDemoSlots): Promise<StaffDemoSlot[]> =>
  (await call<{ slots: StaffDemoSlot[] }>("post", slots, source, { body })).slots;

/** Moves or changes a slot; a booked slot's bookings get the updated invitation. */
export const changeSlot = (source: TokenSource, id: string, body: DemoSlotChange) =>
  call<StaffDemoSlot>("patch", slot, source, { params: { id }, body });

/** Cancels the slot; its bookings are mailed the cancellation with a link to book again. */
export const cancelSlot = (source: TokenSource, id: string) => call<StaffDemoSlot>("delete", slot, source, { params: { id } });

export const listSlotBookings = async (source: TokenSource, id: string): Promise<DemoBooking[]> =>
  (await call<{ bookings: DemoBooking[] }>("get", `${slot}/bookings`, source, { params: { id } })).bookings;

export const markAttendance = (source: TokenSource, id: string, attendance: Attendance | null) =>
  call<DemoBooking>("patch", "/api/staff/demo/bookings/{id}", source, { params: { id }, body: { attendance } });

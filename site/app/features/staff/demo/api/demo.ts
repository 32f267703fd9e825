// Staff's demo classes (/api/staff/demo/*): the slots in a time range, publishing one (repeated weekly or not),
// changing or cancelling one (its bookings are mailed), a slot's bookings, and marking a booking attended or no-show.
// Every call goes through the one client (lib/api-client.ts) on the contract's paths and types.
import { apiDelete, apiGet, apiPatch, apiPost } from "#app/lib/api-client";
import type { DemoAttendance as Attendance, DemoBooking, DemoSlotChange, NewDemoSlots, StaffDemoSlot } from "#app/lib/api-schema";
import { tokenFrom, type TokenSource } from "#app/lib/access-token";

export const listSlots = async (source: TokenSource, range: { from: string; to: string }): Promise<StaffDemoSlot[]> =>
  (await apiGet("/api/staff/demo/slots", { token: await tokenFrom(source), query: range })).slots;

/** Publishes a slot, and one a week later for each of `repeatWeeks`: every slot made. */
export const publishSlots = async (source: TokenSource, body: NewDemoSlots): Promise<StaffDemoSlot[]> =>
  (await apiPost("/api/staff/demo/slots", { token: await tokenFrom(source), body })).slots;

/** Moves or changes a slot; a booked slot's bookings get the updated invitation. */
export const changeSlot = async (source: TokenSource, slotId: string, body: DemoSlotChange): Promise<StaffDemoSlot> =>
  apiPatch("/api/staff/demo/slots/{slotId}", { token: await tokenFrom(source), params: { slotId }, body });

/** Cancels the slot; its bookings are mailed the cancellation with a link to book again. */
export const cancelSlot = async (source: TokenSource, slotId: string): Promise<StaffDemoSlot> =>
  apiDelete("/api/staff/demo/slots/{slotId}", { token: await tokenFrom(source), params: { slotId } });

export const listSlotBookings = async (source: TokenSource, slotId: string): Promise<DemoBooking[]> =>
  (await apiGet("/api/staff/demo/slots/{slotId}/bookings", { token: await tokenFrom(source), params: { slotId } })).bookings;

export const markAttendance = async (source: TokenSource, bookingId: string, attendance: Attendance | null): Promise<DemoBooking> =>
  apiPatch("/api/staff/demo/bookings/{bookingId}", { token: await tokenFrom(source), params: { bookingId }, body: { attendance } });

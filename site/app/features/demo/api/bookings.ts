// POST /api/demo/bookings books a slot at once; GET, PATCH (another slot) and DELETE /api/demo/bookings/{bookingId}
// take the signed link's token, which the booking answer and its mails carry (a move answers a fresh one: the old one
// ends with the old slot). A refusal because the slot is full, starts within two hours, is past or cancelled is a 409
// naming the next open slots.
import { apiDelete, apiGet, apiPatch, apiPost, ApiError } from "#app/lib/api-client";
import type { DemoBooked, DemoBooking, DemoSlot, NewDemoBooking } from "#app/lib/api-schema";

const booking = "/api/demo/bookings/{bookingId}";

export const bookSlot = (body: NewDemoBooking): Promise<DemoBooked> => apiPost("/api/demo/bookings", { body });

export const getBooking = async (bookingId: string, token: string): Promise<DemoBooking> =>
  (await apiGet(booking, { params: { bookingId }, query: { token } })).booking;

export const rescheduleBooking = (bookingId: string, token: string, slotId: string): Promise<DemoBooked> =>
  apiPatch(booking, { params: { bookingId }, query: { token }, body: { slotId } });

export const cancelBooking = async (bookingId: string, token: string): Promise<DemoBooking> =>
  (await apiDelete(booking, { params: { bookingId }, query: { token } })).booking;

/** The next open slots a 409 offers instead (none when the refusal has other reasons). */
export function nextSlotsOf(error: unknown): DemoSlot[] {
  if (!(error instanceof ApiError) || error.status !== 409) return [];
  const next = (error.body as { nextSlots?: unknown } | undefined)?.nextSlots;
  return Array.isArray(next) ? next.filter((s): s is DemoSlot => typeof s?.id === "string" && typeof s?.startsAt === "string") : [];
}

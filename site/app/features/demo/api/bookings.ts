// POST /api/demo/bookings books a slot at once; GET, PATCH (another slot) and DELETE /api/demo/bookings/{id} take the
// signed link's token, which the booking answer and its mails carry. A refusal because the slot is full, starts within
// two hours, is past or cancelled is a 409 naming the next open slots.
import { ApiError } from "../../../lib/api-client";
import type { DemoBooked, DemoBooking, DemoSlot, NewDemoBooking } from "../../../lib/demo-schema";
import { call } from "./call";

const booking = "/api/demo/bookings/{id}";

export const bookSlot = (body: NewDemoBooking) => call<DemoBooked>("post", "/api/demo/bookings", { body });

export const getBooking = async (id: string, token: string) =>
  (await call<{ booking: DemoBooking }>("get", booking, { params: { id }, query: { token } })).booking;

export const rescheduleBooking = async (id: string, token: string, slotId: string) =>
  (await call<{ booking: DemoBooking }>("patch", booking, { params: { id }, query: { token }, body: { slotId } })).booking;

export const cancelBooking = async (id: string, token: string) =>
  (await call<{ booking: DemoBooking }>("delete", booking, { params: { id }, query: { token } })).booking;

/** The next open slots a 409 offers instead (none when the refusal has other reasons). */
export function nextSlotsOf(error: unknown): DemoSlot[] {
  if (!(error instanceof ApiError) || error.status !== 409) return [];
  const next = (error.body as { nextSlots?: unknown } | undefined)?.nextSlots;
  return Array.isArray(next) ? next.filter((s): s is DemoSlot => typeof s?.id === "string" && typeof s?.startsAt === "string") : [];
}

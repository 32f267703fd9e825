// GET /api/demo/slots: the open slots (seats left, not cancelled, starting two hours from now or later), ascending.
// Without from/to the API answers the next 14 days.
import { apiGet } from "#app/lib/api-client";
import type { DemoSlot } from "#app/lib/api-schema";

export const getOpenSlots = async (range: { from?: string; to?: string } = {}): Promise<DemoSlot[]> =>
  (await apiGet("/api/demo/slots", { query: range })).slots;

// GET /api/demo/slots: the open slots (seats left, not cancelled, starting two hours from now or later), ascending.
// Without from/to the API answers the next 14 days.
import type { DemoSlot } from "../../../lib/demo-schema";
import { call } from "./call";

export const getOpenSlots = async (range: { from?: string; to?: string } = {}): Promise<DemoSlot[]> =>
  (await call<{ slots: DemoSlot[] }>("get", "/api/demo/slots", { query: range })).slots;

// A payment's status as the console shows it.
import type { PaymentState } from "#app/lib/payments-schema";
import { Badge } from "../../kit/components/States";
import { statusLabel } from "../filters";

export function PaymentBadge({ status }: { status: PaymentState | "due" | "overdue" | "upcoming" }) {
  const tone = status === "paid" ? "green" : status === "failed" || status === "overdue" ? "red" : status === "pending" || status === "due" ? "amber" : "slate";
  const text = status === "due" ? "Due" : status === "overdue" ? "Overdue" : status === "upcoming" ? "Upcoming" : statusLabel(status);
  return <Badge tone={tone}>{text}</Badge>;
}

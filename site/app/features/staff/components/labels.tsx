// How the console names statuses: an enquiry's form and delivery, an enrolment's status, an audit entry's outcome.
import type { EnrolmentStatus, SubmissionStatus } from "#app/lib/api-schema";
import { formTypes } from "../filters";
import { Badge } from "../kit/components/States";

export const formLabel = (formType: string) => formTypes.find((f) => f.value === formType)?.label ?? formType;

export function DeliveryBadge({ delivery }: { delivery: SubmissionStatus }) {
  const tone = delivery === "sent" ? "green" : delivery === "failed" ? "red" : "amber";
  return <Badge tone={tone}>{delivery[0]!.toUpperCase() + delivery.slice(1)}</Badge>;
}

export function EnrolmentBadge({ status }: { status: EnrolmentStatus }) {
  const tone = status === "active" ? "green" : status === "revoked" ? "red" : "slate";
  return <Badge tone={tone}>{status[0]!.toUpperCase() + status.slice(1)}</Badge>;
}

export function OutcomeBadge({ outcome }: { outcome: string }) {
  return <Badge tone={outcome === "ok" ? "green" : outcome === "refused" ? "amber" : "red"}>{outcome}</Badge>;
}

// The console's Reviews section: every batch's hand-ins waiting for a review, oldest first; one opened
// (`&submission=`) shows the hand-in and its review form.
import { useMemo } from "react";
import { useSearchParams } from "react-router";
import type { StaffBatch } from "#app/lib/api-schema";
import { ReviewQueue } from "./ReviewQueue";
import { SubmissionReview } from "./SubmissionReview";

export function ReviewsSection({ batches }: { batches: readonly StaffBatch[] }) {
  const [search] = useSearchParams();
  const submissionId = search.get("submission");
  const batchNames = useMemo(() => new Map(batches.map((b) => [b.batch._id, b.batch.name])), [batches]);
  if (submissionId) return <SubmissionReview key={submissionId} submissionId={submissionId} backLink="?section=reviews" batchNames={batchNames} />;
  return (
    <section aria-labelledby="staff-reviews" className="grid gap-4">
      <h2 id="staff-reviews" className="text-2xl font-bold">
        Reviews
      </h2>
      <p className="text-slate-700">Hand-ins of every batch waiting for a review, the oldest first.</p>
      <ReviewQueue caption="Hand-ins to review, oldest first" batchNames={batchNames} />
    </section>
  );
}

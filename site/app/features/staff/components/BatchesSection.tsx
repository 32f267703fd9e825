// Batches: every batch with how many are enrolled and how many are active, each opening its batch view.
import { Link } from "react-router";
import type { StaffBatch } from "#app/lib/api-schema";
import { Empty, ScrollTable, td, th } from "../kit/components/States";

export function BatchesSection({ batches, batchLink }: { batches: readonly StaffBatch[]; batchLink: (batchId: string) => string }) {
  return (
    <section aria-labelledby="staff-batches">
      <h2 id="staff-batches" className="text-2xl font-bold">
        Batches
      </h2>
      <div className="mt-4">
        {batches.length === 0 ? (
          <Empty>No batches yet.</Empty>
        ) : (
          <ScrollTable caption="Batches with their enrolments" captionHidden>
            <thead>
              <tr>
                <th scope="col" className={th}>Batch</th>
                <th scope="col" className={th}>Course</th>
                <th scope="col" className={th}>Dates</th>
                <th scope="col" className={th}>Enrolled</th>
                <th scope="col" className={th}>Active</th>
              </tr>
            </thead>
            <tbody>
              {batches.map(({ batch, courseTitle, enrolled, active }) => (
                <tr key={batch._id}>
                  <th scope="row" className={`${td} font-semibold`}>
                    <Link to={batchLink(batch._id)} className="text-brand-700 underline">
                      {batch.name}
                    </Link>
                  </th>
                  <td className={td}>{courseTitle || "—"}</td>
                  <td className={`${td} whitespace-nowrap`}>
                    {batch.startDate} to {batch.endDate}
                  </td>
                  <td className={td}>{enrolled}</td>
                  <td className={td}>{active}</td>
                </tr>
              ))}
            </tbody>
          </ScrollTable>
        )}
      </div>
    </section>
  );
}

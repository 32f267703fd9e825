// Batches: every batch with how many are enrolled and how many are active, each opening its batch view.
import { Link } from "react-router";
import type { StaffBatch } from "#app/lib/api-schema";
import { ConsoleTable, td } from "../kit/components/Table";

export function BatchesSection({ batches, batchLink }: { batches: readonly StaffBatch[]; batchLink: (batchId: string) => string }) {
  return (
    <section aria-labelledby="staff-batches">
      <h2 id="staff-batches" className="text-2xl font-bold">
        Batches
      </h2>
      <div className="mt-4">
        <ConsoleTable
          caption="Batches with their enrolments"
          captionHidden
          columns={["Batch", "Course", "Dates", "Enrolled", "Active"]}
          rows={batches}
          rowKey={({ batch }) => batch._id}
          empty="No batches yet."
        >
          {({ batch, courseTitle, enrolled, active }) => (
            <>
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
            </>
          )}
        </ConsoleTable>
      </div>
    </section>
  );
}

// The filters above the payment list: status, method and batch (applied as they change) and a search by name or
// e-mail (applied on submit). They live in the URL (../filters.ts).
import { useId, useState, type FormEvent } from "react";
import type { StaffBatch } from "#app/lib/api-schema";
import type { PaymentMethod, PaymentState } from "#app/lib/payments-schema";
import { paymentMethods, paymentStatuses, type PaymentFilters } from "../filters";
import { Field, fieldLabel } from "../../kit/components/Field";

const select = "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-ink";

export function PaymentFilterBar({ filters, batches, onChange }: { filters: PaymentFilters; batches: readonly StaffBatch[]; onChange: (filters: PaymentFilters) => void }) {
  const id = useId();
  const [q, setQ] = useState(filters.q ?? "");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onChange({ ...filters, q: q.trim() || undefined });
  };
  return (
    <form role="search" aria-label="Filter payments" onSubmit={submit} className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-5">
      <Field id={`${id}-status`} label="Status">
        {(control) => (
          <select
            {...control}
            className={select}
            value={filters.status ?? ""}
            onChange={(e) => onChange({ ...filters, status: (e.target.value || undefined) as PaymentState | undefined })}
          >
            <option value="">Any status</option>
            {paymentStatuses.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={`${id}-method`} label="Method">
        {(control) => (
          <select
            {...control}
            className={select}
            value={filters.method ?? ""}
            onChange={(e) => onChange({ ...filters, method: (e.target.value || undefined) as PaymentMethod | undefined })}
          >
            <option value="">Any method</option>
            {paymentMethods.map((m) => (
              <option key={m.value} value={m.value}>
                {m.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={`${id}-batch`} label="Batch">
        {(control) => (
          <select {...control} className={select} value={filters.batch ?? ""} onChange={(e) => onChange({ ...filters, batch: e.target.value || undefined })}>
            <option value="">Every batch</option>
            {batches.map((b) => (
              <option key={b.batch._id} value={b.batch._id}>
                {b.batch.name}
              </option>
            ))}
          </select>
        )}
      </Field>
      <div className="sm:col-span-2 lg:col-span-2">
        <label htmlFor={`${id}-q`} className={fieldLabel}>
          Search by name or e-mail
        </label>
        <div className="mt-1 flex gap-2">
          <input
            id={`${id}-q`}
            type="search"
            maxLength={100}
            value={q}
            onChange={(e) => setQ(e.target.value)}
            placeholder="Start of a name or e-mail"
            className="block w-full min-w-0 rounded-lg border border-slate-400 px-3 py-2 text-base text-ink"
          />
          <button type="submit" className="btn-primary min-h-10 shrink-0 px-4 py-2 text-sm">
            Search
          </button>
        </div>
      </div>
    </form>
  );
}

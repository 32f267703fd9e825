// The filters above the enquiry list: form, delivery, handled (applied as they change) and a search (applied on
// submit). They live in the URL (../filters.ts).
import { useId, useState, type FormEvent } from "react";
import type { FormType, SubmissionStatus } from "#app/lib/api-schema";
import { deliveries, formTypes, maxSearchChars, type EnquiryFilters } from "../filters";
import { Field, fieldLabel } from "../kit/components/Field";

const select = "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-ink";

export function EnquiryFilterBar({ filters, onChange }: { filters: EnquiryFilters; onChange: (filters: EnquiryFilters) => void }) {
  const id = useId();
  const [q, setQ] = useState(filters.q ?? "");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onChange({ ...filters, q: q.trim() || undefined });
  };
  return (
    <form role="search" aria-label="Filter enquiries" onSubmit={submit} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-5">
      <Field id={`${id}-form`} label="Form">
        {(control) => (
          <select
            {...control}
            className={select}
            value={filters.formType ?? ""}
            onChange={(e) => onChange({ ...filters, formType: (e.target.value || undefined) as FormType | undefined })}
          >
            <option value="">Every form</option>
            {formTypes.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={`${id}-delivery`} label="Delivery">
        {(control) => (
          <select
            {...control}
            className={select}
            value={filters.delivery ?? ""}
            onChange={(e) => onChange({ ...filters, delivery: (e.target.value || undefined) as SubmissionStatus | undefined })}
          >
            <option value="">Any delivery</option>
            {deliveries.map((d) => (
              <option key={d} value={d}>
                {d[0]!.toUpperCase() + d.slice(1)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={`${id}-handled`} label="Handled">
        {(control) => (
          <select
            {...control}
            className={select}
            value={filters.handled === undefined ? "" : String(filters.handled)}
            onChange={(e) => onChange({ ...filters, handled: e.target.value === "" ? undefined : e.target.value === "true" })}
          >
            <option value="">Handled or not</option>
            <option value="false">Not handled</option>
            <option value="true">Handled</option>
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
            maxLength={maxSearchChars}
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

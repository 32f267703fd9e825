// A console form's per-field refusals from the API (ApiError.fields): the attributes that tie an input to its
// message, the message itself, and whether the refusal named no field the form shows.
import { ApiError } from "#app/lib/api-client";

export function fieldErrors(id: string, error: unknown, names: Record<string, string>) {
  const fields = error instanceof ApiError ? error.fields : {};
  const invalid = (field: string) => (fields[field] ? { "aria-invalid": true, "aria-describedby": `${id}-${field}-error` } : {});
  const fieldError = (field: string) =>
    fields[field] ? (
      <p id={`${id}-${field}-error`} className="mt-1 text-sm font-medium text-red-700">
        {names[field] ?? field} {fields[field]}
      </p>
    ) : null;
  const otherFailure = Boolean(error) && Object.keys(fields).every((f) => !(f in names));
  return { fields, invalid, fieldError, otherFailure };
}

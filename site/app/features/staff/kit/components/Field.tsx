// A console form's field: its label tied to the control (htmlFor), the control, and the API's refusal of it under it
// (ApiError.fields), the control marked aria-invalid and described by that message. fieldErrors reads a refusal once
// per form (which fields it names, and whether it named none the form shows); Field lays out one field with it.
import type { ReactNode } from "react";
import { ApiError } from "#app/lib/api-client";

/** The console's text input, select and textarea; red-bordered while refused. */
export const fieldInput = "mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-base text-ink aria-invalid:border-red-700";
/** A field's label above its control. */
export const fieldLabel = "block text-sm font-semibold text-slate-800";

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

/** What a field's control spreads: its id, and while refused aria-invalid and aria-describedby (the message). */
export interface ControlProps {
  id: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}

/** What a field asks of its form's refusal (fieldErrors, or a form's own checks before it): the attributes that mark
 * the field refused, and its message. */
export interface FieldMessages {
  invalid: (field: string) => Omit<ControlProps, "id">;
  fieldError: (field: string) => ReactNode;
}

interface FieldProps {
  /** The control's id (the label's htmlFor). */
  id: string;
  label: ReactNode;
  /** The form's refusal (fieldErrors) and the API's name of this field in it; without them the field shows none. */
  errors?: FieldMessages;
  name?: string;
  /** The wrapper's classes (a grid column span); none by default. */
  className?: string;
  labelClassName?: string;
  /** The control, given the props that tie it to its label and message. */
  children: (control: ControlProps) => ReactNode;
}

export function Field({ id, label, errors, name, className, labelClassName = fieldLabel, children }: FieldProps) {
  const control: ControlProps = { id, ...(errors && name ? errors.invalid(name) : {}) };
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClassName}>
        {label}
      </label>
      {children(control)}
      {errors && name ? errors.fieldError(name) : null}
    </div>
  );
}

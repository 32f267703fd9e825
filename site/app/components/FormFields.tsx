// Labelled form controls that show the server's reason for a field next to it, and the honeypot: the lead forms' and the
// demo booking's (features/forms, features/demo), so a visitor meets one set of fields and messages.
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes, TextareaHTMLAttributes } from "react";
import { cx } from "../lib/cx";

export const fieldClass =
  "mt-1 block w-full rounded-lg border px-3 py-2.5 text-ink placeholder:text-slate-500 focus:border-brand-700";
const labelClass = "block text-sm font-medium text-ink";

interface Common {
  name: string;
  label: string;
  /** The server's reason, e.g. "is required"; shown as "{label} {reason}." */
  error?: string;
  onEdit?: (name: string) => void;
  className?: string;
}

const errorId = (id: string) => `${id}-error`;

function Wrapper({ id, label, required, error, className, children }: { id: string; label: string; required?: boolean; error?: string; className?: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label} {required ? "*" : "(optional)"}
      </label>
      {children}
      {error && (
        <p id={errorId(id)} className="mt-1 text-sm font-medium text-red-700" data-field-error={id}>
          {label} {error}.
        </p>
      )}
    </div>
  );
}

const errorProps = (id: string, error?: string) =>
  error ? { "aria-invalid": true as const, "aria-describedby": errorId(id) } : {};

export function TextField({ name, label, error, onEdit, className, id = name, ...rest }: Common & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <Wrapper id={id} label={label} required={rest.required} error={error} className={className}>
      <input
        id={id}
        name={name}
        type="text"
        {...rest}
        {...errorProps(id, error)}
        onInput={() => onEdit?.(name)}
        className={cx(fieldClass, error ? "border-red-700" : "border-slate-400")}
      />
    </Wrapper>
  );
}

export function TextArea({ name, label, error, onEdit, className, id = name, ...rest }: Common & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <Wrapper id={id} label={label} required={rest.required} error={error} className={className}>
      <textarea
        id={id}
        name={name}
        rows={5}
        {...rest}
        {...errorProps(id, error)}
        onInput={() => onEdit?.(name)}
        className={cx(fieldClass, error ? "border-red-700" : "border-slate-400")}
      />
    </Wrapper>
  );
}

export function SelectField({
  name,
  label,
  error,
  onEdit,
  className,
  id = name,
  children,
  onChange,
  ...rest
}: Common & SelectHTMLAttributes<HTMLSelectElement>) {
  return (
    <Wrapper id={id} label={label} required={rest.required} error={error} className={className}>
      <select
        id={id}
        name={name}
        {...rest}
        {...errorProps(id, error)}
        onChange={(e) => {
          onEdit?.(name);
          onChange?.(e);
        }}
        className={cx(fieldClass, "bg-white", error ? "border-red-700" : "border-slate-400")}
      >
        {children}
      </select>
    </Wrapper>
  );
}

/** A field people never see or fill; the server silently drops a submission that has it filled. */
export function Honeypot() {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] top-auto h-px w-px overflow-hidden">
      <label htmlFor="website">Website</label>
      <input id="website" name="website" type="text" tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

export function SubmitButton({ busy, label, busyLabel, className }: { busy: boolean; label: string; busyLabel: string; className?: string }) {
  return (
    <button type="submit" disabled={busy} aria-disabled={busy} className={cx("btn-primary disabled:cursor-not-allowed disabled:opacity-70", className)}>
      {busy ? busyLabel : label}
    </button>
  );
}

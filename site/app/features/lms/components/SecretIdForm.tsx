// The Secret ID prompt (batches page and the recorded lectures' 'Access Restricted' card). `initialValue` is the ID
// kept for this very batch, if any (never another batch's).
import { useId, useState, type FormEvent } from "react";
import { validateSecretId } from "../api/get-videos";

export function SecretIdForm({
  onSubmit,
  error,
  busy,
  initialValue = "",
}: {
  onSubmit: (secretId: string) => void;
  error: string | null;
  busy: boolean;
  initialValue?: string;
}) {
  const [value, setValue] = useState(initialValue);
  const [localError, setLocalError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const shown = localError ?? error;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem = validateSecretId(value);
    setLocalError(problem);
    if (!problem && !busy) onSubmit(value.trim());
  };

  return (
    <form onSubmit={submit} noValidate className="mt-4">
      <label htmlFor={inputId} className="block font-semibold text-slate-900">
        Secret ID
      </label>
      <div className="mt-2 flex flex-col gap-3 sm:flex-row">
        <input
          id={inputId}
          name="secretId"
          type="password"
          autoComplete="off"
          value={value}
          onChange={(e) => setValue(e.target.value)}
          aria-invalid={shown ? true : undefined}
          aria-describedby={shown ? errorId : undefined}
          className="min-h-11 flex-1 rounded-lg border border-slate-400 px-3 py-2"
        />
        <button type="submit" className="btn-primary min-h-11" disabled={busy}>
          {busy ? "Checking…" : "Submit"}
        </button>
      </div>
      {shown && (
        <p id={errorId} role="alert" className="mt-3 font-medium text-red-700">
          {shown}
        </p>
      )}
    </form>
  );
}

// Enrol one student: batch (unless the batch is given), name, e-mail, an optional last day of access. Prefilled from
// an enquiry when there is one (its course narrows the batches; open ones are listed first, full and ended ones marked). The API mails the welcome and answers the Secret ID
// once; the caller shows it (SecretIdReveal).
import { useId, useState, type FormEvent } from "react";
import type { Enrolled, StaffBatch } from "#app/lib/api-schema";
import { enrol } from "../api/enrolments";
import { useTokenSource } from "../api/token";
import { batchesForCourse, batchLabel, openFirst } from "../batch-choice";
import { failureText, todayUtc } from "../format";
import { Field, fieldErrors, fieldInput } from "./Field";

interface EnrolFormProps {
  /** The batches to choose from; with `batchId`, that batch is fixed and not asked for. */
  batches: readonly StaffBatch[];
  batchId?: string;
  initial?: { name?: string; email?: string; course?: string | null };
  enquiryId?: string;
  onEnrolled: (enrolled: Enrolled, batch: StaffBatch) => void;
}

const FIELD_NAMES = { name: "Name", email: "E-mail", accessUntil: "Access until" };

export function EnrolForm({ batches, batchId, initial, enquiryId, onEnrolled }: EnrolFormProps) {
  const id = useId();
  const [showAll, setShowAll] = useState(false);
  const narrowed = batchesForCourse(batches, initial?.course);
  const today = todayUtc();
  const choices = openFirst(showAll ? batches : narrowed.batches, today);
  const [chosen, setChosen] = useState(batchId ?? (choices.length === 1 ? choices[0]!.batch._id : ""));
  const [name, setName] = useState(initial?.name ?? "");
  const [email, setEmail] = useState(initial?.email ?? "");
  const [accessUntil, setAccessUntil] = useState("");
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const token = useTokenSource();
  const errors = fieldErrors(id, error, FIELD_NAMES);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const batch = batches.find((b) => b.batch._id === chosen);
    if (!batch) return;
    setBusy(true);
    setError(null);
    try {
      const enrolled = await enrol(token, { batchId: batch.batch._id, name, email, accessUntil, enquiryId });
      onEnrolled(enrolled, batch);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-4 sm:grid-cols-2" aria-label="Enrol a student">
      {!batchId && (
        <Field id={`${id}-batch`} label="Batch" className="sm:col-span-2">
          {(control) => (
            <>
              <select {...control} required value={chosen} onChange={(e) => setChosen(e.target.value)} className={fieldInput}>
                <option value="">Choose a batch</option>
                {choices.map((b) => (
                  <option key={b.batch._id} value={b.batch._id}>
                    {batchLabel(b, today)}
                  </option>
                ))}
              </select>
              {narrowed.matched && (
                <label className="mt-2 flex items-center gap-2 text-sm text-slate-700">
                  <input type="checkbox" checked={showAll} onChange={(e) => setShowAll(e.target.checked)} className="size-4" />
                  Show every course's batches
                </label>
              )}
            </>
          )}
        </Field>
      )}
      <Field id={`${id}-name`} label="Name" errors={errors} name="name">
        {(control) => <input required maxLength={100} autoComplete="off" value={name} onChange={(e) => setName(e.target.value)} className={fieldInput} {...control} />}
      </Field>
      <Field id={`${id}-email`} label="E-mail" errors={errors} name="email">
        {(control) => <input type="email" required maxLength={254} autoComplete="off" value={email} onChange={(e) => setEmail(e.target.value)} className={fieldInput} {...control} />}
      </Field>
      <Field id={`${id}-until`} label={<>Access until <span className="font-normal text-slate-600">(optional: last day, UTC)</span></>} errors={errors} name="accessUntil">
        {(control) => <input type="date" min={todayUtc()} value={accessUntil} onChange={(e) => setAccessUntil(e.target.value)} className={fieldInput} {...control} />}
      </Field>
      <div className="flex items-end">
        <button type="submit" className="btn-primary min-h-11 w-full sm:w-auto" disabled={busy}>
          {busy ? "Enrolling…" : "Enrol"}
        </button>
      </div>
      {error ? (
        <p role="alert" className="font-medium text-red-700 sm:col-span-2">
          Not enrolled. {failureText(error)}
        </p>
      ) : null}
    </form>
  );
}

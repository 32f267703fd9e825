// "Record a manual payment" (docs/product.md#staff-console): a bank transfer, JazzCash, Easypaisa or cash payment
// staff have seen arrive. The student (e-mail, first and last name), the batch, the plan if any, the amount and its
// currency (USD or PKR, typed in dollars or rupees, sent in cents or paisa), the method, its reference and the day
// it was paid, and optionally the payer's receipt file (ReceiptFileField). The server records it and enrols the student (the welcome mail carries the Secret ID); the form then
// shows the enrolment made, with the Secret ID when the answer carries one.
import { useId, useState, type FormEvent } from "react";
import type { StaffBatch } from "#app/lib/api-schema";
import { formatMoney } from "#app/lib/money";
import type { Currency, ManualMethod, ManualPaymentAnswer, PlanId, ReceiptView } from "#app/lib/payments-schema";
import { useTokenSource } from "../../kit/api/token";
import { batchLabel, openFirst } from "../../kit/batch-choice";
import { Field, fieldErrors } from "../../kit/components/Field";
import { FormButtons } from "../../kit/components/FormButtons";
import { failureText, todayUtc } from "../../kit/format";
import { recordManualPayment } from "../api/payments";
import { paymentMethods } from "../filters";
import { ReceiptFileField } from "./ReceiptFileField";

const input = "mt-1 block w-full rounded-lg border border-slate-400 bg-white px-3 py-2 text-base text-ink aria-invalid:border-red-700";
const FIELD_NAMES = {
  email: "E-mail",
  firstName: "First name",
  lastName: "Last name",
  batchId: "Batch",
  plan: "Plan",
  amount: "Amount",
  currency: "Currency",
  method: "Method",
  reference: "Reference",
  paidOn: "Paid on",
  receiptId: "Receipt file",
};

const manualMethods = paymentMethods.filter((m): m is { value: ManualMethod; label: string } => m.value !== "card");
const plans: { value: PlanId; label: string }[] = [
  { value: "basic", label: "Basic" },
  { value: "standard", label: "Standard" },
  { value: "premium", label: "Premium" },
];

/** "149", "149.5", "25,000" → the smallest unit (14900, 14950, 2500000); null when it is not an amount above zero. */
export function toMinorUnits(text: string): number | null {
  const plain = text.trim().replace(/,/g, "");
  if (!/^\d+(\.\d{1,2})?$/.test(plain)) return null;
  const minor = Math.round(Number(plain) * 100);
  return minor > 0 ? minor : null;
}

export function ManualPaymentForm({
  batches,
  onRecorded,
  onCancel,
}: {
  batches: readonly StaffBatch[];
  onRecorded: (answer: ManualPaymentAnswer, batch: StaffBatch) => void;
  onCancel: () => void;
}) {
  const id = useId();
  const token = useTokenSource();
  const today = todayUtc();
  const [v, setV] = useState({ email: "", firstName: "", lastName: "", batchId: "", plan: "", amount: "", currency: "pkr" as Currency, method: "bank" as ManualMethod, reference: "", paidOn: today });
  const [busy, setBusy] = useState(false);
  const [receipt, setReceipt] = useState<ReceiptView | null>(null);
  const [receiptSending, setReceiptSending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [amountProblem, setAmountProblem] = useState<string | null>(null);
  const errors = fieldErrors(id, error, FIELD_NAMES);
  const { otherFailure } = errors;
  const set = (name: keyof typeof v) => (e: { target: { value: string } }) => setV((old) => ({ ...old, [name]: e.target.value }));
  const minor = toMinorUnits(v.amount);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy || receiptSending) return;
    const batch = batches.find((b) => b.batch._id === v.batchId);
    if (!batch) return;
    if (minor === null) return setAmountProblem("Enter an amount above zero, such as 149 or 25000.");
    setAmountProblem(null);
    setBusy(true);
    setError(null);
    try {
      const answer = await recordManualPayment(token, {
        email: v.email.trim(),
        firstName: v.firstName.trim(),
        lastName: v.lastName.trim(),
        batchId: batch.batch._id,
        ...(v.plan ? { plan: v.plan as PlanId } : {}),
        amount: minor,
        currency: v.currency,
        method: v.method,
        reference: v.reference.trim(),
        paidOn: v.paidOn,
        ...(receipt ? { receiptId: receipt.id } : {}),
      });
      onRecorded(answer, batch);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} className="card grid grid-cols-1 gap-4 p-5 sm:grid-cols-2" aria-label="Record a manual payment">
      <h3 className="text-lg font-semibold text-ink sm:col-span-2">Record a manual payment</h3>
      <Field id={`${id}-email`} label="Student's e-mail" errors={errors} name="email" className="sm:col-span-2">
        {(control) => <input type="email" required maxLength={254} autoComplete="off" value={v.email} onChange={set("email")} className={input} {...control} />}
      </Field>
      <Field id={`${id}-first`} label="First name" errors={errors} name="firstName">
        {(control) => <input required maxLength={100} autoComplete="off" value={v.firstName} onChange={set("firstName")} className={input} {...control} />}
      </Field>
      <Field id={`${id}-last`} label="Last name" errors={errors} name="lastName">
        {(control) => <input required maxLength={100} autoComplete="off" value={v.lastName} onChange={set("lastName")} className={input} {...control} />}
      </Field>
      <Field id={`${id}-batch`} label="Batch" errors={errors} name="batchId" className="sm:col-span-2">
        {(control) => (
          <select required value={v.batchId} onChange={set("batchId")} className={input} {...control}>
            <option value="">Choose a batch</option>
            {openFirst(batches, today).map((b) => (
              <option key={b.batch._id} value={b.batch._id}>
                {batchLabel(b, today)}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={`${id}-plan`} label={<>Plan <span className="font-normal text-slate-600">(optional)</span></>} errors={errors} name="plan">
        {(control) => (
          <select value={v.plan} onChange={set("plan")} className={input} {...control}>
            <option value="">No plan (a one-off payment)</option>
            {plans.map((p) => (
              <option key={p.value} value={p.value}>
                {p.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={`${id}-method`} label="Method" errors={errors} name="method">
        {(control) => (
          <select required value={v.method} onChange={set("method")} className={input} {...control}>
            {manualMethods.map((m) => (
              <option key={m.value} value={m.value}>
                {m.label}
              </option>
            ))}
          </select>
        )}
      </Field>
      <Field id={`${id}-amount`} label={<>Amount <span className="font-normal text-slate-600">(in {v.currency === "usd" ? "dollars" : "rupees"})</span></>} errors={errors} name="amount">
        {(control) => (
          <>
            <input
              inputMode="decimal"
              required
              value={v.amount}
              onChange={set("amount")}
              className={input}
              aria-describedby={`${id}-amount-shown`}
              {...(amountProblem ? { "aria-invalid": true } : {})}
              {...control}
            />
            <p id={`${id}-amount-shown`} className="mt-1 text-sm text-slate-600">
              {amountProblem ?? (minor !== null ? `Recorded as ${formatMoney(minor, v.currency)}` : "For example 149 or 25000")}
            </p>
          </>
        )}
      </Field>
      <Field id={`${id}-currency`} label="Currency" errors={errors} name="currency">
        {(control) => (
          <select required value={v.currency} onChange={set("currency")} className={input} {...control}>
            <option value="pkr">PKR (rupees)</option>
            <option value="usd">USD (dollars)</option>
          </select>
        )}
      </Field>
      <Field id={`${id}-reference`} label={<>Reference <span className="font-normal text-slate-600">(transaction id, receipt number)</span></>} errors={errors} name="reference">
        {(control) => <input required maxLength={200} autoComplete="off" value={v.reference} onChange={set("reference")} className={input} {...control} />}
      </Field>
      <Field id={`${id}-paid`} label="Paid on" errors={errors} name="paidOn">
        {(control) => <input type="date" required value={v.paidOn} onChange={set("paidOn")} className={input} {...control} />}
      </Field>
      <ReceiptFileField receipt={receipt} onChange={setReceipt} onSending={setReceiptSending} />
      {errors.fieldError("receiptId")}
      {otherFailure ? (
        <p role="alert" className="font-medium text-red-700 sm:col-span-2">
          Not recorded. {failureText(error)}
        </p>
      ) : null}
      <FormButtons label="Record payment" busyLabel={receiptSending ? "Uploading the receipt…" : "Recording…"} busy={busy || receiptSending} onCancel={onCancel} />
    </form>
  );
}

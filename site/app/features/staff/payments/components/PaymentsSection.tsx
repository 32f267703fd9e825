// Payments (docs/product.md#staff-console): every payment, card or manual, newest first a page at a time, with its
// student, batch, plan month, method, amount in its currency, status and links to Stripe and the receipt; filters
// (status, method, batch, a search) kept in the URL, Export CSV of the filtered list, a student's ledger by month,
// "Record a manual payment" (which enrols the student) and Refund (confirmed; a reason past the 3-day window).
import { useCallback, useId, useState, type FormEvent } from "react";
import { useSearchParams } from "react-router";
import { showToast } from "#app/components/Toasts";
import type { StaffBatch } from "#app/lib/api-schema";
import { formatMoney } from "#app/lib/money";
import type { Currency, ManualPaymentAnswer, PaymentView } from "#app/lib/payments-schema";
import { useTokenSource } from "../../kit/api/token";
import { Email } from "../../kit/components/Email";
import { SecretIdReveal } from "../../kit/components/SecretIdReveal";
import { Empty, Failure, Loading, LoadMore } from "../../kit/components/States";
import { actionTd, ConsoleTable, td } from "../../kit/components/Table";
import { failureText, formatTime } from "../../kit/format";
import { useCursorList } from "../../kit/hooks/use-cursor-list";
import { exportPayments, getReceiptLink, listPayments } from "../api/payments";
import { methodLabel, paymentFiltersFromSearch, withPaymentFilters, type PaymentFilters } from "../filters";
import { LedgerView } from "./LedgerView";
import { ManualPaymentForm } from "./ManualPaymentForm";
import { PaymentBadge } from "./PaymentBadge";
import { PaymentFilterBar } from "./PaymentFilterBar";
import { RefundDialog } from "./RefundDialog";
import { Field } from "../../kit/components/Field";

export function PaymentsSection({ batches, onEnrolled }: { batches: readonly StaffBatch[]; onEnrolled: () => void }) {
  const token = useTokenSource();
  const [search, setSearch] = useSearchParams();
  const filters = paymentFiltersFromSearch(search);
  const filterKey = JSON.stringify(filters);
  const filtered = Object.values(filters).some((v) => v !== undefined);
  const loadPage = useCallback((cursor?: string | null) => listPayments(token, JSON.parse(filterKey) as PaymentFilters, cursor), [token, filterKey]);
  const list = useCursorList(loadPage);
  const [exporting, setExporting] = useState(false);
  const [recording, setRecording] = useState(false);
  const [recorded, setRecorded] = useState<{ answer: ManualPaymentAnswer; batch: StaffBatch } | null>(null);
  const [refunding, setRefunding] = useState<PaymentView | null>(null);
  const [ledger, setLedger] = useState<string | null>(null);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const name = await exportPayments(token, filters);
      showToast((t) => t.success("Export ready", { description: `Saved as ${name}.` }));
    } catch (e) {
      showToast((t) => t.error("Export failed", { description: failureText(e) }));
    } finally {
      setExporting(false);
    }
  };

  const currencyOf = (planId: string): Currency => (list.items.find((p) => p.planId === planId)?.currency === "pkr" ? "pkr" : "usd");

  return (
    <section aria-labelledby="staff-payments" className="grid grid-cols-1 gap-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <h2 id="staff-payments" className="text-2xl font-bold">
          Payments
        </h2>
        <div className="flex flex-wrap gap-3">
          {!recording && (
            <button
              type="button"
              className="btn-primary min-h-10 px-4 py-2 text-sm"
              onClick={() => {
                setRecording(true);
                setRecorded(null);
              }}
            >
              Record a manual payment
            </button>
          )}
          <button type="button" className="btn-secondary min-h-10 px-4 py-2 text-sm" disabled={exporting} onClick={() => void exportCsv()}>
            {exporting ? "Exporting…" : "Export CSV"}
          </button>
        </div>
      </div>

      {recording && (
        <ManualPaymentForm
          batches={batches}
          onCancel={() => setRecording(false)}
          onRecorded={(answer, batch) => {
            setRecording(false);
            setRecorded({ answer, batch });
            list.reload();
            onEnrolled();
          }}
        />
      )}
      {recorded && <Recorded answer={recorded.answer} batch={recorded.batch} onDone={() => setRecorded(null)} />}

      <PaymentFilterBar key={filters.q ?? ""} filters={filters} batches={batches} onChange={(next) => setSearch(withPaymentFilters(search, next))} />
      <LedgerLookup onShow={setLedger} />
      {ledger && <LedgerView key={ledger} email={ledger} currencyOf={currencyOf} onClose={() => setLedger(null)} />}

      <div>
        {list.state === "loading" && <Loading text="Loading payments…" />}
        {list.state === "error" && <Failure what="Could not load the payments." error={list.error} onRetry={list.reload} />}
        {list.state === "ready" && list.items.length === 0 && !list.hasMore && (
          <Empty>{filtered ? "No payments match these filters." : "No payments yet. Card payments appear here as they are made, and manual ones once recorded."}</Empty>
        )}
        {list.state === "ready" && list.items.length > 0 && (
          <ConsoleTable
            caption="Payments, newest first"
            captionHidden
            columns={["Date", "Student", "Batch", "Method", "Amount", "Status", "Links", { actions: <span className="sr-only">Actions</span> }]}
            rows={list.items}
            rowKey={(p) => p.id}
          >
            {(p) => <PaymentCells payment={p} onRefund={() => setRefunding(p)} onLedger={() => setLedger(p.email)} />}
          </ConsoleTable>
        )}
        <LoadMore hasMore={list.state === "ready" && list.hasMore} loading={list.loadingMore} error={list.moreError} onLoadMore={() => void list.loadMore()} />
      </div>
      {refunding && (
        <RefundDialog
          payment={refunding}
          onClose={() => setRefunding(null)}
          onRefunded={(p) => {
            list.replace((x) => x.id === p.id, p);
            showToast((t) => t.success("Payment refunded", { description: `${formatMoney(p.amount, p.currency)} to ${p.name || p.email}.` }));
            onEnrolled();
          }}
        />
      )}
    </section>
  );
}

function PaymentCells({ payment: p, onRefund, onLedger }: { payment: PaymentView; onRefund: () => void; onLedger: () => void }) {
  const who = p.name || p.email;
  return (
    <>
      <td className={`${td} whitespace-nowrap`}>{p.paidOn ?? formatTime(p.createdAt / 1000)}</td>
      <td className={td}>
        <span className="block font-semibold text-ink">{p.name || "—"}</span>
        <Email address={p.email} />
      </td>
      <td className={td}>
        {p.batchName}
        <span className="block text-slate-600">
          {p.plan ? `${p.plan[0]!.toUpperCase()}${p.plan.slice(1)}, ` : ""}month {p.month} of {p.months}
        </span>
      </td>
      <td className={td}>
        {methodLabel(p.method)}
        {p.reference && <span className="block font-mono text-xs [overflow-wrap:anywhere] text-slate-600">{p.reference}</span>}
      </td>
      <td className={`${td} whitespace-nowrap`}>{formatMoney(p.amount, p.currency)}</td>
      <td className={td}>
        <PaymentBadge status={p.status} />
        {p.refundReason && <span className="block text-xs text-slate-600">{p.refundReason}</span>}
      </td>
      <td className={td}>
        {p.stripeUrl && (
          <a href={p.stripeUrl} target="_blank" rel="noopener noreferrer" className="block font-semibold text-brand-700 underline">
            Stripe<span className="sr-only"> payment of {who} (opens in a new tab)</span>
          </a>
        )}
        {p.receiptUrl && (
          <a href={p.receiptUrl} target="_blank" rel="noopener noreferrer" className="block font-semibold text-brand-700 underline">
            Receipt<span className="sr-only"> of {who} (opens in a new tab)</span>
          </a>
        )}
        {p.receiptFile && <ReceiptFileLink paymentId={p.id} who={who} />}
        {!p.stripeUrl && !p.receiptUrl && !p.receiptFile && "—"}
      </td>
      <td className={actionTd}>
        <div className="flex flex-col items-start gap-2">
          <button type="button" className="font-semibold text-brand-700 underline" onClick={onLedger} aria-label={`Ledger of ${who}`}>
            Ledger
          </button>
          {p.status === "paid" && (
            <button type="button" className="font-semibold text-red-700 underline" onClick={onRefund} aria-label={`Refund ${formatMoney(p.amount, p.currency)} to ${who}`}>
              Refund
            </button>
          )}
        </div>
      </td>
    </>
  );
}

function LedgerLookup({ onShow }: { onShow: (email: string) => void }) {
  const id = useId();
  const [email, setEmail] = useState("");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (email.trim()) onShow(email.trim().toLowerCase());
  };
  return (
    <form onSubmit={submit} aria-label="A student's ledger" className="flex flex-wrap items-end gap-2">
      <Field id={`${id}-email`} label="A student's ledger (paid, due and overdue by month)" className="min-w-0 grow sm:grow-0">
        {(control) => (
          <input
            {...control}
            type="email"
            required
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            placeholder="student@example.com"
            className="mt-1 block w-full rounded-lg border border-slate-400 px-3 py-2 text-base text-ink sm:w-80"
          />
        )}
      </Field>
      <button type="submit" className="btn-secondary min-h-10 px-4 py-2 text-sm">
        Show ledger
      </button>
    </form>
  );
}

/** After a manual payment: the enrolment it made, and the Secret ID when the answer carries one (shown this once). */
function Recorded({ answer, batch, onDone }: { answer: ManualPaymentAnswer; batch: StaffBatch; onDone: () => void }) {
  const { payment, enrolment, secretId } = answer;
  const amount = formatMoney(payment.amount, payment.currency);
  if (secretId && enrolment) {
    return (
      <div className="grid gap-2" data-testid="manual-recorded">
        <p className="font-medium text-green-900">
          {methodLabel(payment.method)} payment of {amount} recorded.
        </p>
        <SecretIdReveal enrolled={{ enrolment, secretId }} batchName={batch.batch.name} onDone={onDone} />
      </div>
    );
  }
  if (!enrolment) {
    return (
      <div role="status" className="rounded-xl border border-green-300 bg-green-50 p-4 text-slate-800" data-testid="manual-recorded">
        <p className="font-semibold text-green-900">
          {methodLabel(payment.method)} payment of {amount} recorded. {payment.name || payment.email} has no active enrolment in {batch.batch.name}: enrol them from Batches if they should have access.
        </p>
        <button type="button" className="mt-3 text-sm font-semibold text-brand-700 underline" onClick={onDone}>
          Done
        </button>
      </div>
    );
  }
  return (
    <div role="status" className="rounded-xl border border-green-300 bg-green-50 p-4 text-slate-800" data-testid="manual-recorded">
      <p className="font-semibold text-green-900">
        {methodLabel(payment.method)} payment of {amount} recorded. {enrolment.name || enrolment.email} is enrolled in {batch.batch.name} ({enrolment.status}).
      </p>
      <p className="mt-2 text-sm">
        The enrolment was already there: its Secret ID is unchanged. {enrolment.welcome === "sent" ? "The welcome mail went to " : "No welcome mail went to "}
        <Email address={enrolment.email} />.
      </p>
      <button type="button" className="mt-3 text-sm font-semibold text-brand-700 underline" onClick={onDone}>
        Done
      </button>
    </div>
  );
}

/** The receipt file staff attached: a fresh 5-minute link asked for on the click, then followed (a download). */
function ReceiptFileLink({ paymentId, who }: { paymentId: string; who: string }) {
  const source = useTokenSource();
  const [state, setState] = useState<"idle" | "busy" | "failed">("idle");
  const open = async () => {
    setState("busy");
    try {
      const link = await getReceiptLink(source, paymentId);
      window.location.assign(link.url);
      setState("idle");
    } catch {
      setState("failed");
    }
  };
  return (
    <span className="block">
      <button type="button" className="font-semibold text-brand-700 underline disabled:opacity-60" disabled={state === "busy"} onClick={() => void open()} aria-label={`Receipt file of ${who}`}>
        {state === "busy" ? "Opening…" : "Receipt file"}
      </button>
      {state === "failed" && (
        <span role="alert" className="block text-sm text-red-700">
          Could not open the receipt file.
        </span>
      )}
    </span>
  );
}

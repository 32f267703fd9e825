// "Billing" on /lms (docs/product.md#billing): a student's plans (course and batch, the plan and its price, months
// paid, the card, the next charge), the payments of each with their receipts, "Cancel auto-renewal" (confirmed
// first: no further month is charged, the months paid keep their access) and "Update card" (a SetupIntent through
// the card endpoints). The list comes from the route's clientLoader; a student without a plan sees nothing of it.
import { lazy, Suspense, use, useId, useState } from "react";
import { formatMoney } from "#app/lib/money";
import type { Billing as BillingAnswer, BillingPayment, BillingPlan, PlanStatus } from "#app/lib/payments-schema";
import type { TokenSource } from "#app/lib/access-token";

// The dialogs (Radix, and Stripe.js for a card) load when first opened.
const CancelRenewalDialog = lazy(() => import("./BillingDialogs").then((m) => ({ default: m.CancelRenewalDialog })));
const UpdateCardDialog = lazy(() => import("./BillingDialogs").then((m) => ({ default: m.UpdateCardDialog })));

export type BillingList = { kind: "ready"; billing: BillingAnswer } | { kind: "error" };

export const billingTexts = {
  loading: "Loading your billing...",
  error: "Could not load your billing.",
  noPayments: "No payments yet.",
  renewalOff: "Auto-renewal is off: no further months will be charged. The months you have paid keep their access.",
  cancelled: "Auto-renewal cancelled.",
  cardUpdated: "Card updated.",
  receiptFailed: "Could not download the receipt. Try again.",
};

const planTitle = (plan: string) => plan[0]!.toUpperCase() + plan.slice(1);
export const formatDay = (ms: number) => new Date(ms).toLocaleDateString("en-GB", { day: "numeric", month: "long", year: "numeric" });

const statusWords: Record<PlanStatus, { text: string; tone: string }> = {
  pending: { text: "Awaiting the first payment", tone: "bg-slate-100 text-slate-800" },
  active: { text: "Active", tone: "bg-green-100 text-green-900" },
  overdue: { text: "Payment overdue", tone: "bg-amber-100 text-amber-900" },
  paused: { text: "Paused: payment needed", tone: "bg-red-100 text-red-900" },
  cancelled: { text: "Auto-renewal off", tone: "bg-slate-100 text-slate-800" },
  completed: { text: "Fully paid", tone: "bg-green-100 text-green-900" },
  refunded: { text: "Refunded", tone: "bg-slate-100 text-slate-800" },
};

const paymentWords: Record<BillingPayment["status"], string> = { pending: "Pending", paid: "Paid", failed: "Failed", refunded: "Refunded" };
const methodWords: Record<BillingPlan["method"], string> = {
  card: "Card",
  bank: "Bank transfer",
  jazzcash: "JazzCash",
  easypaisa: "Easypaisa",
  cash: "Cash",
};

/** A plan whose months still renew: it can be cancelled, and (a card plan) its card changed. */
const renewing = (p: BillingPlan) => p.autoRenew && (p.status === "active" || p.status === "overdue" || p.status === "paused");

export function Billing({ list, source, onRetry }: { list: Promise<BillingList>; source: TokenSource; onRetry: () => void }) {
  const answer = use(list);
  if (answer.kind === "error") {
    return (
      <section aria-labelledby="lms-billing" className="mt-10">
        <h3 id="lms-billing" className="mb-3 text-xl font-semibold text-ink">
          Billing
        </h3>
        <div className="flex flex-wrap items-center gap-4">
          <p role="alert" className="font-medium text-red-700">
            {billingTexts.error}
          </p>
          <button type="button" className="btn-secondary min-h-11 text-sm" onClick={onRetry}>
            Try again
          </button>
        </div>
      </section>
    );
  }
  if (answer.billing.plans.length === 0) return null;
  return <BillingPlans key={JSON.stringify(answer.billing.plans.map((p) => p.id))} billing={answer.billing} source={source} />;
}

function BillingPlans({ billing, source }: { billing: BillingAnswer; source: TokenSource }) {
  const [plans, setPlans] = useState(billing.plans);
  const [notice, setNotice] = useState<string | null>(null);
  const [dialog, setDialog] = useState<{ kind: "cancel" | "card"; plan: BillingPlan } | null>(null);
  const changed = (plan: BillingPlan, text: string) => {
    setPlans((all) => all.map((p) => (p.id === plan.id ? plan : p)));
    setNotice(text);
  };
  return (
    <section aria-labelledby="lms-billing" className="mt-10" data-testid="billing">
      <h3 id="lms-billing" className="mb-3 text-xl font-semibold text-ink">
        Billing
      </h3>
      <div aria-live="polite">{notice && <p className="mb-3 font-medium text-green-800">{notice}</p>}</div>
      <ul className="grid gap-6">
        {plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            payments={billing.payments.filter((p) => p.planId === plan.id)}
            source={source}
            onCancel={() => setDialog({ kind: "cancel", plan })}
            onCard={() => setDialog({ kind: "card", plan })}
          />
        ))}
      </ul>
      {dialog && (
        <Suspense fallback={null}>
          {dialog.kind === "cancel" ? (
            <CancelRenewalDialog plan={dialog.plan} source={source} onClose={() => setDialog(null)} onDone={(p) => changed(p, billingTexts.cancelled)} />
          ) : (
            <UpdateCardDialog plan={dialog.plan} source={source} onClose={() => setDialog(null)} onDone={(p) => changed(p, billingTexts.cardUpdated)} />
          )}
        </Suspense>
      )}
    </section>
  );
}

function PlanCard({
  plan,
  payments,
  source,
  onCancel,
  onCard,
}: {
  plan: BillingPlan;
  payments: BillingPayment[];
  source: TokenSource;
  onCancel: () => void;
  onCard: () => void;
}) {
  const id = useId();
  const status = statusWords[plan.status];
  const price = formatMoney(plan.amount, plan.currency);
  return (
    <li className="card grid gap-4 p-5" aria-labelledby={`${id}-title`}>
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h4 id={`${id}-title`} className="text-lg font-semibold text-ink">
            {plan.courseTitle}: {plan.batchName}
          </h4>
          <p className="text-slate-700">
            {planTitle(plan.plan)} plan, {price} a month: {plan.monthsPaid} of {plan.months} months paid
          </p>
        </div>
        <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold ${status.tone}`}>{status.text}</span>
      </div>
      <dl className="grid gap-3 text-sm sm:grid-cols-3">
        <div>
          <dt className="text-slate-600">Paid by</dt>
          <dd className="font-semibold text-ink">
            {plan.card ? `${planTitle(plan.card.brand)} ending ${plan.card.last4}` : methodWords[plan.method]}
          </dd>
        </div>
        <div>
          <dt className="text-slate-600">{plan.method === "card" ? "Next charge" : "Next payment due"}</dt>
          <dd className="font-semibold text-ink" data-testid="next-charge">
            {plan.nextChargeAt != null && plan.autoRenew ? `${formatDay(plan.nextChargeAt)}, ${price}` : "None"}
          </dd>
        </div>
      </dl>
      {!plan.autoRenew && plan.status !== "completed" && plan.status !== "refunded" && <p className="text-sm text-slate-700">{billingTexts.renewalOff}</p>}
      <Payments payments={payments} source={source} caption={`Payments for ${plan.batchName}`} />
      {renewing(plan) && (
        <div className="flex flex-wrap gap-3">
          {plan.method === "card" && (
            <button type="button" className="btn-secondary min-h-11 text-sm" onClick={onCard}>
              Update card
            </button>
          )}
          <button type="button" className="btn-secondary min-h-11 text-sm" onClick={onCancel}>
            Cancel auto-renewal
          </button>
        </div>
      )}
    </li>
  );
}

function Payments({ payments, source, caption }: { payments: BillingPayment[]; source: TokenSource; caption: string }) {
  const id = useId();
  if (payments.length === 0) return <p className="text-sm text-slate-600">{billingTexts.noPayments}</p>;
  const th = "border-b border-slate-200 bg-slate-50 px-3 py-2 font-semibold text-slate-800";
  const td = "border-b border-slate-100 px-3 py-2 align-top";
  return (
    <div role="region" aria-labelledby={id} tabIndex={0} className="overflow-x-auto rounded-xl border border-slate-200">
      <table className="w-full min-w-[22rem] border-collapse text-left text-sm">
        <caption id={id} className="sr-only">
          {caption}
        </caption>
        <thead>
          <tr>
            <th scope="col" className={th}>Month</th>
            <th scope="col" className={th}>Amount</th>
            <th scope="col" className={th}>Status</th>
            <th scope="col" className={th}>Receipt</th>
          </tr>
        </thead>
        <tbody>
          {[...payments]
            .sort((a, b) => a.month - b.month)
            .map((p) => (
              <tr key={p.id}>
                <td className={td}>Month {p.month}</td>
                <td className={td}>{formatMoney(p.amount, p.currency)}</td>
                <td className={td}>
                  {paymentWords[p.status]}
                  {p.paidAt != null && p.status !== "pending" && <span className="block text-slate-600">{formatDay(p.paidAt)}</span>}
                </td>
                <td className={td}>
                  <Receipts payment={p} source={source} />
                </td>
              </tr>
            ))}
        </tbody>
      </table>
    </div>
  );
}

/** Our own receipt (a PDF, fetched with the token, for every payment made) and Stripe's, when it gave one. */
function Receipts({ payment, source }: { payment: BillingPayment; source: TokenSource }) {
  const [state, setState] = useState<"idle" | "busy" | "failed">("idle");
  if (payment.status !== "paid" && payment.status !== "refunded") return <>—</>;
  const download = async () => {
    setState("busy");
    try {
      await (await import("../api/download-receipt")).downloadReceipt(source, payment.id);
      setState("idle");
    } catch {
      setState("failed");
    }
  };
  return (
    <div className="grid justify-items-start gap-1">
      <button
        type="button"
        className="min-h-11 font-semibold text-brand-700 underline disabled:opacity-60"
        aria-label={`Receipt (PDF) for month ${payment.month}`}
        onClick={download}
        disabled={state === "busy"}
      >
        {state === "busy" ? "Downloading..." : "Receipt (PDF)"}
      </button>
      {payment.receiptUrl && (
        <a
          href={payment.receiptUrl}
          target="_blank"
          rel="noopener noreferrer"
          className="font-semibold text-brand-700 underline"
          aria-label={`Card receipt for month ${payment.month} (opens in a new tab)`}
        >
          Card receipt
        </a>
      )}
      {state === "failed" && (
        <p role="alert" className="text-red-700">
          {billingTexts.receiptFailed}
        </p>
      )}
    </div>
  );
}

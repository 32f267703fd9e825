// A student's ledger (docs/product.md#staff-console): each of their plans by month, with the day each month is due
// and whether it is paid, due, overdue, upcoming or refunded.
import { useCallback } from "react";
import { formatMoney } from "#app/lib/money";
import type { Currency, Ledger } from "#app/lib/payments-schema";
import { useTokenSource } from "../../kit/api/token";
import { Empty, Failure, Loading } from "../../kit/components/States";
import { ConsoleTable, td } from "../../kit/components/Table";
import { Email } from "../../kit/components/Email";
import { useLoad } from "../../kit/hooks/use-load";
import { getLedger } from "../api/payments";
import { methodLabel } from "../filters";
import { PaymentBadge } from "./PaymentBadge";

export function LedgerView({ email, currencyOf, onClose }: { email: string; currencyOf: (planId: string) => Currency; onClose: () => void }) {
  const token = useTokenSource();
  const load = useCallback((): Promise<Ledger> => getLedger(token, email), [token, email]);
  const { state, retry } = useLoad(load);
  return (
    <section aria-labelledby="ledger-heading" className="card grid grid-cols-1 gap-4 p-5" data-testid="ledger">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="ledger-heading" className="text-lg font-semibold text-ink [overflow-wrap:anywhere]">
          Ledger of <Email address={email} />
        </h3>
        <button type="button" className="btn-secondary min-h-10 px-4 py-2 text-sm" onClick={onClose}>
          Close ledger
        </button>
      </div>
      {state.status === "loading" && <Loading text="Loading the ledger…" />}
      {state.status === "error" && <Failure what="Could not load the ledger." error={state.error} onRetry={retry} />}
      {state.status === "ready" && state.data.plans.length === 0 && <Empty>No plans or payments for this e-mail.</Empty>}
      {state.status === "ready" &&
        state.data.plans.map((plan) => (
          <ConsoleTable
            key={plan.planId}
            caption={`${plan.batchName}: ${plan.plan ? `${plan.plan} plan` : "no plan"}, ${methodLabel(plan.method)}, ${plan.status}`}
            columns={["Month", "Due on", "Status", "Amount"]}
            rows={plan.months}
            rowKey={(m) => m.month}
          >
            {(m) => (
              <>
                <td className={td}>Month {m.month}</td>
                <td className={`${td} whitespace-nowrap`}>{m.dueOn}</td>
                <td className={td}>
                  <PaymentBadge status={m.status} />
                </td>
                <td className={td}>{formatMoney(m.amount, currencyOf(plan.planId))}</td>
              </>
            )}
          </ConsoleTable>
        ))}
    </section>
  );
}

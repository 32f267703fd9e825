// "Refund" (docs/product.md#staff-console): confirmed first. Within the 3-day window it asks nothing more; past it
// (or when the server answers 409 saying the window ended) it shows the server's sentence and asks for a reason,
// which the refund then carries. A refund within the window, or before the course starts, ends the student's access.
import { useRef, useState } from "react";
import { ApiError } from "#app/lib/api-client";
import { formatMoney } from "#app/lib/money";
import type { PaymentView } from "#app/lib/payments-schema";
import { useTokenSource } from "../../kit/api/token";
import { ConfirmDialog } from "../../kit/components/ConfirmDialog";
import { formatTime } from "../../kit/format";
import { refundPayment } from "../api/payments";
import { methodLabel } from "../filters";

export function RefundDialog({ payment, onClose, onRefunded, now = Date.now }: { payment: PaymentView; onClose: () => void; onRefunded: (p: PaymentView) => void; now?: () => number }) {
  const token = useTokenSource();
  const outside = now() > payment.refundableUntil;
  const [needReason, setNeedReason] = useState(outside);
  const [serverSays, setServerSays] = useState<string | null>(null);
  const [reason, setReason] = useState("");
  const [missing, setMissing] = useState(false);
  const field = useRef<HTMLTextAreaElement>(null);

  const confirm = async (): Promise<void | false> => {
    if (needReason && !reason.trim()) {
      setMissing(true);
      field.current?.focus();
      return false;
    }
    try {
      const refunded = await refundPayment(token, payment.id, needReason ? { reason: reason.trim() } : {});
      onRefunded(refunded);
    } catch (e) {
      if (e instanceof ApiError && e.status === 409) {
        setServerSays(e.messageField ?? e.serverMessage ?? "The refund window has ended: give a reason to refund anyway.");
        setNeedReason(true);
        setMissing(false);
        window.setTimeout(() => field.current?.focus(), 0);
        return false;
      }
      throw e;
    }
  };

  const amount = formatMoney(payment.amount, payment.currency);
  return (
    <ConfirmDialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={`Refund ${amount}?`}
      description={
        <>
          {methodLabel(payment.method)} payment of {amount} by {payment.name || payment.email} for {payment.batchName} (month {payment.month} of {payment.months}).{" "}
          {payment.method === "card" ? "The money goes back to the card through Stripe." : "Record here the refund you have made yourself."} A refund within the 3-day
          window ({outside ? "it ended" : "it ends"} {formatTime(payment.refundableUntil / 1000)}) or before the course starts ends the student's access.
        </>
      }
      confirmLabel="Refund"
      onConfirm={confirm}
      initialFocus={needReason ? field : undefined}
    >
      {serverSays && (
        <p role="alert" className="font-medium text-amber-900">
          {serverSays}
        </p>
      )}
      {needReason && (
        <>
          <label htmlFor="refund-reason" className="block text-sm font-semibold text-slate-800">
            Reason for the refund
          </label>
          <textarea
            ref={field}
            id="refund-reason"
            rows={3}
            maxLength={500}
            value={reason}
            onChange={(e) => {
              setReason(e.target.value);
              setMissing(false);
            }}
            aria-invalid={missing || undefined}
            aria-describedby={missing ? "refund-reason-error" : undefined}
            className="block w-full rounded-lg border border-slate-400 px-3 py-2 text-base text-ink aria-invalid:border-red-700"
          />
          {missing && (
            <p id="refund-reason-error" className="text-sm font-medium text-red-700">
              Give the reason: the window has ended.
            </p>
          )}
        </>
      )}
    </ConfirmDialog>
  );
}

// Billing's two dialogs (docs/product.md#billing). "Cancel auto-renewal?": Radix AlertDialog, focus on "Keep
// auto-renewal", the cancellation's progress and failure inside. "Update card": a Radix Dialog with Stripe's card
// Element; Save card asks our server for a SetupIntent, confirms the card on it in the browser, then puts it in use.
import * as AlertDialog from "@radix-ui/react-alert-dialog";
import * as Dialog from "@radix-ui/react-dialog";
import { useEffect, useId, useRef, useState } from "react";
import { DialogCloseButton } from "#app/components/DialogCloseButton";
import type { TokenSource } from "#app/lib/access-token";
import { formatMoney } from "#app/lib/money";
import type { BillingPlan, CardOptions } from "#app/lib/payments-schema";
import { cancelAutoRenew, finishCardUpdate, getPaymentOptions, startCardUpdate } from "../api/payments";
import { apiFailureText, checkoutTexts } from "../checkout-texts";
import { useCardElement } from "../hooks/use-card-element";
import { stripeErrorText } from "../stripe";

interface DialogProps {
  plan: BillingPlan;
  source: TokenSource;
  onClose: () => void;
  onDone: (plan: BillingPlan) => void;
}

export function CancelRenewalDialog({ plan, source, onClose, onDone }: DialogProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const left = plan.months - plan.monthsPaid;
  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const changed = await cancelAutoRenew(source, plan.id);
      onDone(changed);
      onClose();
    } catch (e) {
      setError(apiFailureText(e));
      setBusy(false);
    }
  };
  return (
    <AlertDialog.Root open onOpenChange={(open) => !open && !busy && onClose()}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 z-[1100] bg-slate-900/60" />
        <AlertDialog.Content className="fixed top-1/2 left-1/2 z-[1100] max-h-[92vh] w-[min(92vw,30rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl">
          <AlertDialog.Title className="text-xl font-bold text-ink">Cancel auto-renewal?</AlertDialog.Title>
          <AlertDialog.Description className="mt-3 text-slate-700">
            No further month of your {plan.batchName} plan will be charged
            {left > 0 ? ` (${left} of ${plan.months} months are not paid yet)` : ""}. The months you have paid keep their access.
          </AlertDialog.Description>
          {error && (
            <p role="alert" className="mt-4 font-medium text-red-700">
              {error}
            </p>
          )}
          <div className="mt-6 flex flex-wrap justify-end gap-3">
            <AlertDialog.Cancel className="btn-secondary min-h-11 px-4 py-2 text-sm" disabled={busy}>
              Keep auto-renewal
            </AlertDialog.Cancel>
            <button
              type="button"
              className="btn min-h-11 bg-red-700 px-4 py-2 text-sm text-white hover:bg-red-800 disabled:opacity-60"
              disabled={busy}
              onClick={() => void confirm()}
            >
              {busy ? "Cancelling..." : "Cancel auto-renewal"}
            </button>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}

type OptionsState = { status: "loading" } | { status: "error" } | { status: "ready"; card: CardOptions | null };

export function UpdateCardDialog(props: DialogProps) {
  const [state, setState] = useState<OptionsState>({ status: "loading" });
  useEffect(() => {
    let live = true;
    getPaymentOptions().then(
      (o) => live && setState({ status: "ready", card: o.card ?? null }),
      () => live && setState({ status: "error" }),
    );
    return () => {
      live = false;
    };
  }, []);
  return (
    <Dialog.Root open onOpenChange={(open) => !open && props.onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[1100] bg-slate-900/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-[1100] max-h-[92vh] w-[min(92vw,32rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-2xl bg-white p-6 shadow-xl">
          <Dialog.Title className="pr-12 text-xl font-bold text-ink">Update card</Dialog.Title>
          <Dialog.Description className="mt-3 text-slate-700">
            The new card pays the next months of your {props.plan.batchName} plan ({formatMoney(props.plan.amount, props.plan.currency)} a month). A
            month that is overdue is charged to it at once.
          </Dialog.Description>
          <DialogCloseButton />
          {state.status === "loading" && (
            <p role="status" className="mt-4 text-slate-600">
              {checkoutTexts.preparing}
            </p>
          )}
          {state.status === "error" && (
            <p role="alert" className="mt-4 font-medium text-red-700">
              {checkoutTexts.optionsFailed}
            </p>
          )}
          {state.status === "ready" && !state.card && (
            <p role="status" className="mt-4 text-slate-700">
              Card payment is not available right now. Please try again later.
            </p>
          )}
          {state.status === "ready" && state.card && <NewCard card={state.card} {...props} />}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

function NewCard({ card, plan, source, onClose, onDone }: DialogProps & { card: CardOptions }) {
  const element = useCardElement(card);
  const label = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const working = useRef(false);
  const save = async () => {
    const mounted = element.current();
    if (!mounted || working.current) return;
    working.current = true;
    setBusy(true);
    setError(null);
    try {
      const { setupSecret } = await startCardUpdate(source, plan.id);
      const { error: refused } = await mounted.stripe.confirmCardSetup(setupSecret, { payment_method: { card: mounted.element } });
      if (refused) {
        setError(stripeErrorText(refused));
        return;
      }
      onDone(await finishCardUpdate(source, plan.id));
      onClose();
    } catch (e) {
      setError(apiFailureText(e));
    } finally {
      working.current = false;
      setBusy(false);
    }
  };
  return (
    <div className="mt-4 grid gap-3">
      <p id={label} className="text-sm font-medium text-ink">
        New card
      </p>
      <div ref={element.mountRef} role="group" aria-labelledby={label} data-card-element className="min-h-11 rounded-lg border border-slate-400 bg-white px-3 py-3" />
      {element.cardError && <p className="text-sm font-medium text-red-700">{element.cardError}</p>}
      {element.state === "error" && (
        <p role="alert" className="font-medium text-red-700">
          {checkoutTexts.stripeFailed}
        </p>
      )}
      {error && (
        <p role="alert" className="font-medium text-red-700">
          {error}
        </p>
      )}
      <div className="mt-2 flex flex-wrap justify-end gap-3">
        <Dialog.Close className="btn-secondary min-h-11 px-4 py-2 text-sm" disabled={busy}>
          Cancel
        </Dialog.Close>
        <button type="button" className="btn-primary min-h-11 px-4 py-2 text-sm" disabled={busy || element.state !== "ready"} onClick={() => void save()}>
          {busy ? "Saving..." : "Save card"}
        </button>
      </div>
    </div>
  );
}

// The plan form's card step (docs/product.md#plan-form): Stripe's card Element, loaded only here, and "Pay". One
// Idempotency-Key per checkout attempt, kept while the details stay the same, so a retry after a lost answer or a
// second click is the same payment, never a second charge; the button is held while a payment is under way. The flow
// is the contract's: checkout (201: the payment and its SetupIntent) → confirmCardSetup in the browser → confirm on
// our server → 3-D Secure when it asks (confirmCardPayment, then confirm again) → the success page. A declined card, a
// failed authentication or a network failure is said in words and the form keeps what was typed; a declined card is
// retried with the fresh SetupIntent the server answers.
import { useEffect, useId, useRef, useState } from "react";
import { useNavigate } from "react-router";
import { paymentDonePath } from "#app/config/paths";
import { ApiError } from "#app/lib/api-client";
import { formatMoney } from "#app/lib/money";
import type { CardOptions, CheckoutAnswer, CheckoutRequest, ConfirmAnswer, PaymentOptions } from "#app/lib/payments-schema";
import { newSubmissionId } from "#app/lib/submission-id";
import { checkout, confirmPayment, getPaymentOptions } from "../api/payments";
import { apiFailureText, checkoutTexts } from "../checkout-texts";
import { useCardElement } from "../hooks/use-card-element";
import { cardTexts, stripeErrorText, type Stripe, type StripeCardElement } from "../stripe";

export interface CardStepProps {
  /** The form's details, checked (the form shows what is missing) or null when they do not pass. */
  readOrder: () => CheckoutRequest | null;
  /** The plan's monthly price in cents and its months, for the words beside Pay. */
  monthlyCents: number;
  months: number;
  /** The server refused fields of the form (400): the form shows each beside its field. */
  onFieldErrors?: (fields: Record<string, string>) => void;
}

type OptionsState = { status: "loading" } | { status: "error" } | { status: "ready"; options: PaymentOptions };

export function CardStep(props: CardStepProps) {
  const [state, setState] = useState<OptionsState>({ status: "loading" });
  const [attempt, setAttempt] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  // The step opens in place of 'Proceed to Payment', which leaves the page: focus (and a screen reader) move here.
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    let live = true;
    setState({ status: "loading" });
    getPaymentOptions().then(
      (options) => live && setState({ status: "ready", options }),
      () => live && setState({ status: "error" }),
    );
    return () => {
      live = false;
    };
  }, [attempt]);

  return (
    <section aria-labelledby="card-step-heading" className="rounded-xl border border-slate-300 p-5" data-testid="card-step">
      <h3 id="card-step-heading" ref={heading} tabIndex={-1} className="text-lg font-semibold text-ink outline-none">
        Pay by card
      </h3>
      {state.status === "loading" && (
        <p role="status" className="mt-3 text-slate-600">
          {checkoutTexts.preparing}
        </p>
      )}
      {state.status === "error" && <Retry text={checkoutTexts.optionsFailed} onRetry={() => setAttempt((n) => n + 1)} />}
      {state.status === "ready" && !state.options.card && (
        <p role="status" className="mt-3 text-slate-700">
          {checkoutTexts.cardOff}
        </p>
      )}
      {state.status === "ready" && state.options.card && <CardForm card={state.options.card} {...props} />}
    </section>
  );
}

function Retry({ text, onRetry }: { text: string; onRetry: () => void }) {
  return (
    <div role="alert" className="mt-3 flex flex-wrap items-center gap-3">
      <p className="font-medium text-red-700">{text}</p>
      <button type="button" className="btn-secondary min-h-11 px-4 py-2 text-sm" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** One checkout attempt: the details it was made for, its key, and how far it got. */
interface Attempt {
  details: string;
  key: string;
  answer: CheckoutAnswer | null;
  /** The SetupIntent to confirm the next card with (the checkout's, then a fresh one after a decline). */
  setupSecret: string | null;
  /** The card is set up on the current SetupIntent: a retry goes straight to our confirm. */
  cardSet: boolean;
}

function CardForm({ card, readOrder, monthlyCents, months, onFieldErrors }: CardStepProps & { card: CardOptions }) {
  const navigate = useNavigate();
  const element = useCardElement(card);
  const ids = { label: useId(), error: useId() };
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const working = useRef(false);
  const attempt = useRef<Attempt | null>(null);
  const monthly = formatMoney(monthlyCents, "usd");

  /** The attempt for these details: the same one (and key) while they stay the same, a fresh one when they change. */
  const attemptFor = (order: CheckoutRequest): Attempt => {
    const details = JSON.stringify(order);
    if (attempt.current?.details !== details) {
      attempt.current = { details, key: newSubmissionId(), answer: null, setupSecret: null, cardSet: false };
    }
    return attempt.current;
  };

  const paid = (answer: ConfirmAnswer) => navigate(paymentDonePath(answer.paymentId, answer.clientSecret));

  /** Our server's word on the payment; true when the page moves on. */
  const settle = async (a: Attempt, stripe: Stripe, answer: ConfirmAnswer, authenticated: boolean): Promise<boolean> => {
    if (answer.status === "succeeded" || answer.status === "processing") {
      paid(answer);
      return true;
    }
    if (answer.status === "requires_action") {
      if (authenticated) {
        setProblem(checkoutTexts.stillNeedsAction);
        return false;
      }
      const { error } = await stripe.confirmCardPayment(answer.clientSecret);
      const again = await confirmPayment(answer.paymentId, answer.clientSecret);
      if (error && again.status !== "succeeded" && again.status !== "processing") {
        if (again.status === "failed") fail(a, again);
        setProblem(again.message ?? (error instanceof Error ? cardTexts.offline : error.message || cardTexts.authFailed));
        return false;
      }
      return settle(a, stripe, again, true);
    }
    fail(a, answer);
    setProblem(answer.message ?? cardTexts.declinedFallback);
    return false;
  };

  /** A failed payment: the next card is set up on the fresh SetupIntent the server answered. */
  const fail = (a: Attempt, answer: ConfirmAnswer) => {
    a.cardSet = false;
    if (answer.setupSecret) a.setupSecret = answer.setupSecret;
  };

  const pay = async () => {
    if (working.current) return;
    const mounted = element.current();
    if (!mounted) return;
    const order = readOrder();
    if (!order) return;
    working.current = true;
    setBusy(true);
    setProblem(null);
    const a = attemptFor(order);
    let moved = false;
    try {
      if (!a.answer) {
        a.answer = await checkout(order, a.key);
        a.setupSecret = a.answer.setupSecret;
      }
      if (!a.cardSet) {
        const ok = await setUpCard(mounted.stripe, mounted.element, a.setupSecret ?? a.answer.setupSecret, order);
        if (ok !== true) {
          setProblem(ok);
          return;
        }
        a.cardSet = true;
      }
      const answer = await confirmPayment(a.answer.paymentId, a.answer.clientSecret);
      moved = await settle(a, mounted.stripe, answer, false);
    } catch (error) {
      if (error instanceof ApiError && error.status === 400 && Object.keys(error.fields).length > 0) onFieldErrors?.(error.fields);
      setProblem(apiFailureText(error));
    } finally {
      // After a success the page is moving on: the button stays held.
      if (!moved) {
        working.current = false;
        setBusy(false);
      }
    }
  };

  return (
    <div className="mt-3 grid gap-4">
      <p className="text-slate-700">
        You pay {monthly} now, then {monthly} each month until your {months} months are paid. You can cancel auto-renewal at any time
        under Billing in the learning portal.
      </p>
      <div>
        <p id={ids.label} className="text-sm font-medium text-ink">
          Card details *
        </p>
        <div
          ref={element.mountRef}
          role="group"
          aria-labelledby={ids.label}
          aria-describedby={element.cardError ? ids.error : undefined}
          data-card-element
          className="mt-1 min-h-11 rounded-lg border border-slate-400 bg-white px-3 py-3"
        />
        {element.cardError && (
          <p id={ids.error} className="mt-1 text-sm font-medium text-red-700">
            {element.cardError}
          </p>
        )}
        {element.state === "loading" && (
          <p role="status" className="mt-1 text-sm text-slate-600">
            {checkoutTexts.preparing}
          </p>
        )}
        {element.state === "error" && <Retry text={checkoutTexts.stripeFailed} onRetry={element.retry} />}
      </div>
      <p className="text-sm text-slate-600">Your card details go straight to our payment processor, Stripe: they never reach our servers.</p>
      <div aria-live="assertive">
        {problem && (
          <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 font-medium text-red-800">
            {problem}
          </p>
        )}
      </div>
      <div>
        <button type="button" className="btn-primary min-h-11" disabled={busy || element.state !== "ready"} onClick={() => void pay()} aria-busy={busy}>
          {busy ? checkoutTexts.paying : `Pay ${monthly}`}
        </button>
      </div>
    </div>
  );
}

/** Confirms the card on the SetupIntent: true, or the words for why it was not accepted. */
async function setUpCard(stripe: Stripe, card: StripeCardElement, setupSecret: string, order: CheckoutRequest): Promise<true | string> {
  try {
    const { error } = await stripe.confirmCardSetup(setupSecret, {
      payment_method: { card, billing_details: { name: `${order.firstName} ${order.lastName}`.trim(), email: order.email } },
    });
    return error ? stripeErrorText(error) : true;
  } catch {
    return cardTexts.offline;
  }
}

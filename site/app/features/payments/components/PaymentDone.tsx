// The success page after a card payment (/enrollnow/paid?payment=…&secret=…, docs/product.md#plan-form): it asks
// our server every 1.5 s how the payment stands until the enrolment is made (the webhook or the confirmation makes
// it), then says what happens next: the access mail and signing in at /lms. A failed or refunded payment is said so,
// with the way back to the form; a poll that fails keeps asking; after two minutes it stops and says the mail will
// follow. The pre-rendered shell has no query: the link's payment and secret are read once hydrated.
import { useEffect, useRef, useState } from "react";
import { Link, useSearchParams } from "react-router";
import { paths } from "#app/config/paths";
import { ApiError } from "#app/lib/api-client";
import { formatMoney } from "#app/lib/money";
import type { PaymentStatus } from "#app/lib/payments-schema";
import { getPaymentStatus } from "../api/payments";

export const doneTexts = {
  checking: "Confirming your payment…",
  setting: "Payment received. We're setting up your enrolment…",
  enrolled: "You're enrolled.",
  incomplete: "This link is incomplete. If you have paid, your access is on its way by e-mail.",
  notFound: "We could not find this payment. If you have paid, your access is on its way by e-mail.",
  slow: "This is taking longer than usual. You don't need to pay again: we'll e-mail your access as soon as your enrolment is ready.",
  failedFallback: "The payment did not go through, and you have not been charged.",
  refunded: "This payment was refunded.",
  offline: "We could not reach our server. Still trying…",
};

/** How often the page asks, and for how long. */
export const POLL_MS = 1500;
export const POLL_FOR_MS = 120_000;

type View =
  | { kind: "checking"; answer: PaymentStatus | null; offline: boolean }
  | { kind: "done"; answer: PaymentStatus }
  | { kind: "ended"; answer: PaymentStatus }
  | { kind: "not-found" }
  | { kind: "slow"; answer: PaymentStatus | null };

export function PaymentDone({ pollMs = POLL_MS, pollForMs = POLL_FOR_MS }: { pollMs?: number; pollForMs?: number }) {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  const [search] = useSearchParams();
  const paymentId = search.get("payment")?.trim() ?? "";
  const secret = search.get("secret")?.trim() ?? "";
  if (!hydrated) return <Status>{doneTexts.checking}</Status>;
  if (!paymentId || !secret) return <Notice>{doneTexts.incomplete}</Notice>;
  return <Poll key={paymentId} paymentId={paymentId} secret={secret} pollMs={pollMs} pollForMs={pollForMs} />;
}

function Poll({ paymentId, secret, pollMs, pollForMs }: { paymentId: string; secret: string; pollMs: number; pollForMs: number }) {
  const [view, setView] = useState<View>({ kind: "checking", answer: null, offline: false });
  const [round, setRound] = useState(0);
  const last = useRef<PaymentStatus | null>(null);

  useEffect(() => {
    let live = true;
    let timer: number | undefined;
    const until = Date.now() + pollForMs;
    const ask = async () => {
      try {
        const answer = await getPaymentStatus(paymentId, secret);
        if (!live) return;
        last.current = answer;
        if (answer.enrolled) return setView({ kind: "done", answer });
        if (answer.status === "failed" || answer.status === "refunded") return setView({ kind: "ended", answer });
        setView({ kind: "checking", answer, offline: false });
      } catch (error) {
        if (!live) return;
        if (error instanceof ApiError && [400, 403, 404].includes(error.status)) return setView({ kind: "not-found" });
        setView({ kind: "checking", answer: last.current, offline: true });
      }
      if (Date.now() >= until) return setView({ kind: "slow", answer: last.current });
      timer = window.setTimeout(() => void ask(), pollMs);
    };
    void ask();
    return () => {
      live = false;
      window.clearTimeout(timer);
    };
  }, [paymentId, secret, pollMs, pollForMs, round]);

  if (view.kind === "not-found") return <Notice>{doneTexts.notFound}</Notice>;
  if (view.kind === "ended") {
    const refunded = view.answer.status === "refunded";
    return (
      <div role="alert" className="card mt-6 max-w-2xl p-6">
        <h2 className="text-xl font-bold text-ink">{refunded ? "Payment refunded" : "Payment not completed"}</h2>
        <p className="mt-2 text-slate-700">{refunded ? doneTexts.refunded : (view.answer.message ?? doneTexts.failedFallback)}</p>
        <Link to={paths.enroll} className="btn-primary mt-5">
          Back to enrolment
        </Link>
      </div>
    );
  }
  if (view.kind === "done") {
    const a = view.answer;
    return (
      <div className="card mt-6 max-w-2xl p-6" data-testid="payment-done">
        <h2 className="text-2xl font-bold text-green-800">{doneTexts.enrolled}</h2>
        <p role="status" className="mt-3 text-lg text-slate-800">
          {doneTexts.enrolled} We've e-mailed your access to <strong className="break-all">{a.email}</strong>. Sign in with that e-mail at{" "}
          <Link to={paths.lms} className="font-semibold text-brand-700 underline">
            /lms
          </Link>{" "}
          to see your batch.
        </p>
        <Summary answer={a} />
        <h3 className="mt-6 text-lg font-semibold text-ink">What happens next</h3>
        <ol className="mt-2 list-decimal space-y-1 pl-5 text-slate-700">
          <li>Open the welcome e-mail: it has your batch and how to sign in.</li>
          <li>Sign in at /lms with {a.email}: your batch, its classes and recorded lectures are there.</li>
          <li>Your plan renews each month until its {a.months} months are paid; Billing in the learning portal shows each charge and lets you cancel auto-renewal.</li>
        </ol>
        <Link to={paths.lms} className="btn-primary mt-6">
          Go to the learning portal
        </Link>
      </div>
    );
  }
  const answer = view.answer;
  return (
    <div className="card mt-6 max-w-2xl p-6">
      {view.kind === "slow" ? (
        <>
          <p role="status" className="text-lg text-slate-800">
            {doneTexts.slow}
          </p>
          <button type="button" className="btn-secondary mt-4 min-h-11" onClick={() => setRound((n) => n + 1)}>
            Check again
          </button>
        </>
      ) : (
        <p role="status" className="text-lg text-slate-800">
          {view.offline ? doneTexts.offline : answer?.status === "paid" ? doneTexts.setting : doneTexts.checking}
        </p>
      )}
      {answer && <Summary answer={answer} />}
    </div>
  );
}

function Summary({ answer: a }: { answer: PaymentStatus }) {
  return (
    <dl className="mt-5 grid gap-3 text-sm sm:grid-cols-2">
      <div>
        <dt className="text-slate-600">Course</dt>
        <dd className="font-semibold text-ink">{a.courseTitle}</dd>
      </div>
      <div>
        <dt className="text-slate-600">Batch</dt>
        <dd className="font-semibold text-ink">{a.batchName}</dd>
      </div>
      <div>
        <dt className="text-slate-600">Plan</dt>
        <dd className="font-semibold text-ink capitalize">{a.plan}</dd>
      </div>
      <div>
        <dt className="text-slate-600">Paid now</dt>
        <dd className="font-semibold text-ink">
          {formatMoney(a.amount, a.currency)} (month 1 of {a.months})
        </dd>
      </div>
    </dl>
  );
}

function Status({ children }: { children: string }) {
  return (
    <p role="status" className="mt-6 text-lg text-slate-600">
      {children}
    </p>
  );
}

function Notice({ children }: { children: string }) {
  return (
    <div role="alert" className="card mt-6 max-w-2xl p-6">
      <p className="text-slate-700">{children}</p>
      <Link to={paths.enroll} className="btn-secondary mt-4">
        Back to enrolment
      </Link>
    </div>
  );
}

// The payments routes a visitor and a student call (/api/payments/*, /api/me/billing*; docs/product.md#plan-form,
// #billing): the options (card on or off, how to pay by hand), the checkout (one Idempotency-Key per attempt), the
// confirmation after the card step, the success page's status, and the student's plans with their card. Every call
// goes through the one client (lib/payments-schema.ts's paymentsCall until the contract is generated).
import { tokenFrom, type TokenSource } from "#app/lib/access-token";
import {
  paymentsCall,
  type Billing,
  type BillingPlan,
  type CardSetup,
  type CheckoutAnswer,
  type CheckoutRequest,
  type ConfirmAnswer,
  type PaymentOptions,
  type PaymentStatus,
} from "#app/lib/payments-schema";

const at = (id: string) => encodeURIComponent(id);

let options: Promise<PaymentOptions> | undefined;

/** GET /api/payments/options, asked once per page load (a failure is asked again next time). */
export function getPaymentOptions(): Promise<PaymentOptions> {
  options ??= paymentsCall<PaymentOptions>("get", "/api/payments/options").catch((e: unknown) => {
    options = undefined;
    throw e;
  });
  return options;
}

/** Starts (or, with the same key, repeats) a card checkout: the same key answers the same payment. */
export const checkout = (body: CheckoutRequest, idempotencyKey: string): Promise<CheckoutAnswer> =>
  paymentsCall("post", "/api/payments/checkout", { body, headers: { "idempotency-key": idempotencyKey } });

/** After the card step: the server confirms the payment with the card just set up. */
export const confirmPayment = (paymentId: string, clientSecret: string): Promise<ConfirmAnswer> =>
  paymentsCall("post", `/api/payments/${at(paymentId)}/confirm`, { body: { clientSecret } });

/** The success page's poll: the payment and whether its enrolment has been made. */
export const getPaymentStatus = (paymentId: string, secret: string): Promise<PaymentStatus> =>
  paymentsCall("get", `/api/payments/${at(paymentId)}`, { query: { secret } });

export const getBilling = async (source: TokenSource): Promise<Billing> => paymentsCall("get", "/api/me/billing", { token: await tokenFrom(source) });

/** Turns auto-renewal off: no further month is charged; months already paid keep their access. */
export const cancelAutoRenew = async (source: TokenSource, planId: string): Promise<BillingPlan> =>
  paymentsCall("post", `/api/me/billing/${at(planId)}/cancel`, { token: await tokenFrom(source) });

/** A SetupIntent for a new card on the plan. */
export const startCardUpdate = async (source: TokenSource, planId: string): Promise<CardSetup> =>
  paymentsCall("post", `/api/me/billing/${at(planId)}/card`, { token: await tokenFrom(source) });

/** Puts the card just set up in use (an overdue month is charged at once). */
export const finishCardUpdate = async (source: TokenSource, planId: string): Promise<BillingPlan> =>
  paymentsCall("put", `/api/me/billing/${at(planId)}/card`, { token: await tokenFrom(source), body: {} });

// The payments API's shapes (card checkout, Billing, the console's Payments), written by hand from the contract agreed
// with the backend until functions/openapi.json carries them. This is the one place
// they live: once `npm run api-types` generates them, each type here becomes an alias of the generated schema (as
// ./api-schema.ts names the others) and `paymentsCall` gives way to the typed apiGet/apiPost/apiPut of ./api-client.ts.
// Three features use them (the plan form, the student's Billing, the staff console's Payments), so they sit in lib.
// JSON is camelCase; times are epoch milliseconds, except fields named *On, which are YYYY-MM-DD. Amounts are in the
// currency's smallest unit (cents, paisa).
import { send, type SendOptions } from "./api-client";
import type { EnrolmentView } from "./api-schema";
import type { components } from "./api-types";

export type PlanId = "basic" | "standard" | "premium";
/** A plan as answers name it: staff may record a payment for no catalog plan ("custom"). */
export type AnsweredPlan = PlanId | "custom";
export type Currency = "usd" | "pkr";
export type ManualMethod = "bank" | "jazzcash" | "easypaisa" | "cash";
export type PaymentMethod = "card" | ManualMethod;

// ---- GET /api/payments/options ----------------------------------------------------------------------------------

export interface CardOptions {
  publishableKey: string;
  /** Where Stripe.js is loaded from (locally, localstripe's stand-in). */
  stripeJs: string;
}

export interface HowToPay {
  method: "bank" | "jazzcash" | "easypaisa";
  title: string;
  lines: string[];
}

export interface PlanPrice {
  plan: PlanId;
  title: string;
  monthlyAmount: number;
  currency: "usd";
}

export interface PaymentOptions {
  /** null: card payments are off (no secret key configured). */
  card?: CardOptions | null;
  howToPay: HowToPay[];
  plans: PlanPrice[];
}

// ---- POST /api/payments/checkout (header Idempotency-Key) --------------------------------------------------------

export interface CheckoutRequest {
  courseId: string;
  batchId: string;
  plan: PlanId;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
}

export interface CheckoutAnswer {
  paymentId: string;
  /** The PaymentIntent's client secret (pi_…_secret_…). */
  clientSecret: string;
  /** The SetupIntent's client secret (seti_…_secret_…): the card is confirmed with it first. */
  setupSecret: string;
  amount: number;
  currency: "usd";
  months: number;
  status: "requires_payment_method";
}

// ---- POST /api/payments/{paymentId}/confirm ----------------------------------------------------------------------

export interface ConfirmAnswer {
  paymentId: string;
  status: "succeeded" | "processing" | "requires_action" | "failed";
  clientSecret: string;
  message?: string | null;
  /** With "failed": a fresh SetupIntent for the next card. */
  setupSecret?: string | null;
}

// ---- GET /api/payments/{paymentId}?secret= -----------------------------------------------------------------------

export interface PaymentStatus {
  paymentId: string;
  status: "pending" | "paid" | "failed" | "refunded";
  enrolled: boolean;
  email: string;
  courseTitle: string;
  batchName: string;
  plan: AnsweredPlan;
  amount: number;
  currency: string;
  months: number;
  message?: string | null;
}

// ---- /api/me/billing ---------------------------------------------------------------------------------------------

export type PlanStatus = "pending" | "active" | "overdue" | "paused" | "cancelled" | "completed" | "refunded";
export type PaymentState = "pending" | "paid" | "failed" | "refunded";

export interface BillingPlan {
  id: string;
  batchId: string;
  batchName: string;
  courseTitle: string;
  plan: AnsweredPlan;
  amount: number;
  currency: string;
  months: number;
  monthsPaid: number;
  method: PaymentMethod;
  autoRenew: boolean;
  status: PlanStatus;
  nextChargeAt?: number | null;
  card?: { brand: string; last4: string } | null;
}

export interface BillingPayment {
  id: string;
  planId: string;
  batchId: string;
  month: number;
  amount: number;
  currency: string;
  method: PaymentMethod;
  status: PaymentState;
  paidAt?: number | null;
  /** Stripe's receipt of a card payment, when Stripe gives one. */
  receiptUrl?: string | null;
  /** Our own receipt, a PDF: GET it with the student's token. */
  receiptPdf: string;
}

export interface Billing {
  plans: BillingPlan[];
  payments: BillingPayment[];
}

export interface CardSetup {
  setupSecret: string;
}

// ---- /api/staff/payments -----------------------------------------------------------------------------------------

export interface PaymentView {
  id: string;
  planId: string;
  email: string;
  name: string;
  batchId: string;
  batchName: string;
  courseTitle: string;
  plan: AnsweredPlan;
  month: number;
  months: number;
  method: PaymentMethod;
  amount: number;
  currency: string;
  status: PaymentState;
  createdAt: number;
  paidOn?: string | null;
  reference?: string | null;
  stripeUrl?: string | null;
  receiptUrl?: string | null;
  /** The name of the receipt file staff attached, if any. */
  receiptFile?: string | null;
  refundableUntil: number;
  refundedAt?: number | null;
  refundReason?: string | null;
}

export interface PaymentPage {
  items: PaymentView[];
  nextCursor?: string | null;
}

export type LedgerMonthStatus = "paid" | "due" | "overdue" | "upcoming" | "refunded";

export interface LedgerMonth {
  month: number;
  dueOn?: string | null;
  status: LedgerMonthStatus;
  paymentId?: string | null;
  amount: number;
}

export interface LedgerPlan {
  planId: string;
  batchId: string;
  batchName: string;
  plan: AnsweredPlan;
  method: PaymentMethod;
  status: PlanStatus;
  months: LedgerMonth[];
}

export interface Ledger {
  email: string;
  plans: LedgerPlan[];
}

export interface ManualPaymentRequest {
  email: string;
  firstName: string;
  lastName: string;
  batchId: string;
  plan?: PlanId;
  amount: number;
  currency: Currency;
  method: ManualMethod;
  reference: string;
  paidOn: string;
  /** A receipt file uploaded first (POST /api/staff/payments/receipts, then complete). */
  receiptId?: string;
}

/** A receipt file staff uploaded: its type is what its content was found to be. */
export interface ReceiptView {
  id: string;
  fileName: string;
  size: number;
  contentType: string;
}

/** A short-lived link that downloads a payment's receipt file. */
export interface ReceiptLink {
  fileName: string;
  contentType: string;
  url: string;
}

export interface ManualPaymentAnswer {
  payment: PaymentView;
  /** The enrolment the payment made, or the student's active one; none when they have none (a month after a refund). */
  enrolment?: EnrolmentView | null;
  /** Present when the payment made a new enrolment, whose Secret ID is shown this once. */
  secretId?: string | null;
}

export interface RefundRequest {
  reason?: string | null;
}

// ---- the call ----------------------------------------------------------------------------------------------------

/**
 * One call to a payments route through the one client's `send` (its timeout and ApiError), answering the JSON as `T`.
 * The routes are not in the generated contract yet, so the client cannot type them: each caller names its answer here.
 */
export function paymentsCall<T>(method: "get" | "post" | "put", path: string, options: SendOptions = {}): Promise<T> {
  return send(method, path, options, "application/json", (res) => res.json() as Promise<T>);
}

// ---- Drift check: the hand-written shapes against the generated contract ---------------------------------------
// Each answer the server gives (the generated schema) must fit what the pages read, and each request the pages send
// must fit what the server takes: `tsc` fails here when the contract and these shapes part.
type Generated = components["schemas"];
type Fits<Actual extends Expected, Expected> = [Actual, Expected];
export type ContractFits = [
  // `status` is a word the server documents (its type is a string in the contract): checked by the component tests.
  Fits<Omit<Generated["CheckoutAnswer"], "status" | "currency">, Omit<CheckoutAnswer, "status" | "currency">>,
  Fits<Omit<Generated["Confirmed"], "status">, Omit<ConfirmAnswer, "status">>,
  Fits<Generated["PaymentState"], PaymentStatus>,
  Fits<Generated["Billing"], Billing>,
  Fits<Generated["CardSetup"], CardSetup>,
  Fits<Generated["PaymentPage"], PaymentPage>,
  Fits<Generated["Ledger"], Ledger>,
  Fits<CheckoutRequest, Generated["CheckoutRequest"]>,
  Fits<ManualPaymentRequest, Generated["ManualPayment"]>,
  Fits<RefundRequest, Generated["RefundRequest"]>,
  Fits<Generated["ReceiptView"], ReceiptView>,
  Fits<Generated["ReceiptLink"], ReceiptLink>,
];

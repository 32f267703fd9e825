// The words of the card step and the success page (docs/product.md#plan-form, #messages).
import { ApiError } from "../../lib/api-client";

export const checkoutTexts = {
  preparing: "Preparing the secure card form…",
  optionsFailed: "The card payment could not be opened.",
  stripeFailed: "The secure card form did not load.",
  cardOff: "Card payment is not available right now. Send an enrolment request instead and we'll get back to you by e-mail.",
  paying: "Processing payment…",
  offline: "We could not reach our server. Check your connection and try again: you will not be charged twice.",
  timedOut: "Our server took too long to answer. Try again: you will not be charged twice.",
  stillNeedsAction: "Your bank still needs you to confirm this payment. Press Pay again to confirm it.",
  failedFallback: "The payment did not go through. Try again, or use another card.",
  limited: "Too many payment attempts from your connection. Please wait a few minutes and try again.",
};

/** What to tell the payer about a refused or failed call to our API. */
export function apiFailureText(error: unknown): string {
  if (!(error instanceof ApiError)) return checkoutTexts.failedFallback;
  if (error.status === 0) return error.timedOut ? checkoutTexts.timedOut : checkoutTexts.offline;
  if (error.status === 429) return error.messageField ?? checkoutTexts.limited;
  return error.messageField ?? checkoutTexts.failedFallback;
}

// Stripe.js on demand (docs/product.md#plan-form): only the card step and "Update card" load it, from the URL the
// options answer gives (https://js.stripe.com/v3/ in AWS, localstripe's stand-in locally), as one script tag. The
// types are the few calls the site makes, which real Stripe.js and the stand-in both implement: a card Element,
// confirmCardSetup with it, and confirmCardPayment for 3-D Secure. The card's number never reaches our servers.

/** What Stripe.js answers on failure: `type` "card_error" for a refused card, "api_connection_error" offline. */
export interface StripeError {
  message?: string;
  type?: string;
  code?: string;
}

export interface StripeCardElement {
  mount(element: HTMLElement): void;
  destroy(): void;
  on?(event: "change", handler: (event?: { error?: StripeError | null; complete?: boolean }) => void): void;
}

export interface BillingDetails {
  name?: string;
  email?: string;
}

export interface Stripe {
  elements(): { create(type: "card", options?: Record<string, unknown>): StripeCardElement };
  confirmCardSetup(
    setupSecret: string,
    data: { payment_method: { card: StripeCardElement; billing_details?: BillingDetails } },
  ): Promise<{ error?: StripeError | Error | null }>;
  confirmCardPayment(clientSecret: string): Promise<{ error?: StripeError | Error | null }>;
}

export type StripeFactory = (publishableKey: string) => Stripe;

declare global {
  interface Window {
    Stripe?: StripeFactory;
  }
}

const loads = new Map<string, Promise<StripeFactory>>();

/** Loads Stripe.js from `src` once per page (a failed load is tried again on the next call). */
export function loadStripeJs(src: string, doc: Document = document): Promise<StripeFactory> {
  const win = doc.defaultView;
  if (win?.Stripe) return Promise.resolve(win.Stripe);
  let load = loads.get(src);
  if (!load) {
    load = new Promise<StripeFactory>((resolve, reject) => {
      const script = doc.createElement("script");
      script.src = src;
      script.async = true;
      script.dataset.stripeJs = "";
      script.onload = () => (win?.Stripe ? resolve(win.Stripe) : reject(new Error("Stripe.js loaded without Stripe")));
      script.onerror = () => {
        script.remove();
        reject(new Error("Stripe.js did not load"));
      };
      doc.head.append(script);
    });
    load.catch(() => loads.delete(src));
    loads.set(src, load);
  }
  return load;
}

/** A card refusal (declined, expired, wrong CVC) or a check of what was typed: Stripe's sentence is for the payer. */
const isCardProblem = (e: StripeError) => e.type === "card_error" || e.type === "validation_error" || (e.type === undefined && Boolean(e.code));

export const cardTexts = {
  declinedFallback: "Your card was declined. Check its details or try another card.",
  offline: "We could not reach the card processor. Check your connection and try again: you will not be charged twice.",
  authFailed: "Your bank did not confirm the payment. Try again, or use another card.",
};

/** What to tell the payer about a Stripe.js failure. */
export function stripeErrorText(error: StripeError | Error): string {
  if (error instanceof Error) return cardTexts.offline;
  if (error.type === "api_connection_error") return cardTexts.offline;
  if (isCardProblem(error) || error.message) return error.message || cardTexts.declinedFallback;
  return cardTexts.declinedFallback;
}

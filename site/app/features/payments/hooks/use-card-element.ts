// Stripe's card Element in a node of the page: Stripe.js loads on first use (../stripe.ts), the Element mounts into
// `mountRef` and is destroyed with the component. `state` says whether it can take a card yet; a failed load can be
// tried again; `cardError` is what the Element says about what was typed (an incomplete number, a past date).
import { useCallback, useEffect, useRef, useState } from "react";
import type { CardOptions } from "#app/lib/payments-schema";
import { loadStripeJs, type Stripe, type StripeCardElement } from "../stripe";

export type CardElementState = "loading" | "ready" | "error";

export function useCardElement(card: CardOptions) {
  const { publishableKey, stripeJs } = card;
  const mountRef = useRef<HTMLDivElement>(null);
  const mounted = useRef<{ stripe: Stripe; element: StripeCardElement } | null>(null);
  const [state, setState] = useState<CardElementState>("loading");
  const [cardError, setCardError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    let live = true;
    let element: StripeCardElement | null = null;
    setState("loading");
    loadStripeJs(stripeJs).then(
      (factory) => {
        const node = mountRef.current;
        if (!live || !node) return;
        try {
          const stripe = factory(publishableKey);
          element = stripe.elements().create("card");
          element.mount(node);
          element.on?.("change", (event) => setCardError(event?.error?.message ?? null));
          mounted.current = { stripe, element };
          setState("ready");
        } catch {
          setState("error");
        }
      },
      () => live && setState("error"),
    );
    return () => {
      live = false;
      mounted.current = null;
      element?.destroy();
    };
  }, [publishableKey, stripeJs, attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { mountRef, state, cardError, retry, current: () => mounted.current };
}

// @vitest-isolate: the payment options are asked once per page (api/payments.ts), so this file starts on none.
// The card step against a fake Stripe.js (the calls the contract's flow makes): a card that goes through lands on
// the success page; a declined card says so and is tried again on the fresh SetupIntent; 3-D Secure is confirmed and
// then the payment; a network failure is said and the retry sends the same Idempotency-Key (the same payment), and a
// second click while a payment is under way sends nothing.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { json } from "#app/test/http";
import { renderAt } from "#app/test/render";
import type { CheckoutRequest } from "#app/lib/payments-schema";
import type { Stripe, StripeCardElement, StripeError } from "../stripe";
import { CardStep } from "./CardStep";

const order: CheckoutRequest = {
  courseId: "665f1c2a9b3e4d0012a1b001",
  batchId: "665f1c2a9b3e4d0012a1c00d",
  plan: "standard",
  firstName: "Emma",
  lastName: "Jones",
  email: "emma@example.com",
  phone: "+44 7700 900123",
};

const options = {
  card: { publishableKey: "pk_test_1", stripeJs: "http://127.0.0.1:8420/js.stripe.com/v3/" },
  howToPay: [],
  plans: [{ plan: "standard", title: "Standard", monthlyAmount: 14900, currency: "usd" }],
};

const created = {
  paymentId: "pay_1",
  clientSecret: "pi_1_secret_a",
  setupSecret: "seti_1_secret_a",
  amount: 14900,
  currency: "usd",
  months: 4,
  status: "requires_payment_method",
};

type Call = { method: string; path: string; body: unknown; key: string | undefined };
type Answer = Response | Error;

/** The API: options once, then each route answers from its own queue (the last answer repeats). */
function api(queues: Record<string, Answer[]>) {
  const calls: Call[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const method = init?.method ?? "GET";
    const path = String(input);
    const headers = (init?.headers ?? {}) as Record<string, string>;
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body, key: headers["idempotency-key"] });
    if (path === "/api/payments/options") return json(options);
    const queue = queues[`${method} ${path}`];
    const next = queue && (queue.length > 1 ? queue.shift()! : queue[0]!);
    if (!next) return json({ message: `no route for ${method} ${path}` }, 404);
    if (next instanceof Error) throw next;
    return next.clone();
  });
  return calls;
}

/** A Stripe.js stand-in: each confirm answers the next result given (then success). */
function fakeStripe({ setup = [], payment = [] }: { setup?: { error?: StripeError | Error }[]; payment?: { error?: StripeError }[] } = {}) {
  const element: StripeCardElement = {
    mount: (node) => {
      const input = document.createElement("input");
      input.setAttribute("aria-label", "Card number");
      node.append(input);
    },
    destroy: vi.fn(),
    on: vi.fn(),
  };
  const stripe = {
    elements: () => ({ create: () => element }),
    confirmCardSetup: vi.fn<Stripe["confirmCardSetup"]>(async () => setup.shift() ?? {}),
    confirmCardPayment: vi.fn<Stripe["confirmCardPayment"]>(async () => payment.shift() ?? {}),
  };
  window.Stripe = vi.fn(() => stripe);
  return { stripe, element };
}

function render(readOrder: () => CheckoutRequest | null = () => order) {
  return renderAt(<CardStep readOrder={readOrder} monthlyCents={14900} months={4} />, "/enrollnow");
}

/** Pay, once the card Element is mounted and no payment is under way. */
async function payButton() {
  const button = (await screen.findByRole("button", { name: "Pay $149.00" })) as HTMLButtonElement;
  await waitFor(() => expect(button.disabled).toBe(false));
  return button;
}
const checkouts = (calls: Call[]) => calls.filter((c) => c.path === "/api/payments/checkout");
const confirms = (calls: Call[]) => calls.filter((c) => c.path === "/api/payments/pay_1/confirm");

beforeEach(() => {
  delete window.Stripe;
});
afterEach(() => {
  vi.restoreAllMocks();
  delete window.Stripe;
});

describe("the card step", () => {
  it("pays: checkout with a key, the card set up with the payer's name, confirmed, then the success page", async () => {
    const calls = api({
      "POST /api/payments/checkout": [json(created, 201)],
      "POST /api/payments/pay_1/confirm": [json({ paymentId: "pay_1", status: "succeeded", clientSecret: "pi_1_secret_a" })],
    });
    const { stripe } = fakeStripe();
    const { router } = render();
    expect(await screen.findByText(/You pay \$149\.00 now/)).toBeTruthy();
    fireEvent.click(await payButton());
    await waitFor(() => expect(router.state.location.pathname).toBe("/enrollnow/paid"));
    expect(router.state.location.search).toBe("?payment=pay_1&secret=pi_1_secret_a");
    expect(window.Stripe).toHaveBeenCalledWith("pk_test_1");
    const [checkout] = checkouts(calls);
    expect(checkout!.body).toEqual(order);
    expect(checkout!.key).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
    expect(stripe.confirmCardSetup).toHaveBeenCalledWith("seti_1_secret_a", {
      payment_method: { card: expect.anything(), billing_details: { name: "Emma Jones", email: "emma@example.com" } },
    });
    expect(confirms(calls).map((c) => c.body)).toEqual([{ clientSecret: "pi_1_secret_a" }]);
    expect(stripe.confirmCardPayment).not.toHaveBeenCalled();
  });

  it("says why a card was declined, keeps the step, and tries the next card on the fresh SetupIntent", async () => {
    const calls = api({
      "POST /api/payments/checkout": [json(created, 201)],
      "POST /api/payments/pay_1/confirm": [
        json({ paymentId: "pay_1", status: "failed", clientSecret: "pi_1_secret_a", message: "Your card has insufficient funds.", setupSecret: "seti_2_secret_b" }),
        json({ paymentId: "pay_1", status: "succeeded", clientSecret: "pi_1_secret_a" }),
      ],
    });
    const { stripe } = fakeStripe({ setup: [{ error: { type: "card_error", code: "card_declined", message: "Your card was declined." } }] });
    const { router } = render();

    fireEvent.click(await payButton());
    expect((await screen.findByRole("alert")).textContent).toBe("Your card was declined.");
    expect(confirms(calls)).toHaveLength(0);

    fireEvent.click(await payButton());
    expect((await screen.findByRole("alert")).textContent).toBe("Your card has insufficient funds.");
    expect(router.state.location.pathname).toBe("/enrollnow");

    fireEvent.click(await payButton());
    await waitFor(() => expect(router.state.location.pathname).toBe("/enrollnow/paid"));
    expect(stripe.confirmCardSetup.mock.calls.map((c) => c[0])).toEqual(["seti_1_secret_a", "seti_1_secret_a", "seti_2_secret_b"]);
    expect(checkouts(calls)).toHaveLength(1);
  });

  it("confirms 3-D Secure when the payment requires action, then asks our server again", async () => {
    const calls = api({
      "POST /api/payments/checkout": [json(created, 201)],
      "POST /api/payments/pay_1/confirm": [
        json({ paymentId: "pay_1", status: "requires_action", clientSecret: "pi_1_secret_a" }),
        json({ paymentId: "pay_1", status: "processing", clientSecret: "pi_1_secret_a" }),
      ],
    });
    const { stripe } = fakeStripe();
    const { router } = render();
    fireEvent.click(await payButton());
    await waitFor(() => expect(router.state.location.pathname).toBe("/enrollnow/paid"));
    expect(stripe.confirmCardPayment).toHaveBeenCalledWith("pi_1_secret_a");
    expect(confirms(calls)).toHaveLength(2);
  });

  it("says when 3-D Secure was not completed and the payment failed", async () => {
    api({
      "POST /api/payments/checkout": [json(created, 201)],
      "POST /api/payments/pay_1/confirm": [
        json({ paymentId: "pay_1", status: "requires_action", clientSecret: "pi_1_secret_a" }),
        json({ paymentId: "pay_1", status: "failed", clientSecret: "pi_1_secret_a", setupSecret: "seti_2_secret_b" }),
      ],
    });
    fakeStripe({ payment: [{ error: { type: "card_error", message: "We are unable to authenticate your payment method." } }] });
    const { router } = render();
    fireEvent.click(await payButton());
    expect((await screen.findByRole("alert")).textContent).toBe("We are unable to authenticate your payment method.");
    expect(router.state.location.pathname).toBe("/enrollnow");
  });

  it("says a network failure in words, and the retry is the same checkout (the same Idempotency-Key)", async () => {
    const calls = api({
      "POST /api/payments/checkout": [new TypeError("Failed to fetch"), json(created, 201)],
      "POST /api/payments/pay_1/confirm": [json({ paymentId: "pay_1", status: "succeeded", clientSecret: "pi_1_secret_a" })],
    });
    fakeStripe();
    const { router } = render();
    fireEvent.click(await payButton());
    expect((await screen.findByRole("alert")).textContent).toMatch(/could not reach our server.*not be charged twice/);
    fireEvent.click(await payButton());
    await waitFor(() => expect(router.state.location.pathname).toBe("/enrollnow/paid"));
    const [first, second] = checkouts(calls);
    expect(second!.key).toBe(first!.key);
  });

  it("a new key when the details change; a Stripe.js network failure keeps the checkout and its key", async () => {
    const calls = api({
      "POST /api/payments/checkout": [json(created, 201)],
      "POST /api/payments/pay_1/confirm": [json({ paymentId: "pay_1", status: "succeeded", clientSecret: "pi_1_secret_a" })],
    });
    fakeStripe({ setup: [{ error: new TypeError("Failed to fetch") }, { error: { type: "api_connection_error", message: "x" } }] });
    let details = order;
    render(() => details);
    fireEvent.click(await payButton());
    expect((await screen.findByRole("alert")).textContent).toMatch(/could not reach the card processor/);
    details = { ...order, email: "emma.jones@example.com" };
    fireEvent.click(await payButton());
    await screen.findByText(/could not reach the card processor/);
    await payButton();
    const [first, second] = checkouts(calls);
    expect(second!.key).not.toBe(first!.key);
    expect(second!.body).toEqual(details);
  });

  it("holds Pay while a payment is under way: a second click sends nothing", async () => {
    let answer: (r: Response) => void = () => undefined;
    const pending = new Promise<Response>((resolve) => (answer = resolve));
    const calls: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
      const path = String(input);
      calls.push(path);
      if (path === "/api/payments/options") return json(options);
      if (path === "/api/payments/checkout") return pending;
      return json({ paymentId: "pay_1", status: "succeeded", clientSecret: "pi_1_secret_a" });
    });
    fakeStripe();
    const { router } = render();
    const button = await payButton();
    fireEvent.click(button);
    const busy = await screen.findByRole("button", { name: "Processing payment…" });
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(busy);
    answer(json(created, 201));
    await waitFor(() => expect(router.state.location.pathname).toBe("/enrollnow/paid"));
    expect(calls.filter((p) => p === "/api/payments/checkout")).toHaveLength(1);
  });

  it("does nothing while the form's details do not pass", async () => {
    const calls = api({});
    fakeStripe();
    const readOrder = vi.fn(() => null);
    render(readOrder);
    fireEvent.click(await payButton());
    expect(readOrder).toHaveBeenCalled();
    expect(checkouts(calls)).toHaveLength(0);
  });

  it("shows the server's refusal (a full batch), and hands a 400's field reasons to the form", async () => {
    api({
      "POST /api/payments/checkout": [
        json({ message: "Check the form.", fields: { email: "must be an e-mail address" } }, 400),
        json({ message: "This batch is full." }, 409),
      ],
    });
    fakeStripe();
    const onFieldErrors = vi.fn();
    renderAt(<CardStep readOrder={() => order} monthlyCents={14900} months={4} onFieldErrors={onFieldErrors} />, "/enrollnow");
    fireEvent.click(await payButton());
    expect((await screen.findByRole("alert")).textContent).toBe("Check the form.");
    expect(onFieldErrors).toHaveBeenCalledWith({ email: "must be an e-mail address" });
    fireEvent.click(await payButton());
    await screen.findByText("This batch is full.");
    expect(onFieldErrors).toHaveBeenCalledTimes(1);
  });
});

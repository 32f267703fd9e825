// @vitest-isolate: the payment options are asked once per page (api/payments.ts), so this file starts on none.
// Billing on /lms: the plan, its next charge and its payments with receipts; "Cancel auto-renewal" asks first and
// then shows the plan as the server answers it; "Update card" sets the card up on the server's SetupIntent; a student
// without a plan sees nothing, a failed load says so with Try again.
import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { Suspense } from "react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json } from "#app/test/http";
import type { Billing as BillingAnswer, BillingPlan } from "#app/lib/payments-schema";
import { Billing, billingTexts, type BillingList } from "./Billing";

const plan: BillingPlan = {
  id: "plan_1",
  batchId: "b1",
  batchName: "MERN-10 Evening Batch",
  courseTitle: "MERN Stack Development",
  plan: "standard",
  amount: 14900,
  currency: "usd",
  months: 4,
  monthsPaid: 1,
  method: "card",
  autoRenew: true,
  status: "active",
  nextChargeAt: Date.UTC(2027, 0, 15, 12),
  card: { brand: "visa", last4: "4242" },
};

const billing: BillingAnswer = {
  plans: [plan],
  payments: [
    { id: "p1", planId: "plan_1", batchId: "b1", month: 1, amount: 14900, currency: "usd", method: "card", status: "paid", paidAt: Date.UTC(2026, 11, 15, 12), receiptUrl: "https://pay.stripe.com/receipts/r1", receiptPdf: "/api/me/billing/receipts/p1" },
  ],
};

async function show(list: BillingList, onRetry = vi.fn()) {
  await act(async () => {
    render(
      <Suspense fallback={<p>loading</p>}>
        <Billing list={Promise.resolve(list)} source={async () => "access-token"} onRetry={onRetry} />
      </Suspense>,
    );
  });
  return onRetry;
}

afterEach(() => {
  vi.restoreAllMocks();
  delete window.Stripe;
});

describe("Billing", () => {
  it("shows the plan, the card, the next charge and each payment with its receipt", async () => {
    await show({ kind: "ready", billing });
    const section = screen.getByTestId("billing");
    expect(within(section).getByRole("heading", { name: "MERN Stack Development: MERN-10 Evening Batch" })).toBeTruthy();
    expect(section.textContent).toContain("Standard plan, $149.00 a month: 1 of 4 months paid");
    expect(section.textContent).toContain("Visa ending 4242");
    expect(screen.getByTestId("next-charge").textContent).toBe("15 January 2027, $149.00");
    const receipt = screen.getByRole("link", { name: /Card receipt for month 1/ });
    expect(receipt.getAttribute("href")).toBe("https://pay.stripe.com/receipts/r1");
    expect(receipt.getAttribute("target")).toBe("_blank");
  });

  it("downloads our own receipt with the token, and says so when it cannot", async () => {
    const calls: string[] = [];
    let refuse = false;
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      calls.push(`${init?.method} ${String(input)} ${(init?.headers as Record<string, string>).authorization}`);
      if (refuse) return json({ error: "unavailable", message: "Try later." }, 503);
      return new Response("%PDF-1.7", {
        headers: { "content-type": "application/pdf", "content-disposition": 'attachment; filename="receipt-p1.pdf"' },
      });
    });
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => "blob:receipt");
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, "click").mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    await show({ kind: "ready", billing });
    fireEvent.click(screen.getByRole("button", { name: "Receipt (PDF) for month 1" }));
    await waitFor(() => expect(saved).toEqual(["receipt-p1.pdf"]));
    expect(calls).toEqual(["GET /api/me/billing/receipts/p1 Bearer access-token"]);
    expect(screen.queryByRole("alert")).toBeNull();

    refuse = true;
    fireEvent.click(screen.getByRole("button", { name: "Receipt (PDF) for month 1" }));
    expect((await screen.findByRole("alert")).textContent).toBe(billingTexts.receiptFailed);
  });

  it("cancels auto-renewal after asking, and shows the plan the server answers", async () => {
    const calls: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      calls.push(`${init?.method} ${String(input)} ${(init?.headers as Record<string, string>).authorization}`);
      return json({ ...plan, autoRenew: false, status: "cancelled" });
    });
    await show({ kind: "ready", billing });
    fireEvent.click(screen.getByRole("button", { name: "Cancel auto-renewal" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Cancel auto-renewal?" });
    expect(dialog.textContent).toContain("3 of 4 months are not paid yet");
    // Keeping it sends nothing.
    fireEvent.click(within(dialog).getByRole("button", { name: "Keep auto-renewal" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(calls).toEqual([]);

    fireEvent.click(screen.getByRole("button", { name: "Cancel auto-renewal" }));
    const again = await screen.findByRole("alertdialog");
    fireEvent.click(within(again).getByRole("button", { name: "Cancel auto-renewal" }));
    await screen.findByText("Auto-renewal cancelled.");
    expect(calls).toEqual(["POST /api/me/billing/plan_1/cancel Bearer access-token"]);
    expect(screen.getByTestId("next-charge").textContent).toBe("None");
    expect(screen.getByText(/Auto-renewal is off: no further months will be charged/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Cancel auto-renewal" })).toBeNull();
  });

  it("keeps the dialog open with the server's reason when the cancellation fails", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(json({ message: "This plan is already completed." }, 409));
    await show({ kind: "ready", billing });
    fireEvent.click(screen.getByRole("button", { name: "Cancel auto-renewal" }));
    const dialog = await screen.findByRole("alertdialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Cancel auto-renewal" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe("This plan is already completed.");
  });

  it("updates the card: the server's SetupIntent, the card confirmed on it, then put in use", async () => {
    const calls: string[] = [];
    vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
      const path = String(input);
      calls.push(`${init?.method} ${path}`);
      if (path === "/api/payments/options") return json({ card: { publishableKey: "pk_test_1", stripeJs: "https://js.stripe.com/v3/" }, howToPay: [], plans: [] });
      if (init?.method === "POST") return json({ setupSecret: "seti_9_secret_z" });
      return json({ ...plan, card: { brand: "mastercard", last4: "4444" } });
    });
    const confirmCardSetup = vi.fn(async () => ({}));
    window.Stripe = () => ({ elements: () => ({ create: () => ({ mount: () => undefined, destroy: () => undefined }) }), confirmCardSetup, confirmCardPayment: vi.fn() });
    await show({ kind: "ready", billing });
    fireEvent.click(screen.getByRole("button", { name: "Update card" }));
    const dialog = await screen.findByRole("dialog", { name: "Update card" });
    const save = (await within(dialog).findByRole("button", { name: "Save card" })) as HTMLButtonElement;
    await waitFor(() => expect(save.disabled).toBe(false));
    fireEvent.click(save);
    await screen.findByText("Card updated.");
    expect(confirmCardSetup).toHaveBeenCalledWith("seti_9_secret_z", { payment_method: { card: expect.anything() } });
    expect(calls).toEqual(["GET /api/payments/options", "POST /api/me/billing/plan_1/card", "PUT /api/me/billing/plan_1/card"]);
    expect(screen.getByTestId("billing").textContent).toContain("Mastercard ending 4444");
  });

  it("shows nothing to a student without a plan, 'No payments yet.' before the first, and a failure with Try again", async () => {
    await show({ kind: "ready", billing: { plans: [], payments: [] } });
    expect(screen.queryByTestId("billing")).toBeNull();
    expect(screen.queryByText("Billing")).toBeNull();
    await show({ kind: "ready", billing: { plans: [{ ...plan, monthsPaid: 0 }], payments: [] } });
    expect(screen.getByText("No payments yet.")).toBeTruthy();
    const onRetry = await show({ kind: "error" });
    expect(screen.getByRole("alert").textContent).toBe("Could not load your billing.");
    fireEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(onRetry).toHaveBeenCalled();
  });
});

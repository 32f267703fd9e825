// The success page asks again until the enrolment is made, then says what happens next; a failed payment, an unknown
// one and an incomplete link are told as such; a failed poll keeps asking.
import { screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json } from "#app/test/http";
import { renderAt } from "#app/test/render";
import type { PaymentStatus } from "#app/lib/payments-schema";
import { PaymentDone } from "./PaymentDone";

const status = (extra: Partial<PaymentStatus>): PaymentStatus => ({
  paymentId: "pay_1",
  status: "pending",
  enrolled: false,
  email: "emma@example.com",
  courseTitle: "MERN Stack Development",
  batchName: "MERN-10 Evening Batch",
  plan: "standard",
  amount: 14900,
  currency: "usd",
  months: 4,
  ...extra,
});

function answers(...list: (Response | Error)[]) {
  const paths: string[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => {
    paths.push(String(input));
    const next = list.length > 1 ? list.shift()! : list[0]!;
    if (next instanceof Error) throw next;
    return next.clone();
  });
  return paths;
}

const page = "/enrollnow/paid?payment=pay_1&secret=pi_1_secret_a";

afterEach(() => vi.restoreAllMocks());

describe("the success page", () => {
  it("polls with the payment's secret until enrolled, then says what happens next", async () => {
    const paths = answers(json(status({})), new TypeError("Failed to fetch"), json(status({ status: "paid" })), json(status({ status: "paid", enrolled: true })));
    renderAt(<PaymentDone pollMs={5} />, page);
    const done = await screen.findByTestId("payment-done");
    expect(done.textContent).toContain("You're enrolled. We've e-mailed your access to emma@example.com. Sign in with that e-mail at /lms to see your batch.");
    expect(done.textContent).toContain("$149.00 (month 1 of 4)");
    expect(screen.getByRole("link", { name: "Go to the learning portal" }).getAttribute("href")).toBe("/lms");
    expect(paths).toHaveLength(4);
    expect(paths[0]).toBe("/api/payments/pay_1?secret=pi_1_secret_a");
    // Enrolled: it stops asking.
    await new Promise((r) => setTimeout(r, 50));
    expect(paths).toHaveLength(4);
  });

  it("says the payment is received while the enrolment is being made", async () => {
    answers(json(status({ status: "paid" })));
    renderAt(<PaymentDone pollMs={60_000} />, page);
    expect(await screen.findByText("Payment received. We're setting up your enrolment…")).toBeTruthy();
    expect(screen.getByText("MERN-10 Evening Batch")).toBeTruthy();
  });

  it("says a failed payment with the server's words and the way back", async () => {
    answers(json(status({ status: "failed", message: "Your card was declined." })));
    renderAt(<PaymentDone pollMs={5} />, page);
    expect((await screen.findByRole("alert")).textContent).toContain("Your card was declined.");
    expect(screen.getByRole("link", { name: "Back to enrolment" }).getAttribute("href")).toBe("/enrollnow");
  });

  it("stops after its time and offers to check again", async () => {
    const paths = answers(json(status({})));
    renderAt(<PaymentDone pollMs={5} pollForMs={30} />, page);
    expect(await screen.findByText(/taking longer than usual/)).toBeTruthy();
    const asked = paths.length;
    screen.getByRole("button", { name: "Check again" }).click();
    await waitFor(() => expect(paths.length).toBeGreaterThan(asked));
  });

  it("an unknown payment and an incomplete link are told as such", async () => {
    answers(json({ message: "Not found" }, 404));
    const { unmount } = renderAt(<PaymentDone pollMs={5} />, page);
    expect((await screen.findByRole("alert")).textContent).toContain("We could not find this payment.");
    unmount();
    renderAt(<PaymentDone />, "/enrollnow/paid?payment=pay_1");
    expect((await screen.findByRole("alert")).textContent).toContain("This link is incomplete.");
  });
});

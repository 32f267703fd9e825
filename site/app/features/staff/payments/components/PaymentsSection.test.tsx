// The console's Payments: the list with its amounts per currency, links and filters sent to the API; Refund asks
// first, and past the window shows the server's 409 sentence with a reason field, then refunds with the reason; the
// manual payment form sends the amount in the smallest unit and shows the enrolment with its Secret ID; Export CSV
// asks for the filtered .csv; the ledger shows each month's standing.
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json } from "#app/test/http";
import { renderAt } from "#app/test/render";
import type { StaffBatch } from "#app/lib/api-schema";
import type { PaymentView } from "#app/lib/payments-schema";
import { TokenProvider } from "../../kit/api/token";
import { PaymentsSection } from "./PaymentsSection";
import { toMinorUnits } from "./ManualPaymentForm";

vi.mock("#app/components/Toasts", () => ({ showToast: vi.fn() }));
const putPart = vi.hoisted(() => vi.fn());
vi.mock("#app/lib/put-part", () => ({ putPart }));

const batchId = "665f1c2a9b3e4d0012a1c00c";
const batches: StaffBatch[] = [
  {
    batch: {
      _id: batchId,
      courseId: "665f1c2a9b3e4d0012a1b004",
      name: "CS-04 Weekend Batch",
      mode: "Online",
      schedule: "Sat-Sun",
      timing: "10:00 AM",
      instructor: "A. Khan",
      startDate: "2027-01-09",
      endDate: "2027-03-28",
      price: "",
      seats: 30,
      enrolled: 4,
      description: "",
    },
    courseTitle: "Cyber Security",
    enrolled: 4,
    active: 4,
  },
];

const now = Date.now();
const payment = (extra: Partial<PaymentView> = {}): PaymentView => ({
  id: "pay_1",
  planId: "plan_1",
  email: "emma@example.com",
  name: "Emma Jones",
  batchId,
  batchName: "CS-04 Weekend Batch",
  courseTitle: "Cyber Security",
  plan: "standard",
  month: 1,
  months: 3,
  method: "card",
  amount: 14900,
  currency: "usd",
  status: "paid",
  createdAt: now - 3600_000,
  paidOn: "2026-12-01",
  reference: null,
  stripeUrl: "https://dashboard.stripe.com/payments/pi_1",
  receiptUrl: "https://pay.stripe.com/receipts/r1",
  refundableUntil: now + 2 * 86_400_000,
  refundedAt: null,
  refundReason: null,
  ...extra,
});

type Call = { method: string; path: string; body: unknown };
type Route = (method: string, path: string, body: unknown) => Response | undefined;

function api(route: Route) {
  const calls: Call[] = [];
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input, init) => {
    const method = init?.method ?? "GET";
    const path = String(input);
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    calls.push({ method, path, body });
    return route(method, path, body) ?? json({ message: `no route for ${method} ${path}` }, 404);
  });
  return calls;
}

function render(url = "/staff?section=payments", onEnrolled = vi.fn()) {
  renderAt(
    <TokenProvider value={async () => "access-token"}>
      <PaymentsSection batches={batches} onEnrolled={onEnrolled} />
    </TokenProvider>,
    url,
  );
  return onEnrolled;
}

afterEach(() => vi.restoreAllMocks());

describe("the console's Payments", () => {
  it("lists card and manual payments with amounts per currency, Stripe and receipt links, and sends the URL's filters", async () => {
    const calls = api((method, path) =>
      path.startsWith("/api/staff/payments?") || path === "/api/staff/payments"
        ? json({
            items: [
              payment(),
              payment({ id: "pay_2", name: "Bilal Ahmed", email: "bilal@example.pk", method: "bank", currency: "pkr", amount: 2_500_000, reference: "TX-889", stripeUrl: null, receiptUrl: null, plan: "custom" }),
            ],
            nextCursor: null,
          })
        : undefined,
    );
    render(`/staff?section=payments&status=paid&method=card&batch=${batchId}&q=emma`);
    const table = await screen.findByRole("table");
    const rows = within(table).getAllByRole("row");
    expect(rows).toHaveLength(3);
    expect(rows[1]!.textContent).toContain("$149.00");
    expect(rows[1]!.textContent).toContain("Standard, month 1 of 3");
    expect(rows[2]!.textContent).toContain("PKR 25,000");
    expect(rows[2]!.textContent).toContain("Bank transfer");
    expect(rows[2]!.textContent).toContain("TX-889");
    expect(within(rows[1]!).getByRole("link", { name: /^Stripe/ }).getAttribute("href")).toBe("https://dashboard.stripe.com/payments/pi_1");
    expect(within(rows[2]!).queryByRole("link")).toBeNull();
    expect(calls[0]!.path).toBe(`/api/staff/payments?status=paid&method=card&batch=${batchId}&q=emma`);
    expect((screen.getByLabelText("Status") as HTMLSelectElement).value).toBe("paid");
  });

  it("refunds within the window after a confirmation, and the row shows the refund", async () => {
    const calls = api((method, path) => {
      if (method === "POST" && path === "/api/staff/payments/pay_1/refund") return json(payment({ status: "refunded", refundedAt: now }));
      return json({ items: [payment()], nextCursor: null });
    });
    const onEnrolled = render();
    fireEvent.click(await screen.findByRole("button", { name: "Refund $149.00 to Emma Jones" }));
    const dialog = await screen.findByRole("alertdialog", { name: "Refund $149.00?" });
    expect(within(dialog).queryByLabelText("Reason for the refund")).toBeNull();
    fireEvent.click(within(dialog).getByRole("button", { name: "Refund" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(calls.filter((c) => c.method === "POST")).toEqual([{ method: "POST", path: "/api/staff/payments/pay_1/refund", body: {} }]);
    expect(within(screen.getByRole("table")).getByText("Refunded")).toBeTruthy();
    expect(screen.queryByRole("button", { name: /^Refund/ })).toBeNull();
    expect(onEnrolled).toHaveBeenCalled();
  });

  it("past the window: the server's 409 sentence and a reason field, then the refund carries the reason", async () => {
    const sentence = "The 3-day refund window ended on 28 Nov 2026: give a reason to refund anyway.";
    const calls = api((method, path, body) => {
      if (method === "POST" && path === "/api/staff/payments/pay_1/refund") {
        const reason = (body as { reason?: string }).reason;
        return reason ? json(payment({ status: "refunded", refundedAt: now, refundReason: reason })) : json({ error: "conflict", message: sentence }, 409);
      }
      return json({ items: [payment()], nextCursor: null });
    });
    render();
    fireEvent.click(await screen.findByRole("button", { name: /^Refund \$149\.00/ }));
    const dialog = await screen.findByRole("alertdialog");
    fireEvent.click(within(dialog).getByRole("button", { name: "Refund" }));
    expect((await within(dialog).findByRole("alert")).textContent).toBe(sentence);
    const reason = within(dialog).getByLabelText("Reason for the refund");
    // An empty reason is not sent.
    fireEvent.click(within(dialog).getByRole("button", { name: "Refund" }));
    expect(await within(dialog).findByText("Give the reason: the window has ended.")).toBeTruthy();
    expect(calls.filter((c) => c.method === "POST")).toHaveLength(1);
    fireEvent.change(reason, { target: { value: "Course cancelled for health reasons" } });
    fireEvent.click(within(dialog).getByRole("button", { name: "Refund" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).toBeNull());
    expect(calls.filter((c) => c.method === "POST").map((c) => c.body)).toEqual([{}, { reason: "Course cancelled for health reasons" }]);
    expect(screen.getByText("Course cancelled for health reasons")).toBeTruthy();
  });

  it("asks the reason at once for a payment already past its window", async () => {
    api(() => json({ items: [payment({ refundableUntil: now - 86_400_000 })], nextCursor: null }));
    render();
    fireEvent.click(await screen.findByRole("button", { name: /^Refund \$149\.00/ }));
    const dialog = await screen.findByRole("alertdialog");
    expect(within(dialog).getByLabelText("Reason for the refund")).toBeTruthy();
    expect(dialog.textContent).toContain("it ended");
  });

  it("records a manual payment in the smallest unit and shows the enrolment with its Secret ID", async () => {
    const recorded = payment({ id: "pay_9", method: "bank", currency: "pkr", amount: 2_500_050, reference: "TX-42", stripeUrl: null, receiptUrl: null, email: "new@example.pk", name: "Sara Malik" });
    const enrolment = {
      id: `${batchId}abcdef0123456789`,
      batchId,
      name: "Sara Malik",
      email: "new@example.pk",
      status: "active" as const,
      enrolledAt: 1_764_000_000,
      enrolledBy: "staff@example.com",
      welcome: "sent",
      accountLinked: false,
      lecturesWatched: 0,
      lecturesTotal: 0,
    };
    const calls = api((method, path) => {
      if (method === "POST" && path === "/api/staff/payments/manual") return json({ payment: recorded, enrolment, secretId: "ABCD-EFGH-JKMN" }, 201);
      return json({ items: [], nextCursor: null });
    });
    const onEnrolled = render();
    await screen.findByText(/^No payments yet\./);
    fireEvent.click(screen.getByRole("button", { name: "Record a manual payment" }));
    const form = screen.getByRole("form", { name: "Record a manual payment" });
    const field = (name: RegExp | string) => within(form).getByLabelText(name);
    fireEvent.change(field("Student's e-mail"), { target: { value: "new@example.pk" } });
    fireEvent.change(field("First name"), { target: { value: "Sara" } });
    fireEvent.change(field("Last name"), { target: { value: "Malik" } });
    fireEvent.change(field("Batch"), { target: { value: batchId } });
    fireEvent.change(field(/^Amount/), { target: { value: "25,000.50" } });
    expect(form.textContent).toContain("Recorded as PKR 25,000.50");
    fireEvent.change(field(/^Reference/), { target: { value: "TX-42" } });
    fireEvent.change(field("Paid on"), { target: { value: "2026-11-30" } });
    fireEvent.submit(form);
    const shown = await screen.findByTestId("manual-recorded");
    expect(shown.textContent).toContain("Bank transfer payment of PKR 25,000.50 recorded.");
    expect(shown.textContent).toContain("Sara Malik is enrolled in CS-04 Weekend Batch.");
    expect(shown.querySelector("[data-secret-id]")?.textContent).toBe("ABCD-EFGH-JKMN");
    expect(calls.find((c) => c.method === "POST")!.body).toEqual({
      email: "new@example.pk",
      firstName: "Sara",
      lastName: "Malik",
      batchId,
      amount: 2_500_050,
      currency: "pkr",
      method: "bank",
      reference: "TX-42",
      paidOn: "2026-11-30",
    });
    expect(onEnrolled).toHaveBeenCalled();
  });

  it("attaches the payer's receipt file: refused types at once, then sent in parts and its id sent with the payment", async () => {
    putPart.mockImplementation(async (_url: string, body: Blob, { onProgress }: { onProgress: (n: number) => void }) => {
      onProgress(body.size);
      return '"etag-1"';
    });
    const recorded = payment({ id: "pay_r", method: "bank", currency: "pkr", amount: 2_500_000, reference: "HBL-1", stripeUrl: null, receiptUrl: null, receiptFile: "slip.png" });
    const receiptId = "665f1c2a9b3e4d0012a1f001";
    const calls = api((method, path) => {
      if (method === "POST" && path === "/api/staff/payments/receipts")
        return json({ fileId: receiptId, partSize: 65536, parts: [{ number: 1, url: "/upload/u1/1?sig=x" }] }, 201);
      if (method === "POST" && path === `/api/staff/payments/receipts/${receiptId}/complete`)
        return json({ id: receiptId, fileName: "slip.png", size: 5, contentType: "image/png" });
      if (method === "POST" && path === "/api/staff/payments/manual") return json({ payment: recorded, enrolment: null, secretId: null }, 201);
      if (method === "GET" && path === "/api/staff/payments/pay_r/receipt") return json({ fileName: "slip.png", contentType: "image/png", url: "/download/payment-receipts/x?sig=y" });
      return json({ items: [], nextCursor: null });
    });
    render();
    fireEvent.click(await screen.findByRole("button", { name: "Record a manual payment" }));
    const form = screen.getByRole("form", { name: "Record a manual payment" });
    const chooser = within(form).getByTestId("receipt-input");
    fireEvent.change(chooser, { target: { files: [new File(["<html>"], "slip.html", { type: "text/html" })] } });
    expect((await within(form).findByRole("alert")).textContent).toBe("“slip.html” is not a PDF or an image (PNG, JPEG, GIF or WebP).");
    expect(calls.filter((c) => c.path.includes("/receipts"))).toEqual([]);
    fireEvent.change(chooser, { target: { files: [new File(["12345"], "slip.png", { type: "image/png" })] } });
    expect(await within(form).findByText("Attached: slip.png")).toBeTruthy();
    expect(calls.find((c) => c.path === "/api/staff/payments/receipts")!.body).toEqual({ fileName: "slip.png", size: 5, contentType: "image/png" });
    expect(calls.find((c) => c.path.endsWith("/complete"))!.body).toEqual({ parts: [{ number: 1, etag: '"etag-1"' }] });
    fireEvent.change(within(form).getByLabelText("Student's e-mail"), { target: { value: "hina@example.pk" } });
    fireEvent.change(within(form).getByLabelText("First name"), { target: { value: "Hina" } });
    fireEvent.change(within(form).getByLabelText("Last name"), { target: { value: "Raza" } });
    fireEvent.change(within(form).getByLabelText("Batch"), { target: { value: batchId } });
    fireEvent.change(within(form).getByLabelText(/^Amount/), { target: { value: "25000" } });
    fireEvent.change(within(form).getByLabelText(/^Reference/), { target: { value: "HBL-1" } });
    fireEvent.submit(form);
    await screen.findByTestId("manual-recorded");
    expect(calls.find((c) => c.path === "/api/staff/payments/manual")!.body).toMatchObject({ reference: "HBL-1", receiptId });
  });

  it("shows the server's field reasons on the manual form and keeps it", async () => {
    api((method) => (method === "POST" ? json({ message: "Check the form.", fields: { reference: "is required" } }, 400) : json({ items: [], nextCursor: null })));
    render();
    fireEvent.click(await screen.findByRole("button", { name: "Record a manual payment" }));
    const form = screen.getByRole("form", { name: "Record a manual payment" });
    fireEvent.change(within(form).getByLabelText("Batch"), { target: { value: batchId } });
    fireEvent.change(within(form).getByLabelText(/^Amount/), { target: { value: "149" } });
    fireEvent.submit(form);
    expect(await within(form).findByText("Reference is required")).toBeTruthy();
    expect((within(form).getByLabelText(/^Amount/) as HTMLInputElement).value).toBe("149");
  });

  it("a student's ledger by month", async () => {
    const calls = api((method, path) => {
      if (path.startsWith("/api/staff/payments/ledger")) {
        return json({
          email: "emma@example.com",
          plans: [
            {
              planId: "plan_1",
              batchId,
              batchName: "CS-04 Weekend Batch",
              plan: "standard",
              method: "card",
              status: "overdue",
              months: [
                { month: 1, dueOn: "2026-12-01", status: "paid", paymentId: "pay_1", amount: 14900 },
                { month: 2, dueOn: "2027-01-01", status: "overdue", paymentId: null, amount: 14900 },
                { month: 3, dueOn: "2027-02-01", status: "upcoming", paymentId: null, amount: 14900 },
              ],
            },
          ],
        });
      }
      return json({ items: [payment()], nextCursor: null });
    });
    render();
    fireEvent.click(await screen.findByRole("button", { name: "Ledger of Emma Jones" }));
    const ledger = await screen.findByTestId("ledger");
    await within(ledger).findByText("Overdue");
    const rows = within(ledger).getAllByRole("row");
    expect(rows.map((r) => r.textContent)).toEqual(["MonthDue onStatusAmount", "Month 12026-12-01Paid$149.00", "Month 22027-01-01Overdue$149.00", "Month 32027-02-01Upcoming$149.00"]);
    expect(calls.some((c) => c.path === "/api/staff/payments/ledger?email=emma%40example.com")).toBe(true);
  });

  it("exports the filtered list as CSV", async () => {
    const calls = api((method, path) =>
      path.startsWith("/api/staff/payments.csv")
        ? new Response("a,b\n", { headers: { "content-type": "text/csv", "content-disposition": 'attachment; filename="payments-2026-12-01.csv"' } })
        : json({ items: [], nextCursor: null }),
    );
    URL.createObjectURL = vi.fn(() => "blob:x");
    URL.revokeObjectURL = vi.fn();
    render("/staff?section=payments&method=bank");
    await screen.findByText("No payments match these filters.");
    fireEvent.click(screen.getByRole("button", { name: "Export CSV" }));
    await waitFor(() => expect(calls.some((c) => c.path === "/api/staff/payments.csv?method=bank")).toBe(true));
  });
});

describe("amounts typed by staff", () => {
  it("are read in dollars or rupees and sent in the smallest unit", () => {
    expect(toMinorUnits("149")).toBe(14900);
    expect(toMinorUnits("25,000")).toBe(2_500_000);
    expect(toMinorUnits("0.5")).toBe(50);
    expect(toMinorUnits("0")).toBeNull();
    expect(toMinorUnits("1.234")).toBeNull();
    expect(toMinorUnits("abc")).toBeNull();
  });
});

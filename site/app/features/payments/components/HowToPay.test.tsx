// @vitest-isolate: the payment options are asked once per page (api/payments.ts), so this file starts on none.
// "How to pay" beside the simple form: the options' manual methods with their lines, and nothing when they fail.
import { render, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json } from "#app/test/http";
import { HowToPay } from "./HowToPay";

afterEach(() => vi.restoreAllMocks());

describe("How to pay", () => {
  it("shows nothing when the options fail", async () => {
    const fetchMock = vi.spyOn(globalThis, "fetch").mockResolvedValue(json({ message: "down" }, 503));
    const { container } = render(<HowToPay />);
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalled());
    await new Promise((r) => setTimeout(r, 20));
    expect(container.innerHTML).toBe("");
  });

  it("lists the bank account, JazzCash and Easypaisa with their lines", async () => {
    vi.spyOn(globalThis, "fetch").mockResolvedValue(
      json({
        card: null,
        howToPay: [
          { method: "bank", title: "Bank transfer", lines: ["Account title: Skyline Tech Academy", "IBAN: PK00 TEST 0000 0000 0000 0000"] },
          { method: "jazzcash", title: "JazzCash", lines: ["Number: 0300 0000000"] },
          { method: "easypaisa", title: "Easypaisa", lines: ["Number: 0345 0000000"] },
        ],
        plans: [],
      }),
    );
    render(<HowToPay />);
    const panel = await screen.findByRole("region", { name: "How to pay" });
    const methods = within(panel).getAllByRole("heading", { level: 4 }).map((h) => h.textContent);
    expect(methods).toEqual(["Bank transfer", "JazzCash", "Easypaisa"]);
    expect(within(panel).getByText("IBAN: PK00 TEST 0000 0000 0000 0000")).toBeTruthy();
  });
});

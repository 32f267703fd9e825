import { describe, expect, it } from "vitest";
import { formatMoney } from "./money";

describe("formatMoney", () => {
  it("writes cents as dollars and paisa as rupees, whole rupees without paisa", () => {
    expect(formatMoney(14900, "usd")).toBe("$149.00");
    expect(formatMoney(59600, "usd")).toBe("$596.00");
    expect(formatMoney(2_500_000, "pkr")).toBe("PKR 25,000");
    expect(formatMoney(2_500_050, "pkr")).toBe("PKR 25,000.50");
  });
});

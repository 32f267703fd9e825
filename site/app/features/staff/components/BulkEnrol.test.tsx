import { fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { BulkAnswer } from "#app/lib/api-schema";
import { TokenProvider } from "../kit/api/token";
import { bulkSummary, outcomeText } from "../bulk";
import { BulkEnrol, BulkResults } from "./BulkEnrol";

vi.mock("#app/components/Toasts", () => ({ showToast: vi.fn() }));

const answer: BulkAnswer = {
  results: [
    { line: 2, name: "Khan, Ayesha", email: "ayesha@example.com", outcome: "enrolled", enrolmentId: "e1" },
    { line: 3, name: "Bilal", email: "bilal@example.com", outcome: "already_enrolled", reason: "Already enrolled in this batch." },
    { line: 5, name: "only-one-column", email: "", outcome: "invalid", reason: "Expected 2 columns (name,email), found 1." },
  ],
  enrolled: 1,
  alreadyEnrolled: 1,
  invalid: 1,
};

describe("bulk enrolment outcome", () => {
  it("summarises the counts, leaving zeros out", () => {
    expect(bulkSummary(answer)).toBe("1 enrolled, 1 already enrolled, 1 invalid line.");
    expect(bulkSummary({ enrolled: 12, alreadyEnrolled: 0, invalid: 2 })).toBe("12 enrolled, 2 invalid lines.");
    expect(bulkSummary({ enrolled: 0, alreadyEnrolled: 0, invalid: 0 })).toBe("Nothing to enrol: the list has no lines.");
    expect(outcomeText(answer.results[2]!)).toBe("Invalid: Expected 2 columns (name,email), found 1.");
    expect(outcomeText({ ...answer.results[2]!, reason: null })).toBe("Invalid");
  });

  it("shows one row per line with its line number, name, e-mail and outcome", () => {
    render(<BulkResults answer={answer} />);
    expect(screen.getByRole("status").textContent).toBe("1 enrolled, 1 already enrolled, 1 invalid line.");
    const table = screen.getByRole("table", { name: "Outcome of each line" });
    const rows = within(table).getAllByRole("row").slice(1).map((r) => within(r).getAllByRole("cell").map((c) => c.textContent));
    expect(rows).toEqual([
      ["2", "Khan, Ayesha", "ayesha@example.com", "Enrolled"],
      ["3", "Bilal", "bilal@example.com", "Already enrolled"],
      ["5", "only-one-column", "—", "Invalid: Expected 2 columns (name,email), found 1."],
    ]);
  });

  it("sends the pasted text as it is, with the access end date, and shows the answer", async () => {
    const fetchMock = vi.spyOn(globalThis, "fetch").mockImplementation(async () => new Response(JSON.stringify(answer), { status: 200 }));
    const onEnrolled = vi.fn();
    render(
      <TokenProvider value={async () => "staff-token"}>
        <BulkEnrol batchId="665f1c2a9b3e4d0012a1c002" onEnrolled={onEnrolled} />
      </TokenProvider>,
    );
    const pasted = '"Khan, Ayesha",ayesha@example.com\nBilal,bilal@example.com\n\nonly-one-column';
    fireEvent.change(screen.getByLabelText("Students, one per line: name,email"), { target: { value: pasted } });
    fireEvent.change(screen.getByLabelText(/Access until/), { target: { value: "2099-12-31" } });
    fireEvent.click(screen.getByRole("button", { name: "Enrol list" }));
    await screen.findByRole("table", { name: "Outcome of each line" });
    const [url, init] = fetchMock.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe("/api/staff/batches/665f1c2a9b3e4d0012a1c002/enrolments/bulk");
    expect(JSON.parse(init.body as string)).toEqual({ csv: pasted, accessUntil: "2099-12-31" });
    expect((init.headers as Record<string, string>).authorization).toBe("Bearer staff-token");
    expect(onEnrolled).toHaveBeenCalledOnce();
    fetchMock.mockRestore();
  });
});

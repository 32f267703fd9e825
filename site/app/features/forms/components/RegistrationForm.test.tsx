// The plan form: a course's batches still taking students (ended and full ones left out, soonest first), then
// 'Proceed to Payment' hands the card step the details as the checkout takes them; without a batch it asks for one.
import { fireEvent, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { plans } from "#app/content/plans";
import type { Batch } from "#app/lib/api-schema";
import { renderAt } from "#app/test/render";
import type { PaymentStep } from "./RegistrationForm";
import { RegistrationForm } from "./RegistrationForm";
import { batchChoiceLabel, openBatches } from "./batch-choice";

const showToast = vi.hoisted(() => vi.fn());
vi.mock("#app/components/Toasts", () => ({ showToast }));

const courses = [
  { id: "665f1c2a9b3e4d0012a1b001", title: "MERN Stack Development", slug: "mern-full-stack-development", duration: "4 Months", path: "/MernStackPage", planMonths: 4 },
];

const batch = (id: string, startDate: string, seats: number, enrolled: number, endDate = "2099-01-01"): Batch => ({
  _id: id,
  courseId: courses[0]!.id,
  name: `MERN-${id}`,
  mode: "Online",
  schedule: "Mon-Fri",
  timing: "7:00 PM",
  instructor: "A",
  startDate,
  endDate,
  price: "",
  seats,
  enrolled,
  description: "",
});

const batches = [
  batch("20", "2099-03-01", 30, 2),
  batch("09", "2020-10-06", 40, 18, "2099-12-31"),
  batch("07", "2026-01-12", 30, 20, "2026-05-01"),
  batch("19", "2099-02-01", 25, 25),
  batch("18", "2099-01-15", 25, 24),
];

afterEach(() => vi.restoreAllMocks());

describe("the plan form's batches", () => {
  it("offers the batches not ended with a seat left, under way ones too, soonest first", () => {
    expect(openBatches(batches, new Date("2026-12-01T10:00:00Z")).map((b) => b._id)).toEqual(["09", "18", "20"]);
  });

  it("names a batch under way as started, one ahead as starting", () => {
    const now = new Date("2026-12-01T10:00:00Z");
    expect(batchChoiceLabel(batches[1]!, now)).toBe("MERN-09: started 2020-10-06, 7:00 PM (22 seats left)");
    expect(batchChoiceLabel(batches[4]!, now)).toBe("MERN-18: starts 2099-01-15, 7:00 PM (1 seat left)");
  });
});

describe("the plan form", () => {
  it("hands the card step the checkout's details once a batch, a plan and the fields are given", async () => {
    const loadBatches = vi.fn(async () => batches);
    const steps: PaymentStep[] = [];
    renderAt(
      <RegistrationForm
        courses={courses}
        plans={plans}
        highlightLabel="Most Popular"
        initialCourse="MERN Stack Development"
        initialPlan="standard"
        loadBatches={loadBatches}
        payment={(step) => {
          steps.push(step);
          return <p>card step</p>;
        }}
      />,
    );
    const select = (await screen.findByLabelText(/^Batch/)) as HTMLSelectElement;
    expect(loadBatches).toHaveBeenCalledWith("665f1c2a9b3e4d0012a1b001");
    expect([...select.options].map((o) => o.textContent)).toEqual([
      "Select a batch",
      "MERN-09: started 2020-10-06, 7:00 PM (22 seats left)",
      "MERN-18: starts 2099-01-15, 7:00 PM (1 seat left)",
      "MERN-20: starts 2099-03-01, 7:00 PM (28 seats left)",
    ]);
    fireEvent.change(screen.getByLabelText(/^First name/), { target: { value: "Emma" } });
    fireEvent.change(screen.getByLabelText(/^Last name/), { target: { value: "Jones" } });
    fireEvent.change(screen.getByLabelText(/^E-mail/), { target: { value: "emma@example.com" } });
    fireEvent.change(screen.getByLabelText(/^Phone/), { target: { value: "+44 7700 900123" } });

    fireEvent.click(screen.getByRole("button", { name: "Proceed to Payment" }));
    expect(showToast).toHaveBeenCalledTimes(1);
    expect(screen.queryByText("card step")).toBeNull();

    fireEvent.change(select, { target: { value: "20" } });
    fireEvent.click(screen.getByRole("button", { name: "Proceed to Payment" }));
    await screen.findByText("card step");
    const step = steps.at(-1)!;
    expect([step.monthlyCents, step.months]).toEqual([14900, 4]);
    expect(step.readOrder()).toEqual({
      courseId: "665f1c2a9b3e4d0012a1b001",
      batchId: "20",
      plan: "standard",
      firstName: "Emma",
      lastName: "Jones",
      email: "emma@example.com",
      phone: "+44 7700 900123",
    });
    // The server's reasons for fields show beside them.
    step.onFieldErrors({ email: "must be an e-mail address" });
    await waitFor(() => expect(screen.getByText("E-mail must be an e-mail address.")).toBeTruthy());
  });

  it("says when no batch of the course takes students", async () => {
    renderAt(
      <RegistrationForm
        courses={courses}
        plans={plans}
        highlightLabel="Most Popular"
        initialCourse="MERN Stack Development"
        loadBatches={async () => [batch("09", "2020-10-06", 40, 18, "2021-01-23"), batch("10", "2099-01-01", 20, 20)]}
        payment={() => null}
      />,
    );
    expect(await screen.findByText(/No batch of this course is taking students right now/)).toBeTruthy();
    expect(screen.queryByLabelText(/^Batch/)).toBeNull();
  });
});

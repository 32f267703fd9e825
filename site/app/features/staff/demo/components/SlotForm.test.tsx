// Publishing a demo slot: the start typed in Karachi time shows the UK time beside it (across the UK's clock change)
// and goes to the API in UTC; an edit sends only what changed.
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { SlotForm, ukTimeOf } from "./SlotForm";

describe("the UK time beside the Karachi time", () => {
  it("follows the UK's clock changes while Karachi stays at UTC+5", () => {
    expect(ukTimeOf("2026-03-28T19:00")).toBe("Sat, 28 Mar 2026, 2:00 PM UK time");
    expect(ukTimeOf("2026-03-29T19:00")).toBe("Sun, 29 Mar 2026, 3:00 PM UK time");
    expect(ukTimeOf("2026-10-24T19:00")).toBe("Sat, 24 Oct 2026, 3:00 PM UK time");
    expect(ukTimeOf("2026-10-25T19:00")).toBe("Sun, 25 Oct 2026, 2:00 PM UK time");
    expect(ukTimeOf("2026-10-26T00:30")).toBe("Sun, 25 Oct 2026, 7:30 PM UK time");
    expect(ukTimeOf("")).toBeNull();
  });
});

describe("SlotForm", () => {
  it("publishes in UTC with the weekly repeats", async () => {
    const onSubmit = vi.fn(async () => undefined);
    render(<SlotForm onSubmit={onSubmit} onCancel={() => undefined} />);
    fireEvent.change(screen.getByLabelText("Starts (Pakistan time)"), { target: { value: "2026-03-29T19:00" } });
    expect(screen.getByTestId("uk-time").textContent).toBe("In the UK: Sun, 29 Mar 2026, 3:00 PM UK time");
    fireEvent.change(screen.getByLabelText(/^Seats/), { target: { value: "3" } });
    fireEvent.change(screen.getByLabelText(/^Meeting link/), { target: { value: "https://meet.example.com/x" } });
    fireEvent.change(screen.getByLabelText(/^Repeat weekly/), { target: { value: "4" } });
    fireEvent.submit(screen.getByRole("form", { name: "Publish a demo slot" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit).toHaveBeenCalledWith({ startsAt: "2026-03-29T14:00:00Z", minutes: 45, seats: 3, meetingUrl: "https://meet.example.com/x", repeatWeeks: 4 });
  });

  it("sends only the changed fields of an edit", async () => {
    const onSubmit = vi.fn(async () => undefined);
    const slot = {
      id: "a".repeat(24),
      startsAt: "2026-10-25T19:00:00Z",
      minutes: 45,
      seatsLeft: 1,
      courseId: null,
      seats: 3,
      booked: 2,
      meetingUrl: "https://meet.example.com/x",
      cancelled: false,
    };
    render(<SlotForm slot={slot} onSubmit={onSubmit} onCancel={() => undefined} />);
    expect((screen.getByLabelText("Starts (Pakistan time)") as HTMLInputElement).value).toBe("2026-10-26T00:00");
    fireEvent.change(screen.getByLabelText(/^Seats/), { target: { value: "5" } });
    fireEvent.submit(screen.getByRole("form", { name: "Change the demo slot" }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ seats: 5 }));
  });
});

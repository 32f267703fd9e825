// The timetable editor: Pakistan's zone by default, slots added and removed, what is sent, what is refused before
// anything is sent, and the API's refusal shown.
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ApiError } from "#app/lib/api-client";
import { slotProblem, TimetableEditor } from "./TimetableEditor";

const term = { startDate: "2026-11-03", endDate: "2027-01-23" };

describe("TimetableEditor", () => {
  it("starts in Asia/Karachi with one slot, and sends the zone, the slots and the link", async () => {
    const onSave = vi.fn(async () => undefined);
    render(<TimetableEditor timetable={null} term={term} onSave={onSave} />);
    expect((screen.getByLabelText("Time zone") as HTMLSelectElement).value).toBe("Asia/Karachi");
    expect(screen.getByText(/The term runs from 2026-11-03 to 2027-01-23/)).toBeTruthy();
    fireEvent.change(screen.getByLabelText("Weekday of slot 1"), { target: { value: "tue" } });
    fireEvent.change(screen.getByLabelText("Starts (slot 1)"), { target: { value: "21:00" } });
    fireEvent.click(screen.getByRole("button", { name: "Add a slot" }));
    fireEvent.change(screen.getByLabelText("Weekday of slot 2"), { target: { value: "thu" } });
    fireEvent.change(screen.getByLabelText("Minutes (slot 2)"), { target: { value: "90" } });
    fireEvent.change(screen.getByLabelText(/^Batch meeting link/), { target: { value: " https://meet.example.com/x " } });
    fireEvent.change(screen.getByLabelText(/^Meeting link of this slot \(slot 2\)/), { target: { value: "https://meet.example.com/thursday" } });
    fireEvent.click(screen.getByRole("button", { name: "Save timetable" }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave).toHaveBeenCalledWith({
      timeZone: "Asia/Karachi",
      slots: [
        { weekday: "tue", start: "21:00", minutes: 120 },
        { weekday: "thu", start: "21:00", minutes: 90, meetingUrl: "https://meet.example.com/thursday" },
      ],
      meetingUrl: "https://meet.example.com/x",
    });
  });

  it("shows a saved timetable, and removes a slot", async () => {
    const onSave = vi.fn(async () => undefined);
    const timetable = {
      timeZone: "Europe/London",
      slots: [
        { weekday: "mon" as const, start: "18:30", minutes: 60 },
        { weekday: "wed" as const, start: "18:30", minutes: 60 },
      ],
      meetingUrl: "https://meet.example.com/y",
      termStart: "2026-11-03",
      termEnd: "2027-01-23",
      schedule: "Mon, Wed",
      timing: "6:30 PM – 7:30 PM UK time",
      updatedAt: "2026-11-28T12:00:00Z",
      updatedBy: "staff@example.com",
    };
    render(<TimetableEditor timetable={timetable} term={term} onSave={onSave} />);
    expect((screen.getByLabelText("Time zone") as HTMLSelectElement).value).toBe("Europe/London");
    expect(screen.getByText("Weekly slots (times in UK time)")).toBeTruthy();
    expect(screen.getByTestId("public-schedule").textContent).toBe("The public batch card says: Mon, Wed · 6:30 PM – 7:30 PM UK time");
    fireEvent.click(screen.getByRole("button", { name: "Remove slot 1" }));
    fireEvent.click(screen.getByRole("button", { name: "Save timetable" }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave).toHaveBeenCalledWith({ timeZone: "Europe/London", meetingUrl: "https://meet.example.com/y", slots: [{ weekday: "wed", start: "18:30", minutes: 60 }] });
  });

  it("refuses a slot without a start, or two slots at the same time, before sending", async () => {
    expect(slotProblem([])).toBe("Add at least one weekly slot.");
    expect(slotProblem([{ weekday: "mon", start: "", minutes: 60 }])).toBe("Slot 1: give the start as HH:MM.");
    expect(slotProblem([{ weekday: "mon", start: "19:00", minutes: 5 }])).toBe("Slot 1: the length is 15–300 minutes.");
    expect(
      slotProblem([
        { weekday: "mon", start: "19:00", minutes: 60 },
        { weekday: "mon", start: "19:00", minutes: 90 },
      ]),
    ).toBe("Two slots start on Monday at 19:00.");
    const onSave = vi.fn(async () => undefined);
    render(<TimetableEditor timetable={null} term={term} onSave={onSave} />);
    fireEvent.change(screen.getByLabelText("Starts (slot 1)"), { target: { value: "" } });
    fireEvent.click(screen.getByRole("button", { name: "Save timetable" }));
    expect((await screen.findByRole("alert")).textContent).toBe("Slot 1: give the start as HH:MM.");
    expect(onSave).not.toHaveBeenCalled();
  });

  it("shows the API's refusal by its field", async () => {
    const onSave = vi.fn(async () => {
      throw new ApiError(400, "Bad Request", "Invalid timetable", { fields: { meetingUrl: "must be an https address" } });
    });
    render(<TimetableEditor timetable={null} term={term} onSave={onSave} />);
    fireEvent.change(screen.getByLabelText(/^Batch meeting link/), { target: { value: "http://x" } });
    fireEvent.click(screen.getByRole("button", { name: "Save timetable" }));
    expect(await screen.findByText("Meeting link must be an https address")).toBeTruthy();
    expect(screen.getByLabelText(/^Batch meeting link/).getAttribute("aria-invalid")).toBe("true");
  });
});

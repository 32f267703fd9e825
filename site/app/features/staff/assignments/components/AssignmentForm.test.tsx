// Posting an assignment: the due time typed in the batch's zone is sent as its UTC instant (London's offset as it is
// on the day typed, either side of the October clock change; Karachi's all year), the zone named beside the field;
// points and publish times are checked before anything is sent; after the first hand-in only the due time,
// publishing and closing can change.
import { cleanup, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import type { StaffAssignment } from "../api/types";
import { AssignmentForm } from "./AssignmentForm";

const future = "2099-12-01T23:00";

const base = {
  id: "a1",
  batchId: "b1",
  title: "Week 3",
  instructions: "Do it",
  instructionsHtml: "<p>Do it</p>",
  dueAt: "2026-10-26T18:00:00Z",
  result: "pass",
  publishAt: "2026-01-01T00:00:00Z",
  published: true,
  closed: false,
  attachments: [],
  createdAt: "2026-01-01T00:00:00Z",
  createdBy: "staff@example.com",
  submitted: 0,
  waiting: 0,
  editable: true,
} as StaffAssignment;

/** Staff type `local` into the due field (and publish at `publish`) and post: what was sent, and the due field's hint. */
async function post(zone: string, label: string, local: string, publish?: string) {
  const onSave = vi.fn(async (_: unknown) => undefined);
  render(<AssignmentForm zone={zone} onSave={onSave} onCancel={vi.fn()} />);
  fireEvent.change(screen.getByLabelText("Title"), { target: { value: "Week 8" } });
  const due = screen.getByLabelText(`Due (${label})`);
  fireEvent.change(due, { target: { value: local } });
  if (publish) {
    fireEvent.click(screen.getByLabelText("At a set time"));
    fireEvent.change(screen.getByLabelText(`Publish at (${label})`), { target: { value: publish } });
  }
  const hint = document.getElementById(due.getAttribute("aria-describedby")!.split(" ")[0]!)!.textContent;
  fireEvent.click(screen.getByRole("button", { name: "Post assignment" }));
  await waitFor(() => expect(onSave).toHaveBeenCalled());
  return { sent: onSave.mock.calls[0]![0] as Record<string, unknown>, hint };
}

describe("AssignmentForm in the batch's time zone", () => {
  // Before London's clocks go back (Sunday 25 October 2026, BST to GMT): both days are ahead.
  const before = new Date("2026-10-01T09:00:00Z");
  afterEach(() => vi.useRealTimers());

  it("in a London batch, reads 6 PM on Saturday 24 October as BST (17:00 UTC), named beside the field", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: before });
    const { sent, hint } = await post("Europe/London", "UK time", "2026-10-24T18:00", "2026-10-24T09:00");
    expect(sent).toMatchObject({ dueAt: "2026-10-24T17:00:00Z", publishAt: "2026-10-24T08:00:00Z" });
    expect(hint).toBe("In the batch’s time zone, Europe/London (UK time): UTC+01:00 on that day");
  });

  it("in a London batch, reads 6 PM on Monday 26 October as GMT (18:00 UTC), after the clocks went back", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: before });
    const { sent, hint } = await post("Europe/London", "UK time", "2026-10-26T18:00", "2026-10-26T09:00");
    expect(sent).toMatchObject({ dueAt: "2026-10-26T18:00:00Z", publishAt: "2026-10-26T09:00:00Z" });
    expect(hint).toBe("In the batch’s time zone, Europe/London (UK time): UTC+00:00 on that day");
  });

  it("in a Karachi batch, reads the same wall clock as PKT (UTC+05:00) on either day", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: before });
    const { sent, hint } = await post("Asia/Karachi", "Pakistan time", "2026-10-26T18:00");
    expect(sent).toMatchObject({ dueAt: "2026-10-26T13:00:00Z" });
    expect(sent).not.toHaveProperty("publishAt");
    expect(hint).toBe("In the batch’s time zone, Asia/Karachi (Pakistan time): UTC+05:00 on that day");
    cleanup();
    expect((await post("Asia/Karachi", "Pakistan time", "2026-10-24T18:00")).sent).toMatchObject({ dueAt: "2026-10-24T13:00:00Z" });
  });

  it("shows a London assignment's due and publish times in UK time on their own days", () => {
    vi.useFakeTimers({ toFake: ["Date"], now: before });
    const assignment = { ...base, dueAt: "2026-10-26T18:00:00Z", publishAt: "2026-10-24T17:00:00Z", published: false };
    render(<AssignmentForm zone="Europe/London" assignment={assignment} onSave={vi.fn()} onCancel={vi.fn()} />);
    expect((screen.getByLabelText("Due (UK time)") as HTMLInputElement).value).toBe("2026-10-26T18:00");
    expect((screen.getByLabelText("Publish at (UK time)") as HTMLInputElement).value).toBe("2026-10-24T18:00");
    expect(screen.getAllByText(/^In the batch’s time zone, Europe\/London \(UK time\)/).map((p) => p.textContent)).toEqual([
      "In the batch’s time zone, Europe/London (UK time): UTC+00:00 on that day",
      "In the batch’s time zone, Europe/London (UK time): UTC+01:00 on that day",
    ]);
  });
});

describe("AssignmentForm", () => {
  it("sends the due time typed in Pakistan time as UTC, marked pass / needs work, published now", async () => {
    const onSave = vi.fn(async () => undefined);
    render(<AssignmentForm zone="Asia/Karachi" onSave={onSave} onCancel={vi.fn()} />);
    fireEvent.change(screen.getByLabelText("Title"), { target: { value: "  Week 3  " } });
    fireEvent.change(screen.getByLabelText("Instructions"), { target: { value: "# Do it" } });
    fireEvent.change(screen.getByLabelText("Due (Pakistan time)"), { target: { value: future } });
    fireEvent.click(screen.getByRole("button", { name: "Post assignment" }));
    await waitFor(() => expect(onSave).toHaveBeenCalled());
    expect(onSave).toHaveBeenCalledWith({ title: "Week 3", instructions: "# Do it", dueAt: "2099-12-01T18:00:00Z", result: "pass" });
  });

  it("checks the title, the points and the publish time before sending", async () => {
    const onSave = vi.fn(async () => undefined);
    render(<AssignmentForm zone="Asia/Karachi" onSave={onSave} onCancel={vi.fn()} />);
    fireEvent.click(screen.getByLabelText("Points"));
    fireEvent.change(screen.getByLabelText("Out of"), { target: { value: "1001" } });
    fireEvent.change(screen.getByLabelText("Due (Pakistan time)"), { target: { value: future } });
    fireEvent.click(screen.getByLabelText("At a set time"));
    fireEvent.change(screen.getByLabelText("Publish at (Pakistan time)"), { target: { value: "2099-12-02T10:00" } });
    fireEvent.click(screen.getByRole("button", { name: "Post assignment" }));
    expect(await screen.findByText("Write a title.")).toBeTruthy();
    expect(screen.getByText("Points: a whole number from 1 to 1000.")).toBeTruthy();
    expect(screen.getByText("Publish it before it is due.")).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
  });

  it("after the first hand-in, keeps the title and instructions as they are", () => {
    const assignment = {
      ...base,
      id: "a1",
      batchId: "b1",
      title: "Week 3",
      instructions: "Do it",
      instructionsHtml: "<p>Do it</p>",
      dueAt: "2099-12-01T18:00:00Z",
      result: "points",
      points: 10,
      submitted: 1,
      waiting: 1,
      editable: false,
    };
    render(<AssignmentForm zone="Asia/Karachi" assignment={assignment as StaffAssignment} onSave={vi.fn()} onCancel={vi.fn()} />);
    expect((screen.getByLabelText("Title") as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText("Due (Pakistan time)") as HTMLInputElement).value).toBe("2099-12-01T23:00");
    expect((screen.getByLabelText("Due (Pakistan time)") as HTMLInputElement).disabled).toBe(false);
    expect(screen.getByText(/only the due time, the publish time and closing can change now/)).toBeTruthy();
  });
});

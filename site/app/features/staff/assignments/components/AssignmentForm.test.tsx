// Posting an assignment: the due time typed in the batch's zone is sent as its UTC instant; points and publish times
// are checked before anything is sent; after the first hand-in only the due time, publishing and closing can change.
import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { StaffAssignment } from "../api/types";
import { AssignmentForm } from "./AssignmentForm";

const future = "2099-12-01T23:00";

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
      id: "a1",
      batchId: "b1",
      title: "Week 3",
      instructions: "Do it",
      instructionsHtml: "<p>Do it</p>",
      dueAt: "2099-12-01T18:00:00Z",
      result: "points",
      points: 10,
      publishAt: "2026-01-01T00:00:00Z",
      published: true,
      closed: false,
      attachments: [],
      createdAt: "2026-01-01T00:00:00Z",
      createdBy: "staff@example.com",
      submitted: 1,
      waiting: 1,
      editable: false,
    } as StaffAssignment;
    render(<AssignmentForm zone="Asia/Karachi" assignment={assignment} onSave={vi.fn()} onCancel={vi.fn()} />);
    expect((screen.getByLabelText("Title") as HTMLInputElement).disabled).toBe(true);
    expect((screen.getByLabelText("Due (Pakistan time)") as HTMLInputElement).value).toBe("2099-12-01T23:00");
    expect((screen.getByLabelText("Due (Pakistan time)") as HTMLInputElement).disabled).toBe(false);
    expect(screen.getByText(/only the due time, the publish time and closing can change now/)).toBeTruthy();
  });
});

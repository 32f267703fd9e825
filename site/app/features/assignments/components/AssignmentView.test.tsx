// An assignment's page: the instructions through the allow list, the returned review (result and feedback) above the
// form, a passed one taking no more; another student's (the API's 404) reads "Assignment not found".
import { screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { json } from "#app/test/http";
import { renderAt } from "#app/test/render";
import type { MyAssignmentDetail, MySubmission } from "../api/types";
import { AssignmentView } from "./AssignmentView";

afterEach(() => vi.restoreAllMocks());

const id = "665f1c2a9b3e4d0012a1d001";
const assignment: MyAssignmentDetail = {
  id,
  batchId: "665f1c2a9b3e4d0012a1c009",
  batchName: "AIML-04 Late Evening Batch",
  title: "Week 3: a tidy dataset",
  dueAt: "2026-12-01T18:00:00Z",
  state: "reviewed",
  submittedAt: "2026-11-30T10:00:00Z",
  result: "passed",
  marking: "pass",
  points: null,
  closed: false,
  open: false,
  hasDraft: false,
  instructionsHtml: '<h1>Tidy it</h1><p>See <a href="https://pandas.pydata.org/" rel="noopener nofollow">pandas</a><img src=x onerror="alert(1)"></p>',
  attachments: [],
};
const submission: MySubmission = {
  id: "665f1c2a9b3e4d0012a1e001",
  assignmentId: id,
  state: "reviewed",
  open: false,
  draft: null,
  versions: [{ number: 1, text: "My notebook.", links: ["https://github.com/h/t"], files: [], submittedAt: "2026-11-30T10:00:00Z", late: false }],
  feedback: { version: 1, html: "<p>Good <strong>cleaning</strong>.</p>", markdown: "Good **cleaning**.", result: "passed", reviewedAt: "2026-11-30T12:00:00Z" },
  reviews: [],
};

function api(answers: Record<string, Response>) {
  vi.spyOn(globalThis, "fetch").mockImplementation(async (input) => answers[String(input)]?.clone() ?? json({ error: "not_found", message: "No such assignment." }, 404));
}

const view = () => renderAt(<AssignmentView source={async () => "token"} assignmentId={id} />);

describe("AssignmentView", () => {
  it("shows the instructions safely, the feedback and result, and takes nothing more once passed", async () => {
    submission.reviews = [submission.feedback!];
    api({ [`/api/me/assignments/${id}`]: json(assignment), [`/api/me/assignments/${id}/submission`]: json(submission) });
    const { container } = view();
    await screen.findByRole("heading", { level: 1, name: "Week 3: a tidy dataset" });
    expect(screen.getByRole("heading", { level: 3, name: "Tidy it" })).toBeTruthy();
    expect(container.querySelector("img, [onerror]")).toBeNull();
    expect(screen.getByRole("link", { name: /pandas/ }).getAttribute("rel")).toBe("noopener nofollow");
    expect(screen.getByText("Result: Passed")).toBeTruthy();
    expect(screen.getByText("cleaning").tagName).toBe("STRONG");
    expect(screen.getByText("Your work was reviewed and returned: there is nothing more to hand in.")).toBeTruthy();
    expect((screen.getByRole("button", { name: "Submit again" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole("heading", { name: "Versions handed in" })).toBeTruthy();
  });

  it("says not found for an assignment that is not the student's", async () => {
    api({});
    view();
    expect(await screen.findByRole("heading", { level: 1, name: "Assignment not found" })).toBeTruthy();
  });
});

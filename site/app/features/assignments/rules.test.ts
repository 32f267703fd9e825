// The state labels of /lms's assignments, "Due this week", link validation and the file limits (checked before a byte is sent).
import { describe, expect, it } from "vitest";
import { chooseFiles, contentTypeOf, fileRefusal, MAX_ASSIGNMENT_FILE_BYTES, MAX_SUBMISSION_FILES } from "../../lib/assignment-files";
import { dueThisWeek, linkProblem, linkProblems, stateLabel, stateTone } from "./rules";

const now = new Date("2026-03-02T12:00:00Z");
const dueAt = "2026-03-06T14:00:00Z";

describe("state labels", () => {
  it("words each state, with the hand-in time in the student's zone", () => {
    expect(stateLabel({ state: "not-started", dueAt }, "UTC", now)).toBe("Not started");
    expect(stateLabel({ state: "draft", dueAt }, "UTC", now)).toBe("Draft saved");
    expect(stateLabel({ state: "submitted", dueAt, submittedAt: "2026-03-05T09:30:00Z" }, "Europe/London", now)).toBe(
      "Submitted Thursday 5 March, 9:30 AM UK time",
    );
    expect(stateLabel({ state: "submitted", dueAt, submittedAt: "2026-03-05T09:30:00Z" }, "Asia/Karachi", now)).toBe(
      "Submitted Thursday 5 March, 2:30 PM Pakistan time",
    );
    expect(stateLabel({ state: "late", dueAt, submittedAt: "2026-03-07T10:00:00Z" }, "UTC", now)).toBe("Late: submitted Saturday 7 March, 10:00 AM UTC");
    expect(stateLabel({ state: "reviewed", dueAt, result: "passed" }, "UTC", now)).toBe("Reviewed: Passed");
    expect(stateLabel({ state: "reviewed", dueAt, result: "needs-work" }, "UTC", now)).toBe("Reviewed: Needs work");
    expect(stateLabel({ state: "reviewed", dueAt, result: 8, points: 10 }, "UTC", now)).toBe("Reviewed: 8 / 10 points");
  });

  it("says when nothing was handed in by the due time", () => {
    const later = new Date("2026-03-07T00:00:00Z");
    expect(stateLabel({ state: "not-started", dueAt }, "UTC", later)).toBe("Not started · past the due time");
    expect(stateLabel({ state: "draft", dueAt }, "UTC", later)).toBe("Draft saved · past the due time");
  });

  it("colours needs-work amber and a pass green", () => {
    expect(stateTone({ state: "reviewed", result: "needs-work" })).toBe("amber");
    expect(stateTone({ state: "reviewed", result: "passed" })).toBe("green");
    expect(stateTone({ state: "late" })).toBe("amber");
  });
});

describe("due this week", () => {
  it("holds what is due in seven days and what is overdue and not handed in, soonest first", () => {
    const items = [
      { id: "next-month", dueAt: "2026-04-01T00:00:00Z", state: "not-started" },
      { id: "friday", dueAt, state: "draft" },
      { id: "tomorrow", dueAt: "2026-03-03T12:00:00Z", state: "submitted" },
      { id: "overdue", dueAt: "2026-03-01T12:00:00Z", state: "not-started" },
      { id: "overdue-done", dueAt: "2026-03-01T12:00:00Z", state: "late" },
      { id: "reviewed", dueAt: "2026-03-04T12:00:00Z", state: "reviewed" },
    ];
    expect(dueThisWeek(items, now).map((a) => a.id)).toEqual(["overdue", "tomorrow", "friday"]);
  });
});

describe("links", () => {
  it("takes a repository or a deployed site", () => {
    expect(linkProblem("https://github.com/ayesha/todo")).toBeNull();
    expect(linkProblem("  https://todo.vercel.app/  ")).toBeNull();
    expect(linkProblem("http://example.com/x?y=1")).toBeNull();
  });

  it("refuses what is not a web address of a named site", () => {
    expect(linkProblem("")).toMatch(/Enter a link/);
    expect(linkProblem("github.com/ayesha/todo")).toMatch(/starting with https:\/\//);
    expect(linkProblem("javascript:alert(1)")).toMatch(/must start with https/);
    expect(linkProblem("ftp://example.com/file")).toMatch(/must start with https/);
    expect(linkProblem("https://localhost:3000")).toMatch(/address of a site/);
    expect(linkProblem("https://10.0.0.1/")).toMatch(/address of a site/);
    expect(linkProblem("https://user:pw@example.com/")).toMatch(/user name/);
    expect(linkProblem(`https://example.com/${"a".repeat(2000)}`)).toMatch(/at most 2000/);
    expect(linkProblems(["https://github.com/a/b", "nope"])).toEqual({ 1: expect.stringMatching(/https:\/\//) });
  });
});

describe("file limits", () => {
  const file = (name: string, size = 1000) => ({ name, size });

  it("takes PDFs, images, ZIPs, text and source files up to 25 MB", () => {
    for (const name of ["report.pdf", "shot.PNG", "photo.jpeg", "project.zip", "notes.txt", "app.tsx", "analysis.ipynb", "query.sql"]) {
      expect(fileRefusal(file(name)), name).toBeNull();
    }
    expect(fileRefusal(file("big.pdf", MAX_ASSIGNMENT_FILE_BYTES))).toBeNull();
  });

  it("refuses a file over 25 MB, an empty one, web pages and programs, with the reason", () => {
    expect(fileRefusal(file("big.pdf", MAX_ASSIGNMENT_FILE_BYTES + 1))).toBe("“big.pdf” is 25.0 MB; a file can be at most 25.0 MB.");
    expect(fileRefusal(file("video.pdf", 26_000_000))).toBe("“video.pdf” is 26.0 MB; a file can be at most 25.0 MB.");
    expect(fileRefusal(file("empty.txt", 0))).toMatch(/is empty/);
    expect(fileRefusal(file("index.html"))).toMatch(/web pages and programs are not accepted/);
    expect(fileRefusal(file("setup.exe"))).toMatch(/web pages and programs are not accepted/);
    expect(fileRefusal(file("logo.svg"))).toMatch(/web pages and programs are not accepted/);
    expect(fileRefusal(file("movie.mp4"))).toMatch(/not a kind of file we accept/);
    expect(fileRefusal(file("README"))).toMatch(/not a kind of file we accept/);
  });

  it("adds at most five files to a submission", () => {
    const chosen = ["a.pdf", "b.pdf", "c.pdf", "d.exe"].map((n) => file(n));
    const { accepted, refused } = chooseFiles(chosen, MAX_SUBMISSION_FILES - 2);
    expect(accepted.map((f) => f.name)).toEqual(["a.pdf", "b.pdf"]);
    expect(refused).toEqual([expect.stringMatching(/“c.pdf” was not added: a submission holds at most 5 files/), expect.stringMatching(/“d.exe”/)]);
  });

  it("declares source files as plain text", () => {
    expect(contentTypeOf({ name: "app.ts", type: "video/mp2t" })).toBe("text/plain");
    expect(contentTypeOf({ name: "report.pdf", type: "" })).toBe("application/pdf");
  });
});

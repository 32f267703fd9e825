import { describe, expect, it } from "vitest";
import { auditWords, type AuditContext } from "./audit-words";

const mern = "665f1c2a9b3e4d0012a1c002";
const context: AuditContext = {
  batchNames: new Map([[mern, "MERN-08 Weekend Batch"]]),
  // 3 Dec 2026, 14:00 UTC is 19:00 in Karachi.
  slotStarts: new Map([
    ["6a0000000000000000000001", "2026-12-03T14:00:00Z"],
    ["6a0000000000000000000002", "2026-12-10T14:00:00Z"],
  ]),
};

describe("the audit trail in words", () => {
  it("says what a demo slot entry did, with the slot's time in Pakistan, and links to the demo classes", () => {
    expect(auditWords({ action: "demo.slot.create", target: "6a0000000000000000000001" }, context)).toEqual({
      text: "Published a demo slot for 3 Dec, 19:00 PKT",
      link: { to: "/staff?section=demo", label: "Demo classes" },
    });
    expect(auditWords({ action: "demo.slot.create", target: "6a0000000000000000000001,6a0000000000000000000002" }, context).text).toBe(
      "Published 2 weekly demo slots, the first for 3 Dec, 19:00 PKT",
    );
    expect(auditWords({ action: "demo.slot.cancel", target: "6a0000000000000000000002" }, context).text).toBe("Cancelled the demo slot for 10 Dec, 19:00 PKT");
    expect(auditWords({ action: "demo.slot.update", target: "6affffffffffffffffffffff" }, context).text).toBe("Changed the demo slot");
    expect(auditWords({ action: "demo.slot.create", target: "new" }, context).text).toBe("Tried to publish a demo slot");
  });

  it("says what an assignment or a review entry did", () => {
    const assignment = "6b0000000000000000000001";
    expect(auditWords({ action: "assignment.create", target: assignment }, context)).toEqual({ text: `Posted assignment ${assignment}` });
    expect(auditWords({ action: "assignment.create", target: mern }, context).text).toBe("Tried to post an assignment to MERN-08 Weekend Batch");
    expect(auditWords({ action: "assignment.attach-complete", target: `${assignment}/6c0000000000000000000001` }, context).text).toBe(
      `Attached a file to assignment ${assignment}`,
    );
    expect(auditWords({ action: "assignment.rule", target: mern }, context)).toEqual({
      text: "Changed whether certificates of MERN-08 Weekend Batch need every assignment passed",
      link: { to: `/staff?section=batches&batch=${mern}`, label: "MERN-08 Weekend Batch" },
    });
    expect(auditWords({ action: "submission.review", target: "6d0000000000000000000001" }, context)).toEqual({
      text: "Returned a review of a hand-in",
      link: { to: "/staff?section=reviews&submission=6d0000000000000000000001", label: "The hand-in" },
    });
  });

  it("names the batch of an enrolment or a lecture and links to its page", () => {
    const batchLink = { to: `/staff?section=batches&batch=${mern}`, label: "MERN-08 Weekend Batch" };
    expect(auditWords({ action: "enrolment.create", target: `${mern}0123456789abcdef` }, context)).toEqual({
      text: "Enrolled a student in MERN-08 Weekend Batch",
      link: batchLink,
    });
    expect(auditWords({ action: "enrolment.revoke", target: `${mern}0123456789abcdef` }, context).text).toBe(
      "Revoked a student's access to MERN-08 Weekend Batch",
    );
    expect(auditWords({ action: "lecture.create", target: `${mern}/4` }, context)).toEqual({ text: "Added lecture 4 to MERN-08 Weekend Batch", link: batchLink });
    expect(auditWords({ action: "lecture.delete", target: `${mern}/4` }, context).text).toBe("Deleted lecture 4 of MERN-08 Weekend Batch");
  });

  it("says what a live class entry did, and links the timetable and the minimum attendance to their batch", () => {
    const batchLink = { to: `/staff?section=batches&batch=${mern}`, label: "MERN-08 Weekend Batch" };
    expect(auditWords({ action: "live.timetable.save", target: mern }, context)).toEqual({ text: "Saved the timetable of MERN-08 Weekend Batch", link: batchLink });
    expect(auditWords({ action: "live.attendance.minimum", target: mern }, context)).toEqual({
      text: "Set the minimum attendance for MERN-08 Weekend Batch's certificate",
      link: batchLink,
    });
    expect(auditWords({ action: "live.session.add", target: "6b0000000000000000000001" }, context)).toEqual({ text: "Added a one-off live session" });
    expect(auditWords({ action: "live.session.add", target: mern }, context).text).toBe("Tried to add a one-off live session to MERN-08 Weekend Batch");
    expect(auditWords({ action: "live.session.cancel", target: "6b0000000000000000000001" }, context).text).toBe("Cancelled a live session");
    expect(auditWords({ action: "live.session.move", target: "6b0000000000000000000001" }, context).text).toBe("Moved a live session");
    expect(auditWords({ action: "live.session.recording", target: "6b0000000000000000000001" }, context).text).toBe("Attached a recording to a live session");
    expect(auditWords({ action: "live.attendance.correct", target: "6b0000000000000000000001" }, context).text).toBe(
      "Corrected a student's attendance at a live session",
    );
  });

  it("links a certificate to its public page, and shows an unknown code as it is", () => {
    expect(auditWords({ action: "certificate.revoke", target: "SKY-AB12-CD34-EF56-GH78" }, context)).toEqual({
      text: "Revoked certificate SKY-AB12-CD34-EF56-GH78",
      link: { to: "/verify/SKY-AB12-CD34-EF56-GH78", label: "SKY-AB12-CD34-EF56-GH78" },
    });
    expect(auditWords({ action: "payment.refund", target: "x1" }, context)).toEqual({ text: "payment.refund x1" });
  });
});

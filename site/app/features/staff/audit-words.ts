// The audit trail in words: an entry's action code and target ids ("demo.slot.create", "665f…,6a1b…") as the sentence
// staff read ("Published a demo slot for 3 Dec, 19:00 PKT") and a link to what it names, when the console has a page
// for it. Unknown codes are shown as they are, so a new action is never hidden.
import { INSTITUTE_ZONE } from "../../lib/demo-time";
import type { AuditEntry } from "../../lib/api-schema";

/** What the trail knows besides the entry: the batches' names and the demo slots' start times, by id. */
export interface AuditContext {
  batchNames: ReadonlyMap<string, string>;
  slotStarts: ReadonlyMap<string, string>;
}

export interface AuditWords {
  text: string;
  /** A console or site address for what the entry names. */
  link?: { to: string; label: string };
}

const ID_LEN = 24;
const batchPage = (batchId: string) => `/staff?section=batches&batch=${encodeURIComponent(batchId)}`;

/** A start time as the institute reads it: "3 Dec, 19:00 PKT". */
export function instituteTime(iso: string): string {
  const when = new Date(iso).toLocaleString("en-GB", {
    timeZone: INSTITUTE_ZONE,
    day: "numeric",
    month: "short",
    hour: "2-digit",
    minute: "2-digit",
    hourCycle: "h23",
  });
  return `${when} PKT`;
}

export function auditWords(entry: Pick<AuditEntry, "action" | "target">, context: AuditContext): AuditWords {
  const { action, target } = entry;
  const batchOf = (batchId: string) => context.batchNames.get(batchId) ?? `batch ${batchId}`;
  const inBatch = (batchId: string) => ({ to: batchPage(batchId), label: batchOf(batchId) });
  // Lectures and certificates' students are named "batchId/…"; enrolments by their batch's id and an e-mail key.
  const [head = "", rest = ""] = target.split("/");
  const enrolmentBatch = target.slice(0, ID_LEN);
  const lecture = `lecture ${rest}`;
  const slots = target.split(",").filter((id) => id && id !== "new");
  const slotTime = (id: string) => {
    const starts = context.slotStarts.get(id);
    return starts ? ` for ${instituteTime(starts)}` : "";
  };
  const demo = { to: "/staff?section=demo", label: "Demo classes" };

  switch (action) {
    case "enquiry.update":
      return { text: "Changed an enquiry's handled mark or note", link: { to: "/staff", label: "Enquiries" } };
    case "enquiry.resend":
      return { text: "Mailed an enquiry to the institute again", link: { to: "/staff", label: "Enquiries" } };
    case "enrolment.create":
      return { text: `Enrolled a student in ${batchOf(enrolmentBatch)}`, link: inBatch(enrolmentBatch) };
    case "enrolment.bulk":
      return { text: `Enrolled a pasted list in ${batchOf(target)}`, link: inBatch(target) };
    case "enrolment.revoke":
      return { text: `Revoked a student's access to ${batchOf(enrolmentBatch)}`, link: inBatch(enrolmentBatch) };
    case "enrolment.resend":
      return { text: `Sent a student a new Secret ID for ${batchOf(enrolmentBatch)}`, link: inBatch(enrolmentBatch) };
    case "lecture.create":
      return rest
        ? { text: `Added ${lecture} to ${batchOf(head)}`, link: inBatch(head) }
        : { text: `Tried to add a lecture to ${batchOf(head)}`, link: inBatch(head) };
    case "lecture.update":
      return { text: `Changed ${lecture} of ${batchOf(head)}`, link: inBatch(head) };
    case "lecture.delete":
      return { text: `Deleted ${lecture} of ${batchOf(head)}`, link: inBatch(head) };
    case "lecture.upload":
      return { text: `Started uploading the recording of ${lecture} of ${batchOf(head)}`, link: inBatch(head) };
    case "lecture.complete":
      return { text: `Finished uploading the recording of ${lecture} of ${batchOf(head)}`, link: inBatch(head) };
    case "lecture.retry":
      return { text: `Processed the recording of ${lecture} of ${batchOf(head)} again`, link: inBatch(head) };
    case "lecture.captions":
      return { text: `Changed the captions of ${lecture} of ${batchOf(head)}`, link: inBatch(head) };
    case "certificate.completion":
      return { text: `Changed a student's completion in ${batchOf(head)}`, link: inBatch(head) };
    case "certificate.issue":
      return { text: `Issued a certificate in ${batchOf(head)}`, link: inBatch(head) };
    case "certificate.revoke":
      return { text: `Revoked certificate ${target}`, link: { to: `/verify/${encodeURIComponent(target)}`, label: target } };
    case "certificate.rename":
      return { text: `Changed the name on certificate ${target}`, link: { to: `/verify/${encodeURIComponent(target)}`, label: target } };
    case "assignment.create":
      // The new assignment's id; the batch's when it was refused.
      return context.batchNames.has(target)
        ? { text: `Tried to post an assignment to ${batchOf(target)}`, link: inBatch(target) }
        : { text: `Posted assignment ${target}` };
    case "assignment.update":
      return { text: `Changed assignment ${target}` };
    case "assignment.attach":
      return { text: `Started uploading an attachment to assignment ${target}` };
    case "assignment.attach-complete":
      return { text: `Attached a file to assignment ${head}` };
    case "assignment.detach":
      return { text: `Removed an attachment from assignment ${head}` };
    case "assignment.rule":
      return { text: `Changed whether certificates of ${batchOf(target)} need every assignment passed`, link: inBatch(target) };
    case "submission.review":
      return { text: "Returned a review of a hand-in", link: { to: `/staff?section=reviews&submission=${encodeURIComponent(target)}`, label: "The hand-in" } };
    case "demo.slot.create":
      if (slots.length === 0) return { text: "Tried to publish a demo slot", link: demo };
      return slots.length === 1
        ? { text: `Published a demo slot${slotTime(slots[0]!)}`, link: demo }
        : { text: `Published ${slots.length} weekly demo slots, the first${slotTime(slots[0]!)}`, link: demo };
    case "demo.slot.update":
      return { text: `Changed the demo slot${slotTime(target)}`, link: demo };
    case "demo.slot.cancel":
      return { text: `Cancelled the demo slot${slotTime(target)}`, link: demo };
    case "demo.booking.attendance":
      return { text: "Marked whether a demo booking attended", link: demo };
    // Live classes: the timetable and the minimum name their batch; a session's entries name the session only.
    case "live.timetable.save":
      return { text: `Saved the timetable of ${batchOf(target)}`, link: inBatch(target) };
    case "live.attendance.minimum":
      return { text: `Set the minimum attendance for ${batchOf(target)}'s certificate`, link: inBatch(target) };
    case "live.session.add":
      return context.batchNames.has(target)
        ? { text: `Tried to add a one-off live session to ${batchOf(target)}`, link: inBatch(target) }
        : { text: "Added a one-off live session" };
    case "live.session.cancel":
      return { text: "Cancelled a live session" };
    case "live.session.move":
      return { text: "Moved a live session" };
    case "live.session.recording":
      return { text: "Attached a recording to a live session" };
    case "live.session.update":
      return { text: "Changed a live session" };
    case "live.attendance.correct":
      return { text: "Corrected a student's attendance at a live session" };
    default:
      return { text: `${action} ${target}` };
  }
}

//! The single-table key layout (docs/decisions/0001-one-key-layout-two-stores.md), shared by both backends.

pub const COURSE: &str = "COURSE";
pub const BATCH: &str = "BATCH";
pub const OUTLINE: &str = "OUTLINE";
pub const SUBMISSION: &str = "SUBMISSION";

pub fn course_pk(course_id: &str) -> String {
    format!("COURSE#{course_id}")
}

pub fn course_sk(course_id: &str) -> String {
    format!("COURSE#{course_id}")
}

pub fn batch_sk(batch_id: &str) -> String {
    format!("BATCH#{batch_id}")
}

pub fn batch_pk(batch_id: &str) -> String {
    format!("BATCH#{batch_id}")
}

/// Zero-padded so the sort key orders lectures numerically.
pub fn lecture_sk(lecture_number: u32) -> String {
    format!("VIDEO#{lecture_number:05}")
}

pub fn grant_sk(secret_hash: &str) -> String {
    format!("GRANT#{secret_hash}")
}

pub fn submission_pk(id: &str) -> String {
    format!("SUBMISSION#{id}")
}

pub fn rate_pk(scope: &str, client: &str) -> String {
    format!("RATE#{scope}#{client}")
}

/// Everything one signed-in student owns lives under their `sub`.
pub fn user_pk(sub: &str) -> String {
    format!("USER#{sub}")
}

pub fn link_sk(batch_id: &str) -> String {
    format!("LINK#{batch_id}")
}

/// A batch's progress records, ordered by lecture number (`progress_sk` starts with this).
pub fn progress_prefix(batch_id: &str) -> String {
    format!("PROGRESS#{batch_id}#")
}

pub fn progress_sk(batch_id: &str, lecture_number: u32) -> String {
    format!("{}{lecture_number:05}", progress_prefix(batch_id))
}

/// A batch's enrolments sit in the batch's partition, one per e-mail (`enrolment_sk`).
pub const ENROLMENT_PREFIX: &str = "ENROLMENT#";

pub fn enrolment_sk(email_key: &str) -> String {
    format!("{ENROLMENT_PREFIX}{email_key}")
}

/// The index key that finds a student's enrolments by their (lowercase) e-mail.
pub fn email_index(email: &str) -> String {
    format!("EMAIL#{email}")
}

/// The index key that finds the accounts linked to a batch (staff's reports).
pub fn batch_links_index(batch_id: &str) -> String {
    format!("LINKS#{batch_id}")
}

/// The audit trail's partition: staff actions are few, so one partition holds them in time order.
pub const AUDIT: &str = "AUDIT";

/// Milliseconds first, so the trail sorts by time; the entry's id keeps two in one millisecond apart.
pub fn audit_sk(at_millis: i64, id: &str) -> String {
    format!("{at_millis:013}#{id}")
}

/// A student's certificate of a batch, in their partition: one per batch, so "already issued" is
/// one conditional put.
pub const CERTIFICATE_PREFIX: &str = "CERTIFICATE#";

pub fn certificate_sk(batch_id: &str) -> String {
    format!("{CERTIFICATE_PREFIX}{batch_id}")
}

/// Where a certificate is held, by its id (the public verification, staff's revoke and rename):
/// an item of its own, read consistently, so a certificate is found the moment it is issued.
pub fn certificate_pk(id: &str) -> String {
    format!("{CERTIFICATE_PREFIX}{id}")
}

pub const CERTIFICATE_HOLDER: &str = "HOLDER";

/// Staff's mark that a student completed a batch, in the student's partition.
pub fn completion_sk(batch_id: &str) -> String {
    format!("COMPLETION#{batch_id}")
}

/// A batch's timetable and its attendance rule, in the batch's partition.
pub const TIMETABLE: &str = "TIMETABLE";
pub const ATTENDANCE_RULE: &str = "ATTENDANCE_RULE";

/// A live session: an item of its own (found by its id), on the index under its batch by start.
pub fn session_pk(session_id: &str) -> String {
    format!("SESSION#{session_id}")
}

pub const SESSION: &str = "SESSION";

/// The index key under which a batch's sessions sort by start.
pub fn batch_sessions(batch_id: &str) -> String {
    format!("SESSIONS#{batch_id}")
}

/// In a session's partition, one student's attendance.
pub const ATTENDANCE_PREFIX: &str = "ATTENDANCE#";

pub fn attendance_sk(sub: &str) -> String {
    format!("{ATTENDANCE_PREFIX}{sub}")
}

/// The index key under which a batch's attendance sits, by student then session.
pub fn batch_attendance(batch_id: &str) -> String {
    format!("ATTENDANCE#{batch_id}")
}

/// A student's calendar settings, in their partition.
pub const CALENDAR: &str = "CALENDAR";

/// Who a calendar token belongs to: an item of its own, found by the token.
pub fn calendar_token_pk(token: &str) -> String {
    format!("CALENDAR#{token}")
}
/// An assignment, its files and its students' submissions share the assignment's partition.
pub fn assignment_pk(id: &str) -> String {
    format!("ASSIGNMENT#{id}")
}

pub const ASSIGNMENT: &str = "ASSIGNMENT";

/// The index key under which a batch's assignments sort by their due time.
pub fn batch_assignments(batch_id: &str) -> String {
    format!("BATCH_ASSIGNMENTS#{batch_id}")
}

pub fn assignment_file_sk(file_id: &str) -> String {
    format!("FILE#{file_id}")
}

/// One student's submission of an assignment (by their `sub`).
pub const ASSIGNMENT_SUBMISSION_PREFIX: &str = "SUBMISSION#";

pub fn assignment_submission_sk(sub: &str) -> String {
    format!("{ASSIGNMENT_SUBMISSION_PREFIX}{sub}")
}

/// A student's uploads to one assignment, counted (`assignments::MAX_UPLOADS`).
pub fn assignment_uploads_sk(sub: &str) -> String {
    format!("UPLOADS#{sub}")
}

/// Where a submission is found by its id: the assignment and student it belongs to.
pub fn submission_ref_pk(id: &str) -> String {
    format!("ASSIGNMENT_SUBMISSION#{id}")
}

/// The review queue: submissions waiting for a review, and those reviewed, by when handed in.
pub const REVIEW_WAITING: &str = "REVIEW#waiting";
pub const REVIEW_DONE: &str = "REVIEW#reviewed";

pub fn review_place(submitted_at: i64, id: &str) -> String {
    format!("{submitted_at:012}#{id}")
}

/// A batch's rule for assignments in its completion, in the batch's partition.
pub const ASSIGNMENT_RULE: &str = "ASSIGNMENT_RULE";

/// Reminders the local worker sends, by the time they are due.
pub const DEMO_REMINDERS: &str = "DEMO_REMINDERS";

pub fn demo_reminder_pk(booking_id: &str) -> String {
    format!("DEMO_REMINDER#{booking_id}")
}

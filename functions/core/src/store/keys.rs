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

/// Reminders the local worker sends, by the time they are due.
pub const DEMO_REMINDERS: &str = "DEMO_REMINDERS";

pub fn demo_reminder_pk(booking_id: &str) -> String {
    format!("DEMO_REMINDER#{booking_id}")
}

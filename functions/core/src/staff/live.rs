//! Live classes as staff run them (a batch's section): the weekly timetable (saving it generates
//! the term's sessions), the sessions (cancel with a reason, move, change the link, attach the
//! recording, add a one-off), who attended each and staff's corrections, the term's percentages
//! and their spreadsheet, and the batch's minimum attendance for a certificate. Every write is in
//! the audit trail; the rules are the `live` feature's.

use crate::domain::{AttendanceMark, SessionStatus, Weekday};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::Answer;
use crate::live::RecordingRef;
use lambda_http::Request;
use serde::{Deserialize, Deserializer, Serialize};
use utoipa::ToSchema;

/// The most slots a week may hold.
pub const MAX_SLOTS: usize = 21;
/// A session's shortest and longest length, in minutes.
pub const MIN_MINUTES: u32 = 15;
pub const MAX_MINUTES: u32 = 300;
/// The longest cancellation reason.
pub const MAX_REASON_CHARS: usize = 300;
/// The longest zone name (IANA names are shorter).
pub const MAX_ZONE_CHARS: usize = 64;
/// Room for a timetable of 21 slots with their own links.
pub const MAX_BODY: usize = 64 * 1024;
/// A slot's start as the contract names it.
pub const START_PATTERN: &str = "^([01][0-9]|2[0-3]):[0-5][0-9]$";
/// A zone as the contract names it (the server also checks it is in the IANA database).
pub const ZONE_PATTERN: &str = "^[A-Za-z][A-Za-z0-9_+-]*(/[A-Za-z0-9_+-]+){0,2}$";

/// A whole number as JSON may spell it (`30` or `30.0`).
fn whole<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u32>, D::Error> {
    use serde::de::Error;
    let Some(n) = Option::<serde_json::Number>::deserialize(d)? else { return Ok(None) };
    let fraction_free = |f: &f64| f.fract() == 0.0 && *f >= 0.0 && *f <= f64::from(u32::MAX);
    n.as_u64()
        .and_then(|v| u32::try_from(v).ok())
        .or_else(|| n.as_f64().filter(fraction_free).map(|f| f as u32))
        .map(Some)
        .ok_or_else(|| D::Error::custom("expected a whole number"))
}

/// A field that may be absent (leave it) or `null` (clear it).
fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
}

/// One weekly slot of `PUT /api/staff/batches/{batchId}/timetable`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SlotRequest {
    pub weekday: Weekday,
    /// The start, `HH:MM` (24-hour) in the timetable's zone.
    #[schema(example = "19:00")]
    pub start: String,
    #[serde(deserialize_with = "whole")]
    #[schema(value_type = u32, minimum = 15, maximum = 300)]
    pub minutes: Option<u32>,
    /// This slot's own meeting link; absent or null: the batch's.
    #[serde(default)]
    #[schema(max_length = 2048)]
    pub meeting_url: Option<String>,
}

/// `PUT /api/staff/batches/{batchId}/timetable` body.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TimetableRequest {
    /// An IANA zone, e.g. `Asia/Karachi` (the default the console offers).
    #[schema(example = "Asia/Karachi")]
    pub time_zone: String,
    /// 1 to 21 weekly slots; two may not overlap.
    pub slots: Vec<SlotRequest>,
    /// The batch's meeting link (Zoom, Google Meet or any https link).
    #[schema(max_length = 2048)]
    pub meeting_url: String,
}

/// A weekly slot as staff see it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SlotView {
    pub weekday: Weekday,
    pub start: String,
    pub minutes: u32,
    pub meeting_url: Option<String>,
}

/// A batch's timetable as staff see it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TimetableView {
    pub time_zone: String,
    pub slots: Vec<SlotView>,
    pub meeting_url: String,
    /// The term: the batch's start and end dates (`YYYY-MM-DD`, in the timetable's zone).
    pub term_start: String,
    pub term_end: String,
    /// The batch's public `schedule` and `timing` texts, as derived from the timetable.
    #[schema(example = "Mon, Wed, Fri")]
    pub schedule: String,
    #[schema(example = "7:00 PM – 9:00 PM PKT")]
    pub timing: String,
    /// RFC 3339, UTC.
    pub updated_at: String,
    pub updated_by: String,
}

/// A session as staff see it: with its meeting link.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffSession {
    pub id: String,
    pub batch_id: String,
    /// RFC 3339, UTC (`Z`).
    pub starts_at: String,
    pub ends_at: String,
    pub minutes: u32,
    pub status: SessionStatus,
    /// Why it was cancelled.
    pub reason: Option<String>,
    /// How many times its calendar event changed.
    pub sequence: u32,
    pub meeting_url: String,
    /// A one-off session, not from the timetable.
    pub extra: bool,
    /// Changed by hand (moved, cancelled, its link or length changed): saving the timetable keeps it.
    pub edited: bool,
    pub recording: Option<RecordingRef>,
    /// Students counted present (joined, or marked present).
    pub attended: u32,
}

/// `GET`/`PUT /api/staff/batches/{batchId}/timetable` answer: the timetable (null: none yet) and
/// the batch's sessions, by start.
#[derive(Debug, Serialize, ToSchema)]
pub struct TimetableAnswer {
    pub timetable: Option<TimetableView>,
    pub sessions: Vec<StaffSession>,
}

/// `GET /api/staff/batches/{batchId}/sessions` answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffSessions {
    pub sessions: Vec<StaffSession>,
}

/// `POST /api/staff/batches/{batchId}/sessions` body: a one-off session.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NewSession {
    /// RFC 3339, in the future (within 2 years).
    #[schema(example = "2026-12-05T19:00:00+05:00", max_length = 40)]
    pub starts_at: String,
    #[serde(deserialize_with = "whole")]
    #[schema(value_type = u32, minimum = 15, maximum = 300)]
    pub minutes: Option<u32>,
    /// Absent or null: the timetable's link.
    #[serde(default)]
    #[schema(max_length = 2048)]
    pub meeting_url: Option<String>,
}

/// What a change may set a session's status to.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum StatusChange {
    Cancelled,
}

/// `PATCH /api/staff/sessions/{id}` body: any of these.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SessionChange {
    /// `cancelled`, with a `reason`: students are mailed once.
    pub status: Option<StatusChange>,
    /// Why it is cancelled (1 to 300 characters), required with `status`.
    #[schema(max_length = 300)]
    pub reason: Option<String>,
    /// A new start (RFC 3339, in the future): students are mailed once; the event's SEQUENCE rises.
    #[schema(max_length = 40)]
    pub starts_at: Option<String>,
    #[serde(default, deserialize_with = "whole")]
    #[schema(minimum = 15, maximum = 300)]
    pub minutes: Option<u32>,
    /// A new meeting link.
    #[schema(max_length = 2048)]
    pub meeting_url: Option<String>,
    /// The recording: a lecture number of this batch; null takes it off.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<u32>, minimum = 1)]
    pub recording: Option<Option<u32>>,
}

/// One student at one session.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AttendanceRow {
    /// The account's id (its `sub`).
    pub student_id: String,
    pub name: String,
    pub email: String,
    /// RFC 3339, UTC: their first Join; null: never joined.
    pub joined_at: Option<String>,
    /// Staff's correction; null: the joins decide.
    pub mark: Option<AttendanceMark>,
    /// What counts: the mark, else present once joined, else absent.
    pub attendance: AttendanceMark,
    pub marked_by: Option<String>,
}

/// `GET /api/staff/sessions/{id}/attendance` answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct SessionAttendanceView {
    pub session: StaffSession,
    pub students: Vec<AttendanceRow>,
}

/// `PUT /api/staff/sessions/{id}/attendance/{studentId}` body.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AttendanceCorrection {
    /// `present`, `absent` or `excused`; null removes the correction (the joins decide).
    pub mark: Option<AttendanceMark>,
}

/// One student across the term.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StudentAttendance {
    pub student_id: String,
    pub name: String,
    pub email: String,
    pub present: u32,
    pub absent: u32,
    pub excused: u32,
    /// present ÷ (held − excused), whole percent rounded down; null while none counts.
    pub percent: Option<u32>,
}

/// `GET /api/staff/batches/{batchId}/attendance` answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BatchAttendance {
    /// Sessions held so far (ended, not cancelled).
    pub sessions_held: u32,
    /// The certificate's minimum attendance in percent; null: not required.
    pub minimum_percent: Option<u32>,
    pub students: Vec<StudentAttendance>,
}

/// `PUT /api/staff/batches/{batchId}/attendance/minimum` body and answer.
#[derive(Debug, Serialize, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AttendanceMinimum {
    /// 1 to 100: a certificate needs at least this attendance; null: not required (the default).
    #[serde(default, deserialize_with = "whole")]
    #[schema(minimum = 1, maximum = 100)]
    pub percent: Option<u32>,
}

fn pending() -> Answer {
    Err(ApiError::Unavailable)
}

#[utoipa::path(get, path = "/api/staff/batches/{batchId}/timetable", tag = "staff", operation_id = "staff_timetable", security(("bearer" = [])),
    params(("batchId" = String, Path, description = "24 lowercase hex characters")),
    responses((status = 200, description = "the timetable (null: none yet) and the batch's sessions", body = TimetableAnswer),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn timetable() -> Answer {
    pending()
}

#[utoipa::path(put, path = "/api/staff/batches/{batchId}/timetable", tag = "staff", operation_id = "staff_save_timetable", security(("bearer" = [])),
    description = "Saves the timetable and generates the term's sessions from it. Sessions already held, and \
        sessions staff edited by hand, are kept as they are; future sessions from the old timetable that the new \
        one has at the same time are kept (same id, attendance and recording), those it no longer has are \
        cancelled (students mailed once), and new ones are added. The batch's public schedule and timing follow.",
    params(("batchId" = String, Path, description = "24 lowercase hex characters")), request_body = TimetableRequest,
    responses((status = 200, description = "the timetable and the batch's sessions", body = TimetableAnswer),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "the batch's start or end date is not a date, or the term is over", body = ErrorBody)))]
pub async fn save_timetable() -> Answer {
    pending()
}

#[utoipa::path(get, path = "/api/staff/batches/{batchId}/sessions", tag = "staff", operation_id = "staff_sessions", security(("bearer" = [])),
    params(("batchId" = String, Path, description = "24 lowercase hex characters")),
    responses((status = 200, description = "every session of the batch, cancelled ones too, by start", body = StaffSessions),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn sessions() -> Answer {
    pending()
}

#[utoipa::path(post, path = "/api/staff/batches/{batchId}/sessions", tag = "staff", operation_id = "staff_add_session", security(("bearer" = [])),
    params(("batchId" = String, Path, description = "24 lowercase hex characters")), request_body = NewSession,
    responses((status = 201, description = "added; the batch's students are mailed once", body = StaffSession),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "the start has passed, or no meeting link (no timetable and none given)", body = ErrorBody)))]
pub async fn add_session() -> Answer {
    pending()
}

#[utoipa::path(patch, path = "/api/staff/sessions/{id}", tag = "staff", operation_id = "staff_change_session", security(("bearer" = [])),
    params(("id" = String, Path, description = "the session's id, 24 lowercase hex characters")), request_body = SessionChange,
    responses((status = 200, description = "changed; a cancellation or a move mails each student once", body = StaffSession),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, description = "no such session, or no such lecture in its batch", body = ErrorBody),
        (status = 409, description = "cancelled already, or the new start has passed", body = ErrorBody)))]
pub async fn change_session() -> Answer {
    pending()
}

#[utoipa::path(get, path = "/api/staff/sessions/{id}/attendance", tag = "staff", operation_id = "staff_session_attendance", security(("bearer" = [])),
    params(("id" = String, Path, description = "the session's id, 24 lowercase hex characters")),
    responses((status = 200, description = "every student of the batch, by name, with their join and staff's mark", body = SessionAttendanceView),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn session_attendance() -> Answer {
    pending()
}

#[utoipa::path(put, path = "/api/staff/sessions/{id}/attendance/{studentId}", tag = "staff", operation_id = "staff_correct_attendance", security(("bearer" = [])),
    params(("id" = String, Path, description = "the session's id, 24 lowercase hex characters"),
        ("studentId" = String, Path, description = "the account's id, as the attendance lists name it")),
    request_body = AttendanceCorrection,
    responses((status = 200, description = "the student's row as it now stands", body = AttendanceRow),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, description = "no such session, or no such student of its batch", body = ErrorBody),
        (status = 409, description = "the session is cancelled or has not started", body = ErrorBody)))]
pub async fn correct() -> Answer {
    pending()
}

#[utoipa::path(get, path = "/api/staff/batches/{batchId}/attendance", tag = "staff", operation_id = "staff_batch_attendance", security(("bearer" = [])),
    params(("batchId" = String, Path, description = "24 lowercase hex characters")),
    responses((status = 200, description = "each student's attendance over the sessions held, by name", body = BatchAttendance),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn batch_attendance() -> Answer {
    pending()
}

#[utoipa::path(get, path = "/api/staff/batches/{batchId}/attendance.csv", tag = "staff", operation_id = "staff_batch_attendance_csv", security(("bearer" = [])),
    params(("batchId" = String, Path, description = "24 lowercase hex characters")),
    responses(
        (status = 200, description = "one row per student, one column per session held (formula cells made inert)", content_type = "text/csv", body = String),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
    ))]
pub async fn batch_attendance_csv() -> Answer {
    pending()
}

#[utoipa::path(put, path = "/api/staff/batches/{batchId}/attendance/minimum", tag = "staff", operation_id = "staff_attendance_minimum", security(("bearer" = [])),
    params(("batchId" = String, Path, description = "24 lowercase hex characters")), request_body = AttendanceMinimum,
    responses((status = 200, description = "the minimum as it now stands", body = AttendanceMinimum),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn set_minimum() -> Answer {
    pending()
}

#[allow(dead_code)]
fn unused(_: &Request) {}

//! The live classes' records: a batch's timetable, its sessions, each student's attendance, the
//! batch's attendance rule and a student's calendar feed.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A day of the week as a timetable names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Weekday {
    Mon,
    Tue,
    Wed,
    Thu,
    Fri,
    Sat,
    Sun,
}

/// One weekly class of a batch's timetable: its day and start (`HH:MM`) in the timetable's zone,
/// its length, and the meeting link when it differs from the batch's.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct TimetableSlot {
    pub weekday: Weekday,
    pub start: String,
    pub minutes: u32,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub meeting_url: Option<String>,
}

/// A batch's weekly timetable: the live sessions of its term (the batch's start date to its end
/// date) are generated from it (`live::timetable`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Timetable {
    pub batch_id: String,
    /// An IANA zone name, e.g. `Asia/Karachi`.
    pub time_zone: String,
    pub slots: Vec<TimetableSlot>,
    /// The batch's meeting link (a slot may name its own).
    pub meeting_url: String,
    pub updated_at: i64,
    pub updated_by: String,
}

/// Whether a live session is still to be held.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum SessionStatus {
    Scheduled,
    Cancelled,
}

/// One live class of a batch, at a UTC instant. `sequence` counts the changes its calendar event
/// went through (each move or cancellation adds one); a reminder is sent only for the sequence it
/// was scheduled for. `slot` names the timetable slot that generated it (none: an extra session);
/// `edited` keeps a session staff changed by hand when the timetable is saved again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LiveSession {
    pub id: String,
    pub batch_id: String,
    pub starts_at: i64,
    pub minutes: u32,
    pub status: SessionStatus,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    pub sequence: u32,
    pub meeting_url: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slot: Option<u32>,
    /// The instant the timetable set it at (a moved session keeps it): the occurrence it stands for.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin: Option<i64>,
    #[serde(default)]
    pub edited: bool,
    /// The lecture (its number in the batch) that is this session's recording.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recording: Option<u32>,
    pub created_at: i64,
}

impl LiveSession {
    pub fn ends_at(&self) -> i64 {
        self.starts_at + i64::from(self.minutes) * 60
    }
}

/// Staff's word on a student at a session, over what the joins say.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum AttendanceMark {
    Present,
    Absent,
    Excused,
}

/// One student (`sub`) at one session: when they first joined (through the join route), and
/// staff's correction, if any.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SessionAttendance {
    pub session_id: String,
    pub batch_id: String,
    pub sub: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub joined_at: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub mark: Option<AttendanceMark>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub marked_by: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub marked_at: Option<i64>,
}

impl SessionAttendance {
    /// What counts: staff's mark, else present once joined, else absent.
    pub fn counted(&self) -> AttendanceMark {
        self.mark.unwrap_or(if self.joined_at.is_some() { AttendanceMark::Present } else { AttendanceMark::Absent })
    }
}

/// A student's share of a batch's held sessions: present ÷ (held − excused), in whole percent
/// rounded down; none while no session counts.
pub fn attendance_percent(held: u32, present: u32, excused: u32) -> Option<u32> {
    let counted = held.saturating_sub(excused);
    (counted > 0).then(|| present.min(counted) * 100 / counted)
}

/// `sub`'s (held, present, excused) over `sessions` at `now`: a session is held once it ended
/// without being cancelled; an attendance record missing is an absence.
pub fn student_attendance(
    sessions: &[LiveSession],
    records: &[SessionAttendance],
    sub: &str,
    now: i64,
) -> (u32, u32, u32) {
    let (mut held, mut present, mut excused) = (0, 0, 0);
    for session in sessions.iter().filter(|s| s.status == SessionStatus::Scheduled && s.ends_at() <= now) {
        held += 1;
        let mark = records.iter().find(|r| r.session_id == session.id && r.sub == sub).map(SessionAttendance::counted);
        match mark {
            Some(AttendanceMark::Present) => present += 1,
            Some(AttendanceMark::Excused) => excused += 1,
            _ => {}
        }
    }
    (held, present, excused)
}

/// The least attendance a batch's certificate asks (staff set it; none: not required).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AttendanceRule {
    pub batch_id: String,
    pub min_percent: u32,
    pub set_by: String,
    pub set_at: i64,
}

/// A student's private calendar feed (`/calendar/{token}.ics`) and whether they want session
/// reminders by mail.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct StudentCalendar {
    pub sub: String,
    pub token: String,
    pub reminders: bool,
    pub created_at: i64,
}

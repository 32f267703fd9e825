//! Live classes: a batch's weekly timetable turned into sessions at UTC instants (`timetable`),
//! the student's side of them (`sessions`: the next class in their own zone, Join at the right
//! moment, attendance recorded on the way in), their private calendar feed (`feed`), the mail a
//! cancelled or moved session and the hour-before reminder send (`messages`, `reminders`).
//! docs/decisions/0041-live-classes.md says why it is built so.
//!
//! The feature stands alone (docs/decisions/0026-backend-by-feature.md): it writes its mail as
//! the mail kit's `Mail` handed to its `Postbox`, and schedules its reminders through `ReminderSlots`,
//! backed by the wiring (EventBridge Scheduler in AWS, the store locally).

pub mod api;
pub mod console;
pub mod feed;
pub mod messages;
mod records;
pub mod reminders;
pub mod sessions;
mod store;
pub mod timetable;

pub use records::*;
pub use store::LiveRecords;

use async_trait::async_trait;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Join opens this long before a session starts (and closes when it ends).
pub const JOIN_OPENS_BEFORE_SECS: i64 = 10 * 60;

/// The calendar token's length: 32 random bytes as unpadded base64url.
pub const TOKEN_CHARS: usize = 43;
/// The calendar token as the contract names it.
pub const TOKEN_PATTERN: &str = "^[A-Za-z0-9_-]{43}$";

/// What the feature mails and links with: the postbox and the site's origin (the Join links and
/// the feed's address are on it).
#[derive(Clone)]
pub struct Desk {
    pub postbox: crate::mail::Postbox,
    /// The site's origin, e.g. `https://skylinetech.academy`.
    pub site_url: String,
}

impl Desk {
    /// Mails `letter`; a failure is logged, never the caller's (what it is about is stored already).
    pub async fn post(&self, letter: crate::mail::Mail) {
        self.postbox.post(&letter).await;
    }

    fn origin(&self) -> &str {
        self.site_url.trim_end_matches('/')
    }

    /// The Join link of `session` for the holder of calendar `token`: works from a calendar
    /// program or a plain navigation, no sign-in header needed.
    pub fn join_url(&self, session_id: &str, token: &str) -> String {
        format!("{}/api/me/sessions/{session_id}/join?token={token}", self.origin())
    }

    /// The feed's https address.
    pub fn feed_url(&self, token: &str) -> String {
        format!("{}/calendar/{token}.ics", self.origin())
    }

    /// Where a student sees their classes.
    pub fn classes_url(&self) -> String {
        format!("{}/lms", self.origin())
    }
}

/// A recording attached to a session: a lecture of its batch, watched through the lecture list's
/// signed links.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecordingRef {
    pub batch_id: String,
    pub lecture_number: u32,
    pub title: String,
}

/// A session as a student sees it (`GET /api/me/sessions`): never its meeting link.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MySession {
    pub id: String,
    pub batch_id: String,
    pub batch_name: String,
    /// The batch's own zone (IANA), to show the batch's time beside the student's.
    #[schema(example = "Asia/Karachi")]
    pub time_zone: String,
    /// RFC 3339, UTC (`Z`).
    #[schema(example = "2026-03-30T14:00:00Z")]
    pub starts_at: String,
    /// RFC 3339, UTC (`Z`).
    pub ends_at: String,
    pub minutes: u32,
    pub status: SessionStatus,
    /// Why it was cancelled.
    pub reason: Option<String>,
    /// Whether the student counts as present (joined, or staff marked them present).
    pub attended: bool,
    /// Whether Join works now: from 10 minutes before the start to the end, unless cancelled.
    pub join_open: bool,
    /// RFC 3339, UTC: when Join opens.
    pub join_opens_at: String,
    /// The Join link (a plain navigation; carries the student's calendar token). Null once the
    /// session is cancelled or over.
    pub join_url: Option<String>,
    /// The recording, once staff attached one.
    pub recording: Option<RecordingRef>,
}

/// `GET /api/me/sessions` answer: the sessions of the student's batches in the span, by start.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct MySessions {
    pub sessions: Vec<MySession>,
}

/// `GET /api/me/calendar` answer: the private feed and the reminder setting.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MyCalendar {
    /// The feed, `https://…/calendar/{token}.ics`.
    pub url: String,
    /// The same as `webcal://…` (calendar programs subscribe to it).
    pub webcal_url: String,
    /// Subscribes in Google Calendar.
    pub google_url: String,
    /// Subscribes in Outlook on the web.
    pub outlook_url: String,
    /// Whether a mail comes 1 hour before each session.
    pub reminders: bool,
}

/// `PATCH /api/me/calendar` body.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CalendarChange {
    /// Mail 1 hour before each session (true) or not (false).
    pub reminders: bool,
}

/// Whether Join is open for `session` at `now`.
pub fn join_open(session: &LiveSession, now: i64) -> bool {
    session.status == SessionStatus::Scheduled
        && now >= session.starts_at - JOIN_OPENS_BEFORE_SECS
        && now < session.ends_at()
}

/// Where reminders are scheduled: the wiring's schedule (EventBridge Scheduler in AWS, the store
/// locally: the demo class's, `demo::reminders`).
#[async_trait]
pub trait ReminderSlots: Send + Sync {
    async fn schedule(&self, reminder: &crate::domain::DemoReminder) -> Result<(), String>;
    async fn unschedule(&self, reminder: &crate::domain::DemoReminder) -> Result<(), String>;
}

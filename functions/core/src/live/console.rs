//! Live classes as staff run them (a batch's section): the weekly timetable (saving it generates
//! the term's sessions), the sessions (cancel with a reason, move, change the link, attach the
//! recording, add a one-off), who attended each and staff's corrections, the term's percentages
//! and their spreadsheet, and the batch's minimum attendance for a certificate. Every write is in
//! the audit trail; the rules are the `live` feature's.

use crate::console::audit::recorded;
use crate::console::checks::{ahead, checked_start, checked_student, checked_url, in_range, noted, Names};
use crate::console::{sheet, Actor};
use crate::domain::{Batch, BatchLink};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::{json, json_body, ok, Answer};
use crate::live::messages::{self, Change};
use crate::live::reminders::{self, students};
use crate::live::timetable::{self, merge, occurrences, public_texts};
use crate::live::LiveRecords;
use crate::live::{
    attendance_percent, AttendanceMark, AttendanceRule, LiveSession, SessionAttendance, SessionStatus, Timetable,
    TimetableSlot, Weekday,
};
use crate::live::{Desk, RecordingRef, ReminderSlots};
use crate::store::{AuditRecords, CatalogRecords, EnrolmentRecords, GrantRecords, StudentRecords};
use crate::zones;
use crate::zones::batch_zone;
use chrono_tz::Tz;
use lambda_http::http::StatusCode;
use lambda_http::Request;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use utoipa::ToSchema;

/// The most slots a week may hold.
pub const MAX_SLOTS: usize = 14;
/// A session's shortest and longest length, in minutes.
pub const MIN_MINUTES: u32 = 15;
pub const MAX_MINUTES: u32 = 300;
/// The longest cancellation reason.
pub const MAX_REASON_CHARS: usize = 300;
/// The longest zone name (IANA names are shorter).
pub const MAX_ZONE_CHARS: usize = 64;
/// Room for a timetable of 14 slots with their own links.
pub const MAX_BODY: usize = 64 * 1024;
/// A slot's start as the contract names it.
pub const START_PATTERN: &str = "^([01][0-9]|2[0-3]):[0-5][0-9]$";

/// One weekly slot of `PUT /api/staff/batches/{batchId}/timetable`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SlotRequest {
    pub weekday: Weekday,
    /// The start, `HH:MM` (24-hour) in the timetable's zone.
    #[schema(example = "19:00")]
    pub start: String,
    #[serde(deserialize_with = "crate::http::whole::some_u32")]
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
    /// 1 to 14 weekly slots; two may not overlap.
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
    #[serde(deserialize_with = "crate::http::whole::some_u32")]
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
    #[serde(default, deserialize_with = "crate::http::whole::some_u32")]
    #[schema(minimum = 15, maximum = 300)]
    pub minutes: Option<u32>,
    /// A new meeting link.
    #[schema(max_length = 2048)]
    pub meeting_url: Option<String>,
    /// The recording: a lecture number of this batch; null takes it off.
    #[serde(default, deserialize_with = "crate::http::whole::present_u32")]
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
    #[serde(default, deserialize_with = "crate::http::whole::some_u32")]
    #[schema(minimum = 1, maximum = 100)]
    pub percent: Option<u32>,
}

/// The field an overlap of slots is noted under (answered 409, not 400).
const OVERLAP: &str = "slots (overlap)";

/// The longest term a timetable covers: a year (a mistyped date, not a plan).
pub const MAX_TERM_DAYS: i64 = 366;
/// How many writes a timetable's save makes at once.
const AT_ONCE: usize = 8;

/// Everything the console's live class handlers read and write.
pub trait LiveStaffStore:
    LiveRecords + CatalogRecords + StudentRecords + GrantRecords + EnrolmentRecords + AuditRecords
{
}
impl<T> LiveStaffStore for T where
    T: LiveRecords + CatalogRecords + StudentRecords + GrantRecords + EnrolmentRecords + AuditRecords + ?Sized
{
}

async fn find_batch(store: &(impl CatalogRecords + ?Sized), batch_id: &str) -> Result<Batch, ApiError> {
    let batch_id = ApiError::checked_id(batch_id, "batch")?;
    store.get_batch(batch_id).await?.ok_or_else(|| ApiError::NotFound("No batch has this id.".into()))
}

async fn find_session(store: &(impl LiveRecords + ?Sized), id: &str) -> Result<LiveSession, ApiError> {
    let id = ApiError::checked_id(id, "session")?;
    store.get_session(id).await?.ok_or_else(|| ApiError::NotFound("No session has this id.".into()))
}

/// What the views of a batch's sessions need: lecture titles and how many attended each.
struct Context {
    titles: BTreeMap<u32, String>,
    attended: BTreeMap<String, u32>,
}

impl Context {
    async fn of(store: &(impl LiveRecords + CatalogRecords + ?Sized), batch_id: &str) -> Result<Self, ApiError> {
        let titles = store.list_lectures(batch_id).await?.into_iter().map(|v| (v.lecture_number, v.title)).collect();
        let mut attended = BTreeMap::new();
        for record in store.attendance_of_batch(batch_id).await? {
            if record.counted() == AttendanceMark::Present {
                *attended.entry(record.session_id).or_insert(0) += 1;
            }
        }
        Ok(Self { titles, attended })
    }

    fn view(&self, session: &LiveSession) -> StaffSession {
        StaffSession {
            id: session.id.clone(),
            batch_id: session.batch_id.clone(),
            starts_at: zones::rfc3339(session.starts_at),
            ends_at: zones::rfc3339(session.ends_at()),
            minutes: session.minutes,
            status: session.status,
            reason: session.reason.clone(),
            sequence: session.sequence,
            meeting_url: session.meeting_url.clone(),
            extra: session.slot.is_none(),
            edited: session.edited,
            recording: session.recording.map(|number| RecordingRef {
                batch_id: session.batch_id.clone(),
                lecture_number: number,
                title: self.titles.get(&number).cloned().unwrap_or_default(),
            }),
            attended: self.attended.get(&session.id).copied().unwrap_or(0),
        }
    }
}

async fn session_views(
    store: &(impl LiveRecords + CatalogRecords + ?Sized),
    batch_id: &str,
) -> Result<Vec<StaffSession>, ApiError> {
    let context = Context::of(store, batch_id).await?;
    Ok(store.sessions_of(batch_id).await?.iter().map(|s| context.view(s)).collect())
}

fn timetable_view(timetable: &Timetable, batch: &Batch, zone: Tz, now: i64) -> TimetableView {
    let (schedule, timing) = public_texts(timetable, zone, now);
    TimetableView {
        time_zone: timetable.time_zone.clone(),
        slots: timetable
            .slots
            .iter()
            .map(|s| SlotView {
                weekday: s.weekday,
                start: s.start.clone(),
                minutes: s.minutes,
                meeting_url: s.meeting_url.clone(),
            })
            .collect(),
        meeting_url: timetable.meeting_url.clone(),
        term_start: batch.start_date.clone(),
        term_end: batch.end_date.clone(),
        schedule,
        timing,
        updated_at: zones::rfc3339(timetable.updated_at),
        updated_by: timetable.updated_by.clone(),
    }
}

async fn timetable_answer(
    store: &(impl LiveStaffStore + ?Sized),
    batch: &Batch,
    now: i64,
) -> Result<TimetableAnswer, ApiError> {
    let timetable = store.get_timetable(&batch.id).await?;
    let zone = batch_zone(store, &batch.id).await?;
    Ok(TimetableAnswer {
        timetable: timetable.as_ref().map(|t| timetable_view(t, batch, zone, now)),
        sessions: session_views(store, &batch.id).await?,
    })
}

/// The slots of a request, checked: each start, length and link, and no two overlapping.
fn checked_slots(slots: &[SlotRequest], fields: &mut BTreeMap<String, String>) -> Option<Vec<TimetableSlot>> {
    if slots.is_empty() || slots.len() > MAX_SLOTS {
        fields.insert("slots".into(), format!("must hold 1 to {MAX_SLOTS} weekly slots"));
        return None;
    }
    let mut checked = Vec::new();
    for (i, slot) in slots.iter().enumerate() {
        let start = timetable::start_time(&slot.start);
        if start.is_none() {
            fields.insert(format!("slots[{i}].start"), "must be a time HH:MM (24-hour)".into());
        }
        let minutes = noted(fields, &format!("slots[{i}].minutes"), in_range(slot.minutes, MIN_MINUTES, MAX_MINUTES));
        let url = match slot.meeting_url.as_deref() {
            None => Some(None),
            Some(url) => noted(fields, &format!("slots[{i}].meetingUrl"), checked_url(url)).map(Some),
        };
        if let (Some(_), Some(minutes), Some(meeting_url)) = (start, minutes, url) {
            checked.push(TimetableSlot { weekday: slot.weekday, start: slot.start.clone(), minutes, meeting_url });
        }
    }
    if !fields.is_empty() {
        return None;
    }
    // Minutes of the week each slot covers; the week wraps (a Sunday late class into Monday).
    let week = 7 * 24 * 60;
    let span = |s: &TimetableSlot| {
        let day = s.weekday as i64;
        let start = timetable::start_time(&s.start).map(|t| (t - chrono::NaiveTime::MIN).num_minutes()).unwrap_or(0);
        (day * 24 * 60 + start, i64::from(s.minutes))
    };
    for (i, a) in checked.iter().enumerate() {
        for b in &checked[i + 1..] {
            let ((a0, al), (b0, bl)) = (span(a), span(b));
            let apart = |x: i64, xl: i64, y: i64| (y - x).rem_euclid(week) >= xl;
            if !(apart(a0, al, b0) && apart(b0, bl, a0)) {
                fields.insert(OVERLAP.into(), "two slots overlap: give each its own time".into());
                return None;
            }
        }
    }
    Some(checked)
}

/// The term of `batch` in `zone`: its first and last dates, or why there is none to plan.
fn term(batch: &Batch) -> Result<(chrono::NaiveDate, chrono::NaiveDate), ApiError> {
    let (Some(first), Some(last)) = (timetable::date(&batch.start_date), timetable::date(&batch.end_date)) else {
        return Err(ApiError::Conflict(
            "The batch's start and end dates must be dates (YYYY-MM-DD) to plan its term.".into(),
        ));
    };
    if last < first || (last - first).num_days() > MAX_TERM_DAYS {
        return Err(ApiError::Conflict("The batch's term must end after it starts, within a year.".into()));
    }
    Ok((first, last))
}

/// What the console's writes store, mail, schedule and audit with, at `now`.
pub struct LiveConsole<'a, S: LiveStaffStore + ?Sized> {
    pub store: &'a S,
    pub desk: &'a Desk,
    pub reminders: &'a dyn ReminderSlots,
    pub actor: &'a Actor,
    pub now: i64,
}

impl<S: LiveStaffStore + ?Sized> LiveConsole<'_, S> {
    async fn audited<T>(
        &self,
        action: &str,
        target: &str,
        detail: Option<String>,
        result: Result<T, ApiError>,
    ) -> Result<T, ApiError> {
        recorded(self.store, self.actor, action, target, detail, result).await
    }

    /// Mails each active student of the batch `letter_for` them, once.
    async fn mail_students(
        &self,
        batch_id: &str,
        letter_for: impl Fn(&messages::Student) -> crate::mail::Mail,
    ) -> Result<(), ApiError> {
        for student in students(self.store, batch_id, false, self.now).await? {
            self.desk.post(letter_for(&student)).await;
        }
        Ok(())
    }

    async fn save_timetable(&self, req: &Request, batch_id: &str) -> Result<TimetableAnswer, ApiError> {
        let body: TimetableRequest = json_body(req, MAX_BODY, |_| {
            "The body must be JSON: timeZone, slots [{weekday, start, minutes}] and meetingUrl.".into()
        })?;
        // The batch first: an unknown one is 404 whatever the body says.
        let mut batch = find_batch(self.store, batch_id).await?;
        let mut fields = BTreeMap::new();
        let zone = timetable::zone(&body.time_zone).filter(|_| body.time_zone.len() <= MAX_ZONE_CHARS);
        if zone.is_none() {
            fields.insert("timeZone".into(), "must be an IANA time zone, e.g. Asia/Karachi".into());
        }
        let meeting_url = noted(&mut fields, "meetingUrl", checked_url(&body.meeting_url));
        let slots = checked_slots(&body.slots, &mut fields);
        if fields.keys().eq([OVERLAP]) {
            // Each slot is well formed; together they contradict each other (no schema can say it).
            return Err(ApiError::Conflict("Two slots overlap: give each its own time.".into()));
        }
        let (Some(zone), Some(meeting_url), Some(slots)) = (zone, meeting_url, slots) else {
            return Err(ApiError::Invalid { fields });
        };
        let (first, last) = term(&batch)?;
        let today = chrono::TimeZone::timestamp_opt(&chrono::Utc, self.now, 0)
            .single()
            .unwrap_or_default()
            .with_timezone(&zone)
            .date_naive();
        if last < today {
            return Err(ApiError::Conflict("The batch's term is over: there are no sessions left to plan.".into()));
        }
        let timetable = Timetable {
            batch_id: batch.id.clone(),
            time_zone: zone.name().to_owned(),
            slots,
            meeting_url,
            updated_at: self.now,
            updated_by: self.actor.name().to_owned(),
        };
        self.store.put_timetable(&timetable).await?;
        let existing = self.store.sessions_of(&batch.id).await?;
        let planned = occurrences(&timetable, zone, first.max(today), last);
        let merged = merge(&batch.id, &existing, &planned, self.now, &mut crate::ids::generate);
        for chunk in merged.put.chunks(AT_ONCE) {
            futures::future::try_join_all(chunk.iter().map(|s| self.store.put_session(s))).await?;
        }
        for session in &merged.removed {
            self.store.delete_session(&session.id).await?;
            reminders::plan(self.reminders, None, Some(session), self.now).await;
        }
        for session in &merged.put {
            let before = existing.iter().find(|s| s.id == session.id);
            reminders::plan(self.reminders, Some(session), before, self.now).await;
        }
        let (schedule, timing) = public_texts(&timetable, zone, self.now);
        if batch.schedule != schedule || batch.timing != timing {
            batch.schedule = schedule.clone();
            batch.timing = timing.clone();
            self.store.put_batch(&batch).await?;
        }
        if merged.changed {
            self.mail_students(&batch.id, |to| {
                messages::timetable_changed(self.desk, &batch.id, &batch.name, &schedule, &timing, to)
            })
            .await?;
        }
        timetable_answer(self.store, &batch, self.now).await
    }

    async fn add_session(&self, req: &Request, batch_id: &str) -> Result<StaffSession, ApiError> {
        let body: NewSession = json_body(req, MAX_BODY, |_| {
            "The body must be JSON: startsAt, minutes, and optionally meetingUrl.".into()
        })?;
        let batch = find_batch(self.store, batch_id).await?;
        let mut fields = BTreeMap::new();
        let starts_at = noted(&mut fields, "startsAt", checked_start(&body.starts_at));
        let minutes = noted(&mut fields, "minutes", in_range(body.minutes, MIN_MINUTES, MAX_MINUTES));
        let url = match body.meeting_url.as_deref() {
            None => Some(None),
            Some(url) => noted(&mut fields, "meetingUrl", checked_url(url)).map(Some),
        };
        let (Some(starts_at), Some(minutes), Some(url)) = (starts_at, minutes, url) else {
            return Err(ApiError::Invalid { fields });
        };
        ahead(starts_at, self.now)?;
        let meeting_url = match url {
            Some(url) => url,
            None => self.store.get_timetable(&batch.id).await?.map(|t| t.meeting_url).ok_or_else(|| {
                ApiError::Conflict(
                    "Give the session a meeting link: the batch has no timetable to take one from.".into(),
                )
            })?,
        };
        let session = LiveSession {
            id: crate::ids::generate(),
            batch_id: batch.id.clone(),
            starts_at,
            minutes,
            status: SessionStatus::Scheduled,
            reason: None,
            sequence: 0,
            meeting_url,
            slot: None,
            origin: None,
            edited: false,
            recording: None,
            created_at: self.now,
        };
        self.store.put_session(&session).await?;
        reminders::plan(self.reminders, Some(&session), None, self.now).await;
        let zone = batch_zone(self.store, &batch.id).await?;
        self.mail_students(&batch.id, |to| {
            messages::change(self.desk, &batch.name, &session, zone, &Change::Added, to)
        })
        .await?;
        Ok(Context::of(self.store, &batch.id).await?.view(&session))
    }

    async fn change_session(&self, req: &Request, id: &str) -> Result<(&'static str, StaffSession), ApiError> {
        let change: SessionChange = json_body(req, MAX_BODY, |_| {
            "The body must be JSON: any of status (cancelled) with reason, startsAt, minutes, meetingUrl and recording."
                .into()
        })?;
        // The session first: an unknown one is 404 whatever the body says.
        let before = find_session(self.store, id).await?;
        let mut fields = BTreeMap::new();
        let reason = change.reason.as_deref().map(str::trim);
        let cancel = change.status == Some(StatusChange::Cancelled);
        if reason.is_some_and(|r| r.is_empty() || r.chars().count() > MAX_REASON_CHARS) {
            fields.insert("reason".into(), format!("must say why, in 1 to {MAX_REASON_CHARS} characters"));
        }
        let starts_at = change.starts_at.as_deref().and_then(|t| noted(&mut fields, "startsAt", checked_start(t)));
        let minutes =
            change.minutes.and_then(|m| noted(&mut fields, "minutes", in_range(Some(m), MIN_MINUTES, MAX_MINUTES)));
        let url = change.meeting_url.as_deref().and_then(|u| noted(&mut fields, "meetingUrl", checked_url(u)));
        if matches!(change.recording, Some(Some(0))) {
            fields.insert("recording".into(), "must be a lecture number (from 1)".into());
        }
        if !fields.is_empty() {
            return Err(ApiError::Invalid { fields });
        }
        // Each field well formed, together contradictory (no schema can say it): 409, as a conflict.
        if cancel && reason.is_none() {
            return Err(ApiError::Conflict("A cancellation needs a reason: say why, in 1 to 300 characters.".into()));
        }
        if !cancel && reason.is_some() {
            return Err(ApiError::Conflict("A reason goes with status cancelled.".into()));
        }
        if cancel && (change.starts_at.is_some() || change.minutes.is_some()) {
            return Err(ApiError::Conflict("Cancel the session, or move it: not both at once.".into()));
        }
        let mut session = before.clone();
        let moving = starts_at.is_some_and(|at| at != before.starts_at) || minutes.is_some_and(|m| m != before.minutes);
        if before.status == SessionStatus::Cancelled && (cancel || moving || url.is_some()) {
            return Err(ApiError::Conflict("This session was cancelled.".into()));
        }
        if moving && before.starts_at <= self.now {
            return Err(ApiError::Conflict("This session has begun: it can no longer be moved.".into()));
        }
        if cancel && before.ends_at() <= self.now {
            return Err(ApiError::Conflict("This session is over: it can no longer be cancelled.".into()));
        }
        if let Some(at) = starts_at.filter(|at| *at != before.starts_at) {
            ahead(at, self.now)?;
            session.starts_at = at;
        }
        if let Some(minutes) = minutes {
            session.minutes = minutes;
        }
        if let Some(url) = url {
            session.meeting_url = url;
            session.edited = true;
        }
        if let Some(recording) = change.recording {
            if let Some(number) = recording {
                if self.store.get_lecture(&session.batch_id, number).await?.is_none() {
                    return Err(ApiError::NotFound("This batch has no lecture with this number.".into()));
                }
            }
            session.recording = recording;
        }
        if cancel {
            session.status = SessionStatus::Cancelled;
            session.reason = reason.map(str::to_owned);
        }
        if cancel || moving {
            session.sequence += 1;
            session.edited = true;
        }
        self.store.put_session(&session).await?;
        reminders::plan(self.reminders, Some(&session), Some(&before), self.now).await;
        let letter = if cancel {
            Some(Change::Cancelled { reason: session.reason.clone().unwrap_or_default() })
        } else if moving {
            Some(Change::Moved { from: before.starts_at })
        } else {
            None
        };
        if let Some(change) = &letter {
            let batch = self.store.get_batch(&session.batch_id).await?.map(|b| b.name).unwrap_or_default();
            let zone = batch_zone(self.store, &session.batch_id).await?;
            self.mail_students(&session.batch_id, |to| messages::change(self.desk, &batch, &session, zone, change, to))
                .await?;
        }
        let action = match (&letter, change.recording.is_some()) {
            (Some(Change::Cancelled { .. }), _) => "live.session.cancel",
            (Some(_), _) => "live.session.move",
            (None, true) => "live.session.recording",
            (None, false) => "live.session.update",
        };
        Ok((action, Context::of(self.store, &session.batch_id).await?.view(&session)))
    }

    async fn correct(&self, req: &Request, id: &str, student: &str) -> Result<AttendanceRow, ApiError> {
        let body: AttendanceCorrection = json_body(req, MAX_BODY, |_| {
            "The body must be JSON: {\"mark\": \"present\", \"absent\", \"excused\" or null}.".into()
        })?;
        let session = find_session(self.store, id).await?;
        let sub = checked_student(student)?;
        let roster = Roster::of(self.store, &session.batch_id).await?;
        let Some((name, email)) = roster.name_of(sub) else {
            return Err(ApiError::NotFound("No student of this batch has this id.".into()));
        };
        if session.status == SessionStatus::Cancelled {
            return Err(ApiError::Conflict("This session was cancelled: there is no attendance to correct.".into()));
        }
        let mut record = self.store.get_attendance(&session.id, sub).await?.unwrap_or(SessionAttendance {
            session_id: session.id.clone(),
            batch_id: session.batch_id.clone(),
            sub: sub.to_owned(),
            joined_at: None,
            mark: None,
            marked_by: None,
            marked_at: None,
        });
        record.mark = body.mark;
        record.marked_by = body.mark.map(|_| self.actor.name().to_owned());
        record.marked_at = body.mark.map(|_| self.now);
        self.store.put_attendance(&record).await?;
        Ok(row(&record, name, email))
    }

    async fn set_minimum(&self, req: &Request, batch_id: &str) -> Result<AttendanceMinimum, ApiError> {
        let body: AttendanceMinimum =
            json_body(req, MAX_BODY, |_| "The body must be JSON: {\"percent\": 1 to 100, or null}.".into())?;
        if body.percent.is_some_and(|p| !(1..=100).contains(&p)) {
            let fields =
                BTreeMap::from([("percent".to_owned(), "must be a whole number from 1 to 100, or null".to_owned())]);
            return Err(ApiError::Invalid { fields });
        }
        let batch = find_batch(self.store, batch_id).await?;
        match body.percent {
            Some(percent) => {
                let rule = AttendanceRule {
                    batch_id: batch.id,
                    min_percent: percent,
                    set_by: self.actor.name().to_owned(),
                    set_at: self.now,
                };
                self.store.put_attendance_rule(&rule).await?;
            }
            None => self.store.delete_attendance_rule(&batch.id).await?,
        }
        Ok(body)
    }
}

/// The batch's students as attendance lists them: every account linked to it, and every account
/// with attendance recorded (a revoked student keeps their history), with their names.
struct Roster {
    students: BTreeMap<String, (String, String)>,
}

impl Roster {
    async fn of(store: &(impl LiveStaffStore + ?Sized), batch_id: &str) -> Result<Self, ApiError> {
        let names = Names::of(store, batch_id).await?;
        let mut students = BTreeMap::new();
        for link in store.list_batch_links(batch_id).await? {
            let name = names.name(store, &link).await?;
            students.insert(link.sub.clone(), name);
        }
        let enrolments = store.list_enrolments(batch_id).await?;
        for record in store.attendance_of_batch(batch_id).await? {
            if students.contains_key(&record.sub) {
                continue;
            }
            let former = enrolments.iter().find(|e| e.revoked_accounts.contains(&record.sub));
            let name = match former {
                Some(e) => (e.name.clone(), e.email.clone()),
                None => {
                    let link = BatchLink {
                        sub: record.sub.clone(),
                        batch_id: batch_id.into(),
                        secret_hash: String::new(),
                        linked_at: 0,
                    };
                    names.name(store, &link).await.unwrap_or_else(|_| ("Former student".into(), String::new()))
                }
            };
            students.insert(record.sub, name);
        }
        Ok(Self { students })
    }

    fn name_of(&self, sub: &str) -> Option<(String, String)> {
        self.students.get(sub).cloned()
    }

    /// By name, then id.
    fn sorted(&self) -> Vec<(&String, &(String, String))> {
        let mut all: Vec<_> = self.students.iter().collect();
        all.sort_by_key(|(sub, (name, _))| (name.to_lowercase(), (*sub).clone()));
        all
    }
}

fn row(record: &SessionAttendance, name: String, email: String) -> AttendanceRow {
    AttendanceRow {
        student_id: record.sub.clone(),
        name,
        email,
        joined_at: record.joined_at.map(zones::rfc3339),
        mark: record.mark,
        attendance: record.counted(),
        marked_by: record.marked_by.clone(),
    }
}

/// The sessions held by `now` (ended, not cancelled), by start.
fn held(sessions: &[LiveSession], now: i64) -> Vec<&LiveSession> {
    sessions.iter().filter(|s| s.status == SessionStatus::Scheduled && s.ends_at() <= now).collect()
}

/// Each student's attendance over the held sessions: (sub, name, email, marks by session).
type Ledger = Vec<(String, String, String, Vec<AttendanceMark>)>;

async fn ledger(
    store: &(impl LiveStaffStore + ?Sized),
    batch_id: &str,
    now: i64,
) -> Result<(Vec<LiveSession>, Ledger), ApiError> {
    let sessions = store.sessions_of(batch_id).await?;
    let held: Vec<LiveSession> = held(&sessions, now).into_iter().cloned().collect();
    let roster = Roster::of(store, batch_id).await?;
    let mut records: BTreeMap<(String, String), SessionAttendance> = BTreeMap::new();
    for record in store.attendance_of_batch(batch_id).await? {
        records.insert((record.sub.clone(), record.session_id.clone()), record);
    }
    let ledger = roster
        .sorted()
        .into_iter()
        .map(|(sub, (name, email))| {
            let marks = held
                .iter()
                .map(|s| records.get(&(sub.clone(), s.id.clone())).map_or(AttendanceMark::Absent, |r| r.counted()))
                .collect();
            (sub.clone(), name.clone(), email.clone(), marks)
        })
        .collect();
    Ok((held, ledger))
}

fn counts(marks: &[AttendanceMark]) -> (u32, u32, u32) {
    let n = |m: AttendanceMark| marks.iter().filter(|x| **x == m).count() as u32;
    (n(AttendanceMark::Present), n(AttendanceMark::Absent), n(AttendanceMark::Excused))
}

/// Each student's percentage in `batch_id` at `now` (by account), for the batch report and the certificate rule.
pub async fn percentages(
    store: &(impl LiveStaffStore + ?Sized),
    batch_id: &str,
    now: i64,
) -> Result<BTreeMap<String, Option<u32>>, ApiError> {
    let (held, ledger) = ledger(store, batch_id, now).await?;
    Ok(ledger
        .into_iter()
        .map(|(sub, _, _, marks)| {
            let (present, _, excused) = counts(&marks);
            (sub, attendance_percent(held.len() as u32, present, excused))
        })
        .collect())
}

#[utoipa::path(get, path = "/api/staff/batches/{batchId}/timetable", tag = "staff", operation_id = "staff_timetable", security(("bearer" = [])),
    params(("batchId" = String, Path, description = "24 lowercase hex characters")),
    responses((status = 200, description = "the timetable (null: none yet) and the batch's sessions", body = TimetableAnswer),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn timetable(store: &(impl LiveStaffStore + ?Sized), batch_id: &str, now: i64) -> Answer {
    let batch = find_batch(store, batch_id).await?;
    Ok(ok(&timetable_answer(store, &batch, now).await?))
}

#[utoipa::path(put, path = "/api/staff/batches/{batchId}/timetable", tag = "staff", operation_id = "staff_save_timetable", security(("bearer" = [])),
    description = "Saves the timetable and generates the term's sessions from it (from today on, in the timetable's \
        zone, stored as UTC instants). Sessions already begun or held, sessions staff edited by hand (moved, \
        cancelled, relinked) and extra sessions are kept as they are; a future session the new timetable still has \
        at the same time keeps its id (its calendar event, reminder and recording); future sessions it no longer \
        has are removed (they leave the feed); new ones are added. When students' future sessions changed they are \
        mailed once. The batch's public schedule and timing follow the timetable.",
    params(("batchId" = String, Path, description = "24 lowercase hex characters")), request_body = TimetableRequest,
    responses((status = 200, description = "the timetable and the batch's sessions", body = TimetableAnswer),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "two slots overlap, the batch's start or end date is not a date, or the term is over", body = ErrorBody)))]
pub async fn save_timetable(
    console: &LiveConsole<'_, impl LiveStaffStore + ?Sized>,
    req: &Request,
    batch_id: &str,
) -> Answer {
    let result = console.save_timetable(req, batch_id).await;
    let answer = console.audited("live.timetable.save", batch_id, None, result).await?;
    Ok(ok(&answer))
}

#[utoipa::path(get, path = "/api/staff/batches/{batchId}/sessions", tag = "staff", operation_id = "staff_sessions", security(("bearer" = [])),
    params(("batchId" = String, Path, description = "24 lowercase hex characters")),
    responses((status = 200, description = "every session of the batch, cancelled ones too, by start", body = StaffSessions),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn sessions(store: &(impl LiveStaffStore + ?Sized), batch_id: &str) -> Answer {
    let batch = find_batch(store, batch_id).await?;
    Ok(ok(&StaffSessions { sessions: session_views(store, &batch.id).await? }))
}

#[utoipa::path(post, path = "/api/staff/batches/{batchId}/sessions", tag = "staff", operation_id = "staff_add_session", security(("bearer" = [])),
    params(("batchId" = String, Path, description = "24 lowercase hex characters")), request_body = NewSession,
    responses((status = 201, description = "added; the batch's students are mailed once", body = StaffSession),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "the start has passed, or no meeting link (no timetable and none given)", body = ErrorBody)))]
pub async fn add_session(
    console: &LiveConsole<'_, impl LiveStaffStore + ?Sized>,
    req: &Request,
    batch_id: &str,
) -> Answer {
    let result = console.add_session(req, batch_id).await;
    let target = result.as_ref().map_or_else(|_| batch_id.to_owned(), |s| s.id.clone());
    let session = console.audited("live.session.add", &target, None, result).await?;
    Ok(json(StatusCode::CREATED, &session))
}

#[utoipa::path(patch, path = "/api/staff/sessions/{id}", tag = "staff", operation_id = "staff_change_session", security(("bearer" = [])),
    params(("id" = String, Path, description = "the session's id, 24 lowercase hex characters")), request_body = SessionChange,
    responses((status = 200, description = "changed; a cancellation or a move mails each student once and raises the event's SEQUENCE", body = StaffSession),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, description = "no such session, or no such lecture in its batch", body = ErrorBody),
        (status = 409, description = "cancelled already, begun (no move), over (no cancel), the new start has passed, a cancellation without a reason (or a reason without one), or a cancellation and a move at once", body = ErrorBody)))]
pub async fn change_session(
    console: &LiveConsole<'_, impl LiveStaffStore + ?Sized>,
    req: &Request,
    id: &str,
) -> Answer {
    let result = console.change_session(req, id).await;
    let action = result.as_ref().map_or("live.session.update", |(action, _)| *action);
    let (_, session) = console.audited(action, id, None, result).await?;
    Ok(ok(&session))
}

#[utoipa::path(get, path = "/api/staff/sessions/{id}/attendance", tag = "staff", operation_id = "staff_session_attendance", security(("bearer" = [])),
    params(("id" = String, Path, description = "the session's id, 24 lowercase hex characters")),
    responses((status = 200, description = "every student of the batch, by name, with their join and staff's mark", body = SessionAttendanceView),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn session_attendance(store: &(impl LiveStaffStore + ?Sized), id: &str) -> Answer {
    let session = find_session(store, id).await?;
    let roster = Roster::of(store, &session.batch_id).await?;
    let records: BTreeMap<String, SessionAttendance> =
        store.attendance_of_session(&session.id).await?.into_iter().map(|r| (r.sub.clone(), r)).collect();
    let students = roster
        .sorted()
        .into_iter()
        .map(|(sub, (name, email))| {
            let record = records.get(sub).cloned().unwrap_or(SessionAttendance {
                session_id: session.id.clone(),
                batch_id: session.batch_id.clone(),
                sub: sub.clone(),
                joined_at: None,
                mark: None,
                marked_by: None,
                marked_at: None,
            });
            row(&record, name.clone(), email.clone())
        })
        .collect();
    let view = Context::of(store, &session.batch_id).await?.view(&session);
    Ok(ok(&SessionAttendanceView { session: view, students }))
}

#[utoipa::path(put, path = "/api/staff/sessions/{id}/attendance/{studentId}", tag = "staff", operation_id = "staff_correct_attendance", security(("bearer" = [])),
    params(("id" = String, Path, description = "the session's id, 24 lowercase hex characters"),
        ("studentId" = String, Path, description = "the account's id, as the attendance lists name it")),
    request_body = AttendanceCorrection,
    responses((status = 200, description = "the student's row as it now stands", body = AttendanceRow),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, description = "no such session, or no such student of its batch", body = ErrorBody),
        (status = 409, description = "the session is cancelled", body = ErrorBody)))]
pub async fn correct(
    console: &LiveConsole<'_, impl LiveStaffStore + ?Sized>,
    req: &Request,
    id: &str,
    student: &str,
) -> Answer {
    let result = console.correct(req, id, student).await;
    let detail =
        result.as_ref().ok().map(|r| format!("{student}: {}", serde_json::to_string(&r.mark).unwrap_or_default()));
    let row = console.audited("live.attendance.correct", id, detail, result).await?;
    Ok(ok(&row))
}

#[utoipa::path(get, path = "/api/staff/batches/{batchId}/attendance", tag = "staff", operation_id = "staff_batch_attendance", security(("bearer" = [])),
    params(("batchId" = String, Path, description = "24 lowercase hex characters")),
    responses((status = 200, description = "each student's attendance over the sessions held, by name", body = BatchAttendance),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn batch_attendance(store: &(impl LiveStaffStore + ?Sized), batch_id: &str, now: i64) -> Answer {
    let batch = find_batch(store, batch_id).await?;
    let (held, ledger) = ledger(store, &batch.id, now).await?;
    let students = ledger
        .into_iter()
        .map(|(student_id, name, email, marks)| {
            let (present, absent, excused) = counts(&marks);
            StudentAttendance {
                student_id,
                name,
                email,
                present,
                absent,
                excused,
                percent: attendance_percent(held.len() as u32, present, excused),
            }
        })
        .collect();
    let minimum_percent = store.get_attendance_rule(&batch.id).await?.map(|r| r.min_percent);
    Ok(ok(&BatchAttendance { sessions_held: held.len() as u32, minimum_percent, students }))
}

#[utoipa::path(get, path = "/api/staff/batches/{batchId}/attendance.csv", tag = "staff", operation_id = "staff_batch_attendance_csv", security(("bearer" = [])),
    params(("batchId" = String, Path, description = "24 lowercase hex characters")),
    responses(
        (status = 200, description = "one row per student: name, e-mail, present, absent, excused, percent, then one column per session held (its start in the batch's zone) saying present, absent or excused; formula cells made inert", content_type = "text/csv", body = String),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
    ))]
pub async fn batch_attendance_csv(store: &(impl LiveStaffStore + ?Sized), batch_id: &str, now: i64) -> Answer {
    let batch = find_batch(store, batch_id).await?;
    let zone = batch_zone(store, &batch.id).await?;
    let (held, ledger) = ledger(store, &batch.id, now).await?;
    let columns: Vec<String> = held
        .iter()
        .map(|s| {
            chrono::TimeZone::timestamp_opt(&chrono::Utc, s.starts_at, 0)
                .single()
                .unwrap_or_default()
                .with_timezone(&zone)
                .format("%Y-%m-%d %H:%M")
                .to_string()
        })
        .collect();
    let mut header = vec!["Name", "Email", "Present", "Absent", "Excused", "Percent"];
    header.extend(columns.iter().map(String::as_str));
    let word = |m: &AttendanceMark| match m {
        AttendanceMark::Present => "present",
        AttendanceMark::Absent => "absent",
        AttendanceMark::Excused => "excused",
    };
    let rows: Vec<Vec<String>> = ledger
        .iter()
        .map(|(_, name, email, marks)| {
            let (present, absent, excused) = counts(marks);
            let percent =
                attendance_percent(held.len() as u32, present, excused).map(|p| p.to_string()).unwrap_or_default();
            let mut cells = vec![
                name.clone(),
                email.clone(),
                present.to_string(),
                absent.to_string(),
                excused.to_string(),
                percent,
            ];
            cells.extend(marks.iter().map(|m| word(m).to_owned()));
            cells
        })
        .collect();
    let name: String =
        batch.name.chars().map(|c| if c.is_ascii_alphanumeric() || c == '-' { c } else { '-' }).collect();
    sheet::download(&format!("attendance-{name}.csv"), &header, rows)
}

#[utoipa::path(put, path = "/api/staff/batches/{batchId}/attendance/minimum", tag = "staff", operation_id = "staff_attendance_minimum", security(("bearer" = [])),
    description = "The least attendance (present ÷ (held − excused)) a student needs for the batch's certificate; \
        null: not required (the default). A certificate already issued stays.",
    params(("batchId" = String, Path, description = "24 lowercase hex characters")), request_body = AttendanceMinimum,
    responses((status = 200, description = "the minimum as it now stands", body = AttendanceMinimum),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn set_minimum(
    console: &LiveConsole<'_, impl LiveStaffStore + ?Sized>,
    req: &Request,
    batch_id: &str,
) -> Answer {
    let result = console.set_minimum(req, batch_id).await;
    let detail = result.as_ref().ok().map(|m| m.percent.map_or("not required".into(), |p| format!("{p} %")));
    let minimum = console.audited("live.attendance.minimum", batch_id, detail, result).await?;
    Ok(ok(&minimum))
}

/// The demo batches' timetables, matching their cards: each batch with no timetable whose
/// `schedule`/`timing` texts read as weekly slots (`Mon, Wed, Fri`, `7:00 PM – 9:00 PM PKT`) gets
/// one in Asia/Karachi with a meeting link of its own, and its sessions from today to its term's
/// end (`make dev`, `academy seed`). How many batches were given one.
pub async fn seed_timetables(
    store: &(impl LiveStaffStore + ?Sized),
    reminders: &dyn ReminderSlots,
    now: i64,
) -> Result<usize, ApiError> {
    let zone = timetable::zone(timetable::DEFAULT_ZONE).unwrap_or(chrono_tz::Asia::Karachi);
    let today = chrono::TimeZone::timestamp_opt(&chrono::Utc, now, 0)
        .single()
        .unwrap_or_default()
        .with_timezone(&zone)
        .date_naive();
    let mut seeded = 0;
    for batch in store.list_batches().await? {
        if store.get_timetable(&batch.id).await?.is_some() {
            continue;
        }
        let (Some(slots), Ok((first, last))) =
            (timetable::slots_from_texts(&batch.schedule, &batch.timing), term(&batch))
        else {
            continue;
        };
        let room: String = batch.name.chars().filter(char::is_ascii_alphanumeric).collect();
        let timetable = Timetable {
            batch_id: batch.id.clone(),
            time_zone: timetable::DEFAULT_ZONE.into(),
            slots,
            meeting_url: format!("https://meet.jit.si/SkylineTechAcademy-{room}"),
            updated_at: now,
            updated_by: "academy seed".into(),
        };
        store.put_timetable(&timetable).await?;
        let planned = occurrences(&timetable, zone, first.max(today), last);
        let merged = merge(&batch.id, &[], &planned, now, &mut crate::ids::generate);
        for session in &merged.put {
            store.put_session(session).await?;
            reminders::plan(reminders, Some(session), None, now).await;
        }
        seeded += 1;
    }
    Ok(seeded)
}

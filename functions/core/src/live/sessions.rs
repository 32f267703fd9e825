//! The student's side of live classes: their sessions in a span (`GET /api/me/sessions`), Join
//! (`GET /api/me/sessions/{id}/join`: the enrolment checked at the click, attendance recorded
//! once, a redirect to the meeting inside the window), and their calendar settings (the feed's
//! address, resetting its token, reminders on or off).

use super::{
    join_open, CalendarChange, Desk, MyCalendar, MySession, MySessions, RecordingRef, JOIN_OPENS_BEFORE_SECS,
    TOKEN_CHARS,
};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::identity::Student;
use crate::http::{json_body, ok, query_value, Answer};
use crate::live::LiveRecords;
use crate::live::{AttendanceMark, LiveSession, SessionAttendance, SessionStatus, StudentCalendar};
use crate::store::{CatalogRecords, EnrolmentRecords, GrantRecords, StoreError, StudentRecords};
use crate::zones;
use chrono_tz::Tz;
use lambda_http::http::StatusCode;
use lambda_http::{Body, Request, Response};
use std::collections::BTreeMap;

/// Everything the student's side reads and writes.
pub trait LiveStore: LiveRecords + CatalogRecords + StudentRecords + GrantRecords + EnrolmentRecords {}
impl<T: LiveRecords + CatalogRecords + StudentRecords + GrantRecords + EnrolmentRecords + ?Sized> LiveStore for T {}

/// What the student's handlers work with, at `now`.
pub struct Classes<'a, S: LiveStore + ?Sized> {
    pub store: &'a S,
    pub desk: &'a Desk,
    pub now: i64,
}

/// The most a `PATCH /api/me/calendar` body may be.
pub const MAX_BODY: usize = 1024;

#[utoipa::path(get, path = "/api/me/sessions", tag = "me", operation_id = "my_sessions", security(("bearer" = [])),
    params(
        ("from" = Option<String>, Query, description = "RFC 3339; default: the start of the student's terms"),
        ("to" = Option<String>, Query, description = "RFC 3339; default: the end of the student's terms"),
    ),
    responses((status = 200, description = "the sessions of every batch the student is actively enrolled in, by start (never a meeting link)", body = MySessions),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub async fn mine(classes: &Classes<'_, impl LiveStore + ?Sized>, student: &Student, req: &Request) -> Answer {
    classes.mine(student, req).await
}

#[utoipa::path(get, path = "/api/me/sessions/{id}/join", tag = "me", operation_id = "join_session",
    description = "A plain navigation (a link on /lms, or an event's URL in a calendar program): the student is \
        named by `token` (their calendar token, as the sessions answer's joinUrl carries it) or by a bearer token. \
        The enrolment is checked now; the first join inside the window is recorded as attendance.",
    params(
        ("id" = String, Path, description = "the session's id, 24 lowercase hex characters"),
        ("token" = Option<String>, Query, description = "the student's calendar token"),
    ),
    responses(
        (status = 302, description = "inside the window (10 minutes before the start to the end): to the meeting link", headers(("Location" = String))),
        (status = 400, body = ErrorBody), (status = 401, description = "neither a token nor a bearer token", body = ErrorBody),
        (status = 403, description = "not enrolled (or revoked), the session is cancelled, Join is not open yet, or the session is over", body = ErrorBody),
        (status = 404, description = "no such session, or the token is not one we gave", body = ErrorBody),
    ))]
pub async fn join(
    classes: &Classes<'_, impl LiveStore + ?Sized>,
    req: &Request,
    id: &str,
    signed_in: Option<Student>,
) -> Answer {
    classes.join(req, id, signed_in).await
}

#[utoipa::path(get, path = "/api/me/calendar", tag = "me", operation_id = "my_calendar", security(("bearer" = [])),
    responses((status = 200, description = "the private feed's address (made on first use) and the reminder setting", body = MyCalendar),
        (status = 401, body = ErrorBody)))]
pub async fn calendar(classes: &Classes<'_, impl LiveStore + ?Sized>, student: &Student) -> Answer {
    classes.calendar(student).await
}

#[utoipa::path(patch, path = "/api/me/calendar", tag = "me", operation_id = "change_my_calendar", security(("bearer" = [])),
    request_body = CalendarChange,
    responses((status = 200, body = MyCalendar), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody)))]
pub async fn change_calendar(
    classes: &Classes<'_, impl LiveStore + ?Sized>,
    student: &Student,
    req: &Request,
) -> Answer {
    classes.change_calendar(student, req).await
}

#[utoipa::path(post, path = "/api/me/calendar/token", tag = "me", operation_id = "reset_my_calendar", security(("bearer" = [])),
    description = "A new feed address; the old one, and the Join links carrying it, stop working.",
    responses((status = 200, body = MyCalendar), (status = 401, body = ErrorBody)))]
pub async fn reset_calendar(classes: &Classes<'_, impl LiveStore + ?Sized>, student: &Student) -> Answer {
    classes.reset_calendar(student).await
}

/// The batches `sub` may join at `now`: linked, with the grant behind the link still active (a
/// revoked or expired enrolment has none).
pub async fn active_batches(
    store: &(impl StudentRecords + GrantRecords + ?Sized),
    sub: &str,
    now: i64,
) -> Result<Vec<String>, StoreError> {
    let mut batches = Vec::new();
    for link in store.list_links(sub).await? {
        let grant = store.find_grant(&link.batch_id, &link.secret_hash).await?;
        if grant.is_some_and(|g| g.is_active_at(now)) {
            batches.push(link.batch_id);
        }
    }
    Ok(batches)
}

/// Whether `sub` may join `batch_id`'s sessions at `now`.
pub async fn enrolled(
    store: &(impl StudentRecords + GrantRecords + ?Sized),
    sub: &str,
    batch_id: &str,
    now: i64,
) -> Result<bool, StoreError> {
    let Some(link) = store.get_link(sub, batch_id).await? else { return Ok(false) };
    Ok(store.find_grant(batch_id, &link.secret_hash).await?.is_some_and(|g| g.is_active_at(now)))
}

/// Whether `sub`'s grant for `batch_id` is paused: their plan's payment is overdue (decision 0041
/// left this check to payments; docs/decisions/0043-payments.md).
pub async fn paused(
    store: &(impl StudentRecords + GrantRecords + ?Sized),
    sub: &str,
    batch_id: &str,
) -> Result<bool, StoreError> {
    let Some(link) = store.get_link(sub, batch_id).await? else { return Ok(false) };
    Ok(store.find_grant(batch_id, &link.secret_hash).await?.is_some_and(|g| g.is_paused()))
}

/// A fresh calendar token: 32 random bytes, unpadded base64url (43 characters).
pub fn new_token() -> String {
    use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine};
    use rand::RngCore;
    let mut bytes = [0u8; 32];
    rand::rng().fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// Whether `token` is of a calendar token's form (before any store call).
pub fn is_token(token: &str) -> bool {
    token.len() == TOKEN_CHARS && token.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-')
}

/// `sub`'s calendar settings, made on first use.
pub async fn calendar_of(
    store: &(impl LiveRecords + ?Sized),
    sub: &str,
    now: i64,
) -> Result<StudentCalendar, StoreError> {
    if let Some(found) = store.get_calendar(sub).await? {
        return Ok(found);
    }
    let calendar = StudentCalendar { sub: sub.to_owned(), token: new_token(), reminders: true, created_at: now };
    store.put_calendar(&calendar, None).await?;
    Ok(calendar)
}

fn encoded(text: &str) -> String {
    form_urlencoded::byte_serialize(text.as_bytes()).collect()
}

impl MyCalendar {
    pub fn of(desk: &Desk, calendar: &StudentCalendar) -> Self {
        let url = desk.feed_url(&calendar.token);
        let webcal_url = format!("webcal://{}", url.split_once("://").map_or(url.as_str(), |(_, rest)| rest));
        Self {
            google_url: format!("https://calendar.google.com/calendar/r?cid={}", encoded(&webcal_url)),
            outlook_url: format!(
                "https://outlook.live.com/calendar/0/addfromweb?url={}&name={}",
                encoded(&url),
                encoded("Skyline Tech Academy classes")
            ),
            url,
            webcal_url,
            reminders: calendar.reminders,
        }
    }
}

/// One batch's sessions as its student sees them, with what they need beside each.
pub struct BatchSessions {
    pub batch_id: String,
    pub batch_name: String,
    pub zone: Tz,
    pub sessions: Vec<LiveSession>,
    /// The student's attendance, by session.
    pub attended: BTreeMap<String, bool>,
    /// The batch's lecture titles, by number.
    pub titles: BTreeMap<u32, String>,
}

/// The sessions of `batch_id` with `sub`'s attendance.
pub async fn batch_sessions(
    store: &(impl LiveStore + ?Sized),
    batch_id: &str,
    sub: &str,
) -> Result<Option<BatchSessions>, StoreError> {
    let Some(batch) = store.get_batch(batch_id).await? else { return Ok(None) };
    let sessions = store.sessions_of(batch_id).await?;
    let attended = store
        .attendance_of_student(batch_id, sub)
        .await?
        .into_iter()
        .filter(|a| a.sub == sub)
        .map(|a| (a.session_id.clone(), a.counted() == AttendanceMark::Present))
        .collect();
    let titles = if sessions.iter().any(|s| s.recording.is_some()) {
        store.list_lectures(batch_id).await?.into_iter().map(|v| (v.lecture_number, v.title)).collect()
    } else {
        BTreeMap::new()
    };
    Ok(Some(BatchSessions {
        batch_id: batch.id,
        batch_name: batch.name,
        zone: crate::zones::batch_zone(store, batch_id).await?,
        sessions,
        attended,
        titles,
    }))
}

impl BatchSessions {
    /// `session` as the student sees it at `now`; `token` is their calendar token (for Join).
    pub fn view(&self, desk: &Desk, session: &LiveSession, token: &str, now: i64) -> MySession {
        let live = session.status == SessionStatus::Scheduled && now < session.ends_at();
        MySession {
            id: session.id.clone(),
            batch_id: self.batch_id.clone(),
            batch_name: self.batch_name.clone(),
            time_zone: self.zone.name().to_owned(),
            starts_at: zones::rfc3339(session.starts_at),
            ends_at: zones::rfc3339(session.ends_at()),
            minutes: session.minutes,
            status: session.status,
            reason: session.reason.clone(),
            attended: self.attended.get(&session.id).copied().unwrap_or(false),
            join_open: join_open(session, now),
            join_opens_at: zones::rfc3339(session.starts_at - JOIN_OPENS_BEFORE_SECS),
            join_url: live.then(|| desk.join_url(&session.id, token)),
            recording: session.recording.and_then(|number| {
                self.titles.get(&number).map(|title| RecordingRef {
                    batch_id: self.batch_id.clone(),
                    lecture_number: number,
                    title: title.clone(),
                })
            }),
        }
    }
}

/// `?from=` / `?to=`: an RFC 3339 time, when given.
fn bound(req: &Request, name: &str) -> Result<Option<i64>, ApiError> {
    match query_value(req, name) {
        None => Ok(None),
        Some(text) => {
            zones::checked_rfc3339(&text).map(Some).map_err(|why| ApiError::BadRequest(format!("{name} {why}.")))
        }
    }
}

impl<S: LiveStore + ?Sized> Classes<'_, S> {
    async fn mine(&self, student: &Student, req: &Request) -> Answer {
        let (from, to) = (bound(req, "from")?, bound(req, "to")?);
        let calendar = calendar_of(self.store, &student.sub, self.now).await?;
        let mut sessions = Vec::new();
        for batch_id in active_batches(self.store, &student.sub, self.now).await? {
            let Some(batch) = batch_sessions(self.store, &batch_id, &student.sub).await? else { continue };
            for session in &batch.sessions {
                let inside = from.is_none_or(|f| session.ends_at() > f) && to.is_none_or(|t| session.starts_at <= t);
                if inside {
                    sessions.push(batch.view(self.desk, session, &calendar.token, self.now));
                }
            }
        }
        sessions.sort_by(|a, b| (&a.starts_at, &a.id).cmp(&(&b.starts_at, &b.id)));
        Ok(ok(&MySessions { sessions }))
    }

    async fn join(&self, req: &Request, id: &str, signed_in: Option<Student>) -> Answer {
        let id = ApiError::checked_id(id, "session")?;
        let sub = match signed_in {
            Some(student) => student.sub,
            None => {
                let token = query_value(req, "token").unwrap_or_default();
                let holder = if is_token(&token) { self.store.calendar_holder(&token).await? } else { None };
                holder.ok_or_else(|| {
                    ApiError::NotFound(
                        "This Join link is no longer valid: open your classes on /lms for the current one.".into(),
                    )
                })?
            }
        };
        let session =
            self.store.get_session(id).await?.ok_or_else(|| ApiError::NotFound("No session has this id.".into()))?;
        if !enrolled(self.store, &sub, &session.batch_id, self.now).await? {
            return Err(ApiError::Forbidden("You are not enrolled in this batch (or your access has ended).".into()));
        }
        if paused(self.store, &sub, &session.batch_id).await? {
            return Err(ApiError::Forbidden(crate::domain::PAYMENT_OVERDUE.into()));
        }
        if session.status == SessionStatus::Cancelled {
            return Err(ApiError::Forbidden("This session was cancelled.".into()));
        }
        if self.now >= session.ends_at() {
            return Err(ApiError::Forbidden("This session is over.".into()));
        }
        let opens = session.starts_at - JOIN_OPENS_BEFORE_SECS;
        if self.now < opens {
            return Err(ApiError::Forbidden(format!(
                "Join opens 10 minutes before the start, at {} (UTC).",
                zones::rfc3339(opens)
            )));
        }
        let attendance = SessionAttendance {
            session_id: session.id.clone(),
            batch_id: session.batch_id.clone(),
            sub,
            joined_at: Some(self.now),
            mark: None,
            marked_by: None,
            marked_at: None,
        };
        // Stored before the redirect: a join is counted once, however many times it is pressed.
        self.store.record_join(&attendance).await?;
        Ok(Response::builder()
            .status(StatusCode::FOUND)
            .header("location", &session.meeting_url)
            .header("cache-control", "no-store")
            .header("referrer-policy", "no-referrer")
            .body(Body::Empty)
            .expect("static response parts are valid"))
    }

    async fn calendar(&self, student: &Student) -> Answer {
        let calendar = calendar_of(self.store, &student.sub, self.now).await?;
        Ok(ok(&MyCalendar::of(self.desk, &calendar)))
    }

    async fn change_calendar(&self, student: &Student, req: &Request) -> Answer {
        let change: CalendarChange =
            json_body(req, MAX_BODY, |_| "The body must be JSON: {\"reminders\": true or false}.".into())?;
        let mut calendar = calendar_of(self.store, &student.sub, self.now).await?;
        calendar.reminders = change.reminders;
        self.store.put_calendar(&calendar, Some(&calendar.token)).await?;
        Ok(ok(&MyCalendar::of(self.desk, &calendar)))
    }

    async fn reset_calendar(&self, student: &Student) -> Answer {
        let mut calendar = calendar_of(self.store, &student.sub, self.now).await?;
        let previous = std::mem::replace(&mut calendar.token, new_token());
        self.store.put_calendar(&calendar, Some(&previous)).await?;
        Ok(ok(&MyCalendar::of(self.desk, &calendar)))
    }
}

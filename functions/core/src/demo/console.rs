//! Demo classes as staff run them: publish a slot (repeating weekly for up to 12 weeks), list
//! them with their seats and meeting links, change one (moving it, or changing its length or
//! link, mails each booked visitor the update: the same calendar event, a higher sequence), cancel
//! one (each booking is cancelled and mailed, with where to book again), see who booked, and mark
//! attendance. Enrolling a visitor is the console's own enrolment. Every write is in the audit trail.

use super::store::{DemoRecords, Resized};
use crate::console::audit::recorded;
use crate::console::checks::{ahead, checked_start, checked_url, in_range, noted, MAX_AHEAD_SECS};
use crate::console::Actor;
use crate::demo::reminders::{self, course_title, ReminderSchedule};
use crate::demo::slots::span;
use crate::demo::{lifecycle, messages, zones, Booking, Desk};
use crate::demo::{Attendance, DemoBooking, DemoSlot, DemoStatus};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::{json, json_body, ok, Answer};
use crate::store::{AuditRecords, CatalogRecords};
use lambda_http::http::StatusCode;
use lambda_http::Request;
use serde::{Deserialize, Deserializer, Serialize};
use std::collections::BTreeMap;
use utoipa::ToSchema;

pub const MIN_MINUTES: u32 = 30;
pub const MAX_MINUTES: u32 = 45;
pub const MAX_SEATS: u32 = 50;
pub const MAX_REPEAT_WEEKS: u32 = 12;
pub const MAX_BODY: usize = 8 * 1024;
const DAY: i64 = 24 * 3600;
const WEEK: i64 = 7 * DAY;

/// Everything the demo console needs from the store.
pub trait DemoStaffStore: DemoRecords + CatalogRecords + AuditRecords {}
impl<T: DemoRecords + CatalogRecords + AuditRecords + ?Sized> DemoStaffStore for T {}

/// A slot as staff see it: the public slot's fields, and its seats, bookings and link.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffSlot {
    pub id: String,
    /// RFC 3339, UTC (`Z`).
    pub starts_at: String,
    pub minutes: u32,
    pub seats_left: u32,
    pub course_id: Option<String>,
    pub seats: u32,
    /// Seats taken.
    pub booked: u32,
    pub meeting_url: String,
    pub cancelled: bool,
}

impl StaffSlot {
    pub fn of(slot: &DemoSlot, taken: i64) -> Self {
        Self {
            id: slot.id.clone(),
            starts_at: zones::rfc3339(slot.starts_at),
            minutes: slot.minutes,
            seats_left: crate::demo::seats_left(slot, taken),
            course_id: slot.course_id.clone(),
            seats: slot.seats,
            booked: u32::try_from(taken.max(0)).unwrap_or(u32::MAX),
            meeting_url: slot.meeting_url.clone(),
            cancelled: slot.cancelled,
        }
    }
}

/// `GET /api/staff/demo/slots` and `POST` answers.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffSlots {
    pub slots: Vec<StaffSlot>,
}

/// `GET /api/staff/demo/slots/{slotId}/bookings` answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct SlotBookings {
    pub bookings: Vec<Booking>,
}

/// A field that may be absent (leave it) or `null` (clear it).
pub(super) fn present<'de, D: Deserializer<'de>, T: Deserialize<'de>>(d: D) -> Result<Option<Option<T>>, D::Error> {
    Option::<T>::deserialize(d).map(Some)
}

/// `POST /api/staff/demo/slots` body.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NewSlots {
    /// RFC 3339 (the console sends the Karachi time with its offset, `+05:00`); in the future.
    #[schema(example = "2026-03-29T19:00:00+05:00", max_length = 40)]
    pub starts_at: String,
    #[serde(deserialize_with = "crate::http::whole::some_u32")]
    #[schema(value_type = u32, minimum = 30, maximum = 45)]
    pub minutes: Option<u32>,
    #[serde(deserialize_with = "crate::http::whole::some_u32")]
    #[schema(value_type = u32, minimum = 1, maximum = 50)]
    pub seats: Option<u32>,
    /// A course's id; absent, null or empty: any course.
    #[serde(default)]
    #[schema(max_length = 24)]
    pub course_id: Option<String>,
    /// The meeting's https link, shown only to booked visitors and staff.
    #[schema(max_length = 2048, pattern = "^https://")]
    pub meeting_url: String,
    /// Also the same time on each of the next N weeks.
    #[serde(default, deserialize_with = "crate::http::whole::some_u32")]
    #[schema(minimum = 0, maximum = 12)]
    pub repeat_weeks: Option<u32>,
}

/// `PATCH /api/staff/demo/slots/{slotId}` body: the fields to change.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SlotChange {
    #[schema(max_length = 40)]
    pub starts_at: Option<String>,
    #[serde(default, deserialize_with = "crate::http::whole::some_u32")]
    #[schema(minimum = 30, maximum = 45)]
    pub minutes: Option<u32>,
    /// At least the seats booked.
    #[serde(default, deserialize_with = "crate::http::whole::some_u32")]
    #[schema(minimum = 1, maximum = 50)]
    pub seats: Option<u32>,
    #[schema(max_length = 2048, pattern = "^https://")]
    pub meeting_url: Option<String>,
    /// null or empty: any course.
    #[serde(default, deserialize_with = "present")]
    #[schema(value_type = Option<String>, max_length = 24)]
    pub course_id: Option<Option<String>>,
}

/// `PATCH /api/staff/demo/bookings/{bookingId}` body.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AttendanceChange {
    /// null: not marked.
    pub attendance: Option<Attendance>,
}

/// A course id as given: none (absent or empty) or a well-formed id.
fn checked_course(course: Option<&str>) -> Result<Option<String>, String> {
    match course.map(str::trim).filter(|c| !c.is_empty()) {
        None => Ok(None),
        Some(id) if crate::ids::is_valid(id) => Ok(Some(id.to_owned())),
        Some(_) => Err("must be a course's id, or empty".into()),
    }
}

/// 404 unless the course (when one is named) is in the catalog.
async fn known_course(store: &(impl CatalogRecords + ?Sized), course: Option<&str>) -> Result<(), ApiError> {
    match course {
        Some(id) if store.get_course(id).await?.is_none() => Err(ApiError::NotFound("No course has this id.".into())),
        _ => Ok(()),
    }
}

fn no_slot() -> ApiError {
    ApiError::NotFound("No demo class has this id.".into())
}

async fn find_slot(store: &(impl DemoRecords + ?Sized), id: &str) -> Result<DemoSlot, ApiError> {
    let id = ApiError::checked_id(id, "slot")?;
    store.get_demo_slot(id).await?.ok_or_else(no_slot)
}

/// What the console's writes store, mail, schedule and audit with, at `now`.
pub struct DemoConsole<'a, S: DemoStaffStore + ?Sized> {
    pub store: &'a S,
    pub desk: &'a Desk,
    pub reminders: &'a dyn ReminderSchedule,
    pub actor: &'a Actor,
    pub now: i64,
}

impl<S: DemoStaffStore + ?Sized> DemoConsole<'_, S> {
    async fn audited<T>(&self, action: &str, target: &str, result: Result<T, ApiError>) -> Result<T, ApiError> {
        recorded(self.store, self.actor, action, target, None, result).await
    }

    async fn staff_slot(&self, slot: &DemoSlot) -> Result<StaffSlot, ApiError> {
        Ok(StaffSlot::of(slot, self.store.seats_taken(&slot.id).await?))
    }

    pub async fn publish(&self, req: &Request) -> Answer {
        let result = async {
            let body: NewSlots = json_body(req, MAX_BODY, |_| {
                "The body must be JSON: startsAt, minutes, seats, meetingUrl, and optionally courseId and repeatWeeks."
                    .into()
            })?;
            let mut fields = BTreeMap::new();
            let f = &mut fields;
            let starts_at = noted(f, "startsAt", checked_start(&body.starts_at));
            let minutes = noted(f, "minutes", in_range(body.minutes, MIN_MINUTES, MAX_MINUTES));
            let seats = noted(f, "seats", in_range(body.seats, 1, MAX_SEATS));
            let meeting_url = noted(f, "meetingUrl", checked_url(&body.meeting_url));
            let repeat = noted(f, "repeatWeeks", in_range(Some(body.repeat_weeks.unwrap_or(0)), 0, MAX_REPEAT_WEEKS));
            let course_id = noted(f, "courseId", checked_course(body.course_id.as_deref()));
            let (Some(starts_at), Some(minutes), Some(seats), Some(meeting_url), Some(repeat), Some(course_id)) =
                (starts_at, minutes, seats, meeting_url, repeat, course_id)
            else {
                return Err(ApiError::Invalid { fields });
            };
            ahead(starts_at, self.now)?;
            if starts_at + i64::from(repeat) * WEEK > self.now + MAX_AHEAD_SECS {
                return Err(ApiError::Conflict("The repeats must end within the next 2 years.".into()));
            }
            known_course(self.store, course_id.as_deref()).await?;
            let mut slots = Vec::new();
            for week in 0..=i64::from(repeat) {
                let slot = DemoSlot {
                    id: crate::ids::generate(),
                    starts_at: starts_at + week * WEEK,
                    minutes,
                    seats,
                    seat_numbers: 0,
                    course_id: course_id.clone(),
                    meeting_url: meeting_url.clone(),
                    cancelled: false,
                    created_at: self.now,
                };
                self.store.insert_demo_slot(&slot).await?;
                slots.push(StaffSlot::of(&slot, 0));
            }
            Ok(slots)
        }
        .await;
        let target = match &result {
            Ok(slots) => slots.iter().map(|s| s.id.as_str()).collect::<Vec<_>>().join(","),
            Err(_) => "new".into(),
        };
        let slots = self.audited("demo.slot.create", &target, result).await?;
        Ok(json(StatusCode::CREATED, &StaffSlots { slots }))
    }

    /// Mails each standing booking of `slot` its changed class (the same event, a higher
    /// sequence), after storing it, and schedules its reminders again.
    async fn mail_updates(&self, slot: &DemoSlot) -> Result<(), ApiError> {
        for mut booking in self.store.demo_bookings_of(&slot.id).await? {
            if booking.status != DemoStatus::Booked {
                continue;
            }
            if self.store.claim_demo_change(&booking.id, booking.sequence).await.is_err() {
                // The visitor moved or cancelled it at this moment: theirs stands.
                continue;
            }
            let previous = booking.clone();
            booking.starts_at = slot.starts_at;
            booking.minutes = slot.minutes;
            booking.sequence += 1;
            self.store.save_demo_booking(&booking).await?;
            reminders::plan(self.reminders, &booking, Some(&previous), self.now).await;
            let course = course_title(self.store, &booking.course_id, slot.course_id.as_deref()).await?;
            let token = self.desk.token(&booking, slot);
            let letter =
                messages::confirmation(self.desk, &booking, slot, &course, &token, messages::Change::Updated, self.now);
            self.desk.post(letter).await;
        }
        Ok(())
    }

    pub async fn change(&self, req: &Request, id: &str) -> Answer {
        let result = async {
            let change: SlotChange = json_body(req, MAX_BODY, |_| {
                "The body must be JSON: any of startsAt, minutes, seats, meetingUrl and courseId.".into()
            })?;
            let mut slot = find_slot(self.store, id).await?;
            if slot.cancelled {
                return Err(ApiError::Conflict("This demo class was cancelled.".into()));
            }
            let mut fields = BTreeMap::new();
            let before = slot.clone();
            if let Some(text) = &change.starts_at {
                match checked_start(text) {
                    Ok(at) => slot.starts_at = at,
                    Err(why) => drop(fields.insert("startsAt".to_owned(), why)),
                }
            }
            if change.minutes.is_some() {
                match in_range(change.minutes, MIN_MINUTES, MAX_MINUTES) {
                    Ok(m) => slot.minutes = m,
                    Err(why) => drop(fields.insert("minutes".to_owned(), why)),
                }
            }
            if change.seats.is_some() {
                match in_range(change.seats, 1, MAX_SEATS) {
                    Ok(s) => slot.seats = s,
                    Err(why) => drop(fields.insert("seats".to_owned(), why)),
                }
            }
            if let Some(url) = &change.meeting_url {
                match checked_url(url) {
                    Ok(url) => slot.meeting_url = url,
                    Err(why) => drop(fields.insert("meetingUrl".to_owned(), why)),
                }
            }
            if let Some(course) = &change.course_id {
                match checked_course(course.as_deref()) {
                    Ok(course) => slot.course_id = course,
                    Err(why) => drop(fields.insert("courseId".to_owned(), why)),
                }
            }
            if !fields.is_empty() {
                return Err(ApiError::Invalid { fields });
            }
            if slot.starts_at != before.starts_at {
                ahead(slot.starts_at, self.now)?;
            }
            if slot.course_id != before.course_id {
                known_course(self.store, slot.course_id.as_deref()).await?;
            }
            // Last before the save: the check against the seats booked and the change are one
            // conditional write per seat (`resize_seats`), which bookings at this moment cannot slip past.
            if slot.seats != before.seats {
                match self.store.resize_seats(&before, slot.seats, self.now).await? {
                    Resized::Done { seat_numbers } => slot.seat_numbers = seat_numbers,
                    Resized::Booked(taken) => {
                        return Err(ApiError::Conflict(format!("{taken} seats are booked: keep at least that many.")))
                    }
                }
            }
            self.store.save_demo_slot(&slot).await?;
            let moved = slot.starts_at != before.starts_at
                || slot.minutes != before.minutes
                || slot.meeting_url != before.meeting_url;
            if moved {
                self.mail_updates(&slot).await?;
            }
            self.staff_slot(&slot).await
        }
        .await;
        let slot = self.audited("demo.slot.update", id, result).await?;
        Ok(ok(&slot))
    }

    pub async fn cancel(&self, id: &str) -> Answer {
        let result = async {
            let mut slot = find_slot(self.store, id).await?;
            if slot.cancelled {
                return self.staff_slot(&slot).await;
            }
            slot.cancelled = true;
            self.store.save_demo_slot(&slot).await?;
            for booking in self.store.demo_bookings_of(&slot.id).await? {
                if booking.status != DemoStatus::Booked {
                    continue;
                }
                // A booking another change claimed first (the visitor's own cancel, a move) keeps that change.
                let by = lifecycle::By::Staff;
                lifecycle::cancel(self.store, self.desk, self.reminders, booking, Some(&slot), by, self.now).await?;
            }
            self.staff_slot(&slot).await
        }
        .await;
        let slot = self.audited("demo.slot.cancel", id, result).await?;
        Ok(ok(&slot))
    }

    pub async fn mark(&self, req: &Request, id: &str) -> Answer {
        let result = async {
            let change: AttendanceChange = json_body(req, MAX_BODY, |_| {
                "The body must be JSON: attendance, one of attended, no-show or null.".into()
            })?;
            let id = ApiError::checked_id(id, "booking")?;
            let mut booking: DemoBooking = self
                .store
                .get_demo_booking(id)
                .await?
                .ok_or_else(|| ApiError::NotFound("No booking has this id.".into()))?;
            booking.attendance = change.attendance;
            self.store.save_demo_booking(&booking).await?;
            let slot = self.store.get_demo_slot(&booking.slot_id).await?;
            Ok(Booking::of(&booking, slot.as_ref()))
        }
        .await;
        let booking = self.audited("demo.booking.attendance", id, result).await?;
        Ok(ok(&booking))
    }
}

/// What staff lists cover unless asked: from a week ago, 60 days.
const LIST_FROM_DAYS_AGO: i64 = 7;
const LIST_DAYS: i64 = 60;
/// The most days one staff list covers.
pub const MAX_LIST_DAYS: i64 = 92;

#[utoipa::path(get, path = "/api/staff/demo/slots", tag = "staff", operation_id = "staff_demo_slots", security(("bearer" = [])),
    params(
        ("from" = Option<String>, Query, description = "RFC 3339; default: 7 days ago"),
        ("to" = Option<String>, Query, description = "RFC 3339; default: 60 days after from; cut to 92 days after it"),
    ),
    responses((status = 200, description = "every slot, cancelled ones too, by start", body = StaffSlots),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn list(store: &(impl DemoRecords + ?Sized), req: &Request, now: i64) -> Answer {
    let (from, to) = span(req, now - LIST_FROM_DAYS_AGO * DAY, LIST_DAYS, MAX_LIST_DAYS)?;
    let mut slots = Vec::new();
    for slot in store.demo_slots_between(from, to).await? {
        slots.push(StaffSlot::of(&slot, store.seats_taken(&slot.id).await?));
    }
    Ok(ok(&StaffSlots { slots }))
}

#[utoipa::path(post, path = "/api/staff/demo/slots", tag = "staff", operation_id = "staff_publish_demo_slots", security(("bearer" = [])),
    request_body = NewSlots,
    responses((status = 201, description = "published: the slot and its weekly repeats", body = StaffSlots),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, description = "no such course", body = ErrorBody),
        (status = 409, description = "the start time has passed", body = ErrorBody)))]
pub async fn publish(console: &DemoConsole<'_, impl DemoStaffStore + ?Sized>, req: &Request) -> Answer {
    console.publish(req).await
}

#[utoipa::path(patch, path = "/api/staff/demo/slots/{slotId}", tag = "staff", operation_id = "staff_update_demo_slot", security(("bearer" = [])),
    params(("slotId" = String, Path, description = "24 lowercase hex characters")), request_body = SlotChange,
    responses((status = 200, description = "changed; booked visitors are mailed a moved time, length or link", body = StaffSlot),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, description = "no such slot or course", body = ErrorBody),
        (status = 409, description = "the slot is cancelled, the new time has passed, or fewer seats than booked", body = ErrorBody)))]
pub async fn change(console: &DemoConsole<'_, impl DemoStaffStore + ?Sized>, req: &Request, id: &str) -> Answer {
    console.change(req, id).await
}

#[utoipa::path(delete, path = "/api/staff/demo/slots/{slotId}", tag = "staff", operation_id = "staff_cancel_demo_slot", security(("bearer" = [])),
    params(("slotId" = String, Path, description = "24 lowercase hex characters")),
    responses((status = 200, description = "cancelled; each booking is cancelled and mailed", body = StaffSlot),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn cancel(console: &DemoConsole<'_, impl DemoStaffStore + ?Sized>, id: &str) -> Answer {
    console.cancel(id).await
}

#[utoipa::path(get, path = "/api/staff/demo/slots/{slotId}/bookings", tag = "staff", operation_id = "staff_demo_slot_bookings", security(("bearer" = [])),
    params(("slotId" = String, Path, description = "24 lowercase hex characters")),
    responses((status = 200, description = "the slot's bookings, cancelled ones too, oldest first", body = SlotBookings),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn bookings(store: &(impl DemoRecords + ?Sized), id: &str) -> Answer {
    let slot = find_slot(store, id).await?;
    let bookings = store.demo_bookings_of(&slot.id).await?.iter().map(|b| Booking::of(b, Some(&slot))).collect();
    Ok(ok(&SlotBookings { bookings }))
}

#[utoipa::path(patch, path = "/api/staff/demo/bookings/{bookingId}", tag = "staff", operation_id = "staff_mark_demo_booking", security(("bearer" = [])),
    params(("bookingId" = String, Path, description = "24 lowercase hex characters")), request_body = AttendanceChange,
    responses((status = 200, body = Booking), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn mark(console: &DemoConsole<'_, impl DemoStaffStore + ?Sized>, req: &Request, id: &str) -> Answer {
    console.mark(req, id).await
}

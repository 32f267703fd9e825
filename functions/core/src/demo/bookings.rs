//! A visitor's booking: `POST /api/demo/bookings` takes a seat, and the signed link's token
//! opens it (`GET|PATCH|DELETE /api/demo/bookings/{id}?token=`) to see, move (free until 2 hours
//! before the class) or cancel it. A seat is held in two steps, both atomic in either store: the
//! e-mail's place in the slot (a conditional put: the same e-mail twice is one booking), then one
//! of the slot's numbered seats (a conditional put per number: of 20 concurrent bookings of 3
//! seats, exactly 3 get one; the others give their place back and are refused with the next open
//! slots). The booking
//! is stored before anything is mailed. Moves and cancellations count against the client's limit
//! (`limits::DEMO_CHANGES`); a booking moves at most once a minute and 5 times a day
//! (`limits::DEMO_MOVES_PER_BOOKING`), and each move replaces its manage link, so one booking
//! cannot be used to flood the inbox it names.

use super::lifecycle::{self, Cancelled};
use super::reminders::{self, course_title, ReminderSchedule};
use super::slots::{closed, next_slots};
use super::store::DemoRecords;
use super::{email_key, messages, tokens, Booking, Desk, Slot, CLOSES_BEFORE_SECS};
use super::{DemoBooking, DemoSlot, DemoStatus};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::{client_key, json, json_body, ok, query_value, Answer};
use crate::limits::{Admission, DEMO_BOOKINGS, DEMO_BOOKINGS_PER_EMAIL, DEMO_CHANGES, DEMO_MOVES_PER_BOOKING};
use crate::store::{CatalogRecords, Counters, StoreError};
use lambda_http::http::StatusCode;
use lambda_http::Request;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use utoipa::ToSchema;
use validator::ValidateEmail;

/// A booking moves at most once a minute: each move mails the visitor.
pub const MOVE_SPACING_SECS: i64 = 60;

/// What an old manage link answers once a move has replaced it.
pub const LINK_REPLACED: &str = "this link was replaced; use the latest e-mail";

/// Largest accepted body.
pub const MAX_BODY: usize = 8 * 1024;
pub const MAX_NAME_CHARS: usize = 100;
pub const MAX_EMAIL_CHARS: usize = 254;
pub const MAX_PHONE_CHARS: usize = 32;

/// Everything the booking handlers need from the store.
pub trait BookingStore: DemoRecords + CatalogRecords + Counters {}
impl<T: DemoRecords + CatalogRecords + Counters + ?Sized> BookingStore for T {}

/// `POST /api/demo/bookings` body: the slot and the visitor, as the enquiry form asks them.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct NewBooking {
    #[schema(min_length = 24, max_length = 24)]
    pub slot_id: String,
    #[schema(min_length = 1, max_length = 100)]
    pub name: String,
    #[schema(min_length = 3, max_length = 254)]
    pub email: String,
    /// 7 to 15 digits, with spaces, `+`, `-`, `(`, `)` and `.` between.
    #[schema(min_length = 7, max_length = 32)]
    pub phone: String,
    /// A course's id, or empty: undecided.
    #[serde(default)]
    #[schema(max_length = 24)]
    pub course_id: String,
}

/// `PATCH /api/demo/bookings/{id}` body: the slot to move to.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Reschedule {
    #[schema(min_length = 24, max_length = 24)]
    pub slot_id: String,
}

/// A booking made or moved, with a token for its signed links.
#[derive(Debug, Serialize, ToSchema)]
pub struct Booked {
    pub booking: Booking,
    /// Opens the booking (`?token=`) until the class ends.
    pub token: String,
}

/// `GET` / `DELETE /api/demo/bookings/{id}` answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct BookingAnswer {
    pub booking: Booking,
}

/// A slot refused (full, too soon, past, cancelled), with the next open slots.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SlotRefused {
    /// `slot_unavailable`.
    pub error: &'static str,
    pub message: String,
    /// The next open slots (at most 3).
    pub next_slots: Vec<Slot>,
}

/// A visitor's details as checked: trimmed, each rule as the enquiry form's.
struct Visitor {
    name: String,
    email: String,
    phone: String,
    course_id: String,
}

/// The enquiry form's phone rule: only digits and ` +-().`, 7 to 15 digits.
pub fn is_phone(value: &str) -> bool {
    let digits = value.chars().filter(char::is_ascii_digit).count();
    value.chars().all(|c| c.is_ascii_digit() || " +-().".contains(c))
        && (7..=15).contains(&digits)
        && value.len() <= MAX_PHONE_CHARS
}

async fn checked(store: &(impl CatalogRecords + ?Sized), body: &NewBooking) -> Result<Visitor, ApiError> {
    let mut fields = BTreeMap::new();
    let (name, email, phone, course) = (body.name.trim(), body.email.trim(), body.phone.trim(), body.course_id.trim());
    if name.is_empty() {
        fields.insert("name".into(), "is required".into());
    } else if body.name.chars().count() > MAX_NAME_CHARS {
        fields.insert("name".into(), format!("must be at most {MAX_NAME_CHARS} characters"));
    }
    if email.is_empty() {
        fields.insert("email".into(), "is required".into());
    } else if body.email.chars().count() > MAX_EMAIL_CHARS || !email.validate_email() {
        fields.insert("email".into(), "must be a valid e-mail address".into());
    }
    if phone.is_empty() {
        fields.insert("phone".into(), "is required".into());
    } else if !is_phone(phone) {
        fields.insert("phone".into(), "must be a phone number of 7 to 15 digits".into());
    }
    if !course.is_empty() && !crate::ids::is_valid(course) {
        fields.insert("courseId".into(), "must be a course's id, or empty".into());
    }
    if !fields.is_empty() {
        return Err(ApiError::Invalid { fields });
    }
    if !course.is_empty() && store.get_course(course).await?.is_none() {
        return Err(ApiError::NotFound("No course has this id.".into()));
    }
    Ok(Visitor { name: name.into(), email: email.into(), phone: phone.into(), course_id: course.into() })
}

fn no_slot() -> ApiError {
    ApiError::NotFound("No demo class has this id.".into())
}

fn no_booking() -> ApiError {
    ApiError::NotFound("No booking has this id.".into())
}

/// What the booking handlers store, mail and schedule with, at `now`.
pub struct Bookings<'a, S: BookingStore + ?Sized> {
    pub store: &'a S,
    pub desk: &'a Desk,
    pub reminders: &'a dyn ReminderSchedule,
    pub now: i64,
}

impl<S: BookingStore + ?Sized> Bookings<'_, S> {
    /// 409 naming why, with the next open slots.
    async fn refuse(&self, message: &str, except: &str) -> Answer {
        let next_slots = next_slots(self.store, self.now, Some(except)).await?;
        let body = SlotRefused { error: "slot_unavailable", message: message.into(), next_slots };
        Ok(json(StatusCode::CONFLICT, &body))
    }

    /// Gives back `booking_id`'s seat in `slot` and the e-mail `key`'s hold there (a refusal, a
    /// failure after holding it, a move or a cancellation).
    async fn give_back(&self, slot: &DemoSlot, key: &str, booking_id: &str) {
        if let Err(error) = self.store.give_seat(&slot.id, booking_id).await {
            tracing::error!(slot = %slot.id, %error, "a seat was not given back");
        }
        if let Err(error) = self.store.release_seat(&slot.id, key).await {
            tracing::error!(slot = %slot.id, %error, "a seat's hold was not released");
        }
    }

    /// The standing booking that holds `key`'s seat in `slot`. A booking being made at this
    /// moment is waited for briefly (none if it does not appear); a hold whose booking no longer
    /// stands there is released, and so is one whose booking was never saved, once stranded.
    async fn holder(&self, slot: &DemoSlot, key: &str) -> Result<Option<DemoBooking>, ApiError> {
        let Some(id) = self.store.seat_holder(&slot.id, key).await? else { return Ok(None) };
        for attempt in 0..4 {
            match self.store.get_demo_booking(&id).await? {
                Some(b) if b.slot_id == slot.id && b.status == DemoStatus::Booked => return Ok(Some(b)),
                Some(_) => {
                    self.store.release_seat(&slot.id, key).await?;
                    return Ok(None);
                }
                None if attempt < 3 => tokio::time::sleep(std::time::Duration::from_millis(100)).await,
                None => {
                    self.store.release_stranded_hold(&slot.id, key, self.now).await?;
                }
            }
        }
        Ok(None)
    }

    /// Takes a seat in `slot` for `booking_id`, whose e-mail `key` holds its place there: whether
    /// one was free (if not, the hold is released).
    async fn count_in(&self, slot: &DemoSlot, key: &str, booking_id: &str) -> Result<bool, ApiError> {
        match self.store.take_seat(slot, booking_id, self.now).await {
            Ok(true) => Ok(true),
            Ok(false) => {
                self.give_back(slot, key, booking_id).await;
                Ok(false)
            }
            Err(e) => {
                self.give_back(slot, key, booking_id).await;
                Err(e.into())
            }
        }
    }

    async fn admit(&self, req: &Request, email: &str) -> Result<(), ApiError> {
        if let Admission::Refused { retry_after } = DEMO_BOOKINGS.admit(self.store, &client_key(req), self.now).await? {
            return Err(ApiError::TooManyRequests { retry_after });
        }
        let sender = email_key(email);
        if let Admission::Refused { retry_after } = DEMO_BOOKINGS_PER_EMAIL.admit(self.store, &sender, self.now).await?
        {
            return Err(ApiError::TooManyRequests { retry_after });
        }
        Ok(())
    }

    async fn mail_confirmation(&self, booking: &DemoBooking, slot: &DemoSlot, token: &str, change: messages::Change) {
        match course_title(self.store, &booking.course_id, slot.course_id.as_deref()).await {
            Ok(course) => {
                let letter = messages::confirmation(self.desk, booking, slot, &course, token, change, self.now);
                self.desk.post(letter).await;
            }
            Err(error) => tracing::error!(booking = %booking.id, %error, "confirmation not mailed"),
        }
    }

    pub async fn book(&self, req: &Request) -> Answer {
        let body: NewBooking =
            json_body(req, MAX_BODY, |_| "The body must be JSON: slotId, name, email, phone and courseId.".into())?;
        let slot_id = ApiError::checked_id(body.slot_id.trim(), "slot")?;
        let visitor = checked(self.store, &body).await?;
        let slot = self.store.get_demo_slot(slot_id).await?.ok_or_else(no_slot)?;
        self.admit(req, &visitor.email).await?;
        let key = email_key(&visitor.email);
        if let Some(existing) = self.holder(&slot, &key).await? {
            let token = self.desk.token(&existing, &slot);
            return Ok(ok(&Booked { booking: Booking::of(&existing, Some(&slot)), token }));
        }
        if let Some(why) = closed(&slot, self.now) {
            return self.refuse(why, &slot.id).await;
        }
        let booking = DemoBooking {
            id: crate::ids::generate(),
            slot_id: slot.id.clone(),
            starts_at: slot.starts_at,
            minutes: slot.minutes,
            course_id: visitor.course_id,
            name: visitor.name,
            email: visitor.email,
            phone: visitor.phone,
            status: DemoStatus::Booked,
            attendance: None,
            sequence: 0,
            created_at: self.now,
            link: 0,
            moved_at: None,
        };
        match self.store.hold_seat(&slot.id, &key, &booking.id, self.now).await {
            Ok(()) => {}
            Err(StoreError::Conflict) => {
                return match self.holder(&slot, &key).await? {
                    Some(existing) => {
                        let token = self.desk.token(&existing, &slot);
                        Ok(ok(&Booked { booking: Booking::of(&existing, Some(&slot)), token }))
                    }
                    None => self.refuse("This e-mail is booking this class at this moment. Try again.", &slot.id).await,
                };
            }
            Err(e) => return Err(e.into()),
        }
        if !self.count_in(&slot, &key, &booking.id).await? {
            return self.refuse("This demo class is full. Please pick another time.", &slot.id).await;
        }
        if let Err(e) = self.store.save_demo_booking(&booking).await {
            self.give_back(&slot, &key, &booking.id).await;
            return Err(e.into());
        }
        tracing::info!(booking = %booking.id, slot = %slot.id, "demo class booked");
        // The booking is stored: nothing below can lose it or fail the answer.
        reminders::plan(self.reminders, &booking, None, self.now).await;
        let token = self.desk.token(&booking, &slot);
        self.mail_confirmation(&booking, &slot, &token, messages::Change::Booked).await;
        Ok(json(StatusCode::CREATED, &Booked { booking: Booking::of(&booking, Some(&slot)), token }))
    }

    /// The booking the request's token opens: 400 for a malformed id, 403 for a missing, wrong
    /// or expired token (checked before the store is asked) or one a move has replaced, 404 when
    /// it is gone.
    async fn opened(&self, req: &Request, id: &str) -> Result<DemoBooking, ApiError> {
        let id = ApiError::checked_id(id, "booking")?;
        let token = query_value(req, "token").unwrap_or_default();
        let invalid = || ApiError::Forbidden("This link is not valid. Use the link in your e-mail.".into());
        let version = match tokens::check(&self.desk.key, id, &token, self.now) {
            Ok(version) => version,
            Err(tokens::Refusal::Expired) => {
                return Err(ApiError::Forbidden("This link has expired: the class is over.".into()))
            }
            Err(tokens::Refusal::Invalid) => return Err(invalid()),
        };
        let booking = self.store.get_demo_booking(id).await?.ok_or_else(no_booking)?;
        match version.cmp(&booking.link) {
            std::cmp::Ordering::Equal => Ok(booking),
            std::cmp::Ordering::Less => Err(ApiError::Forbidden(LINK_REPLACED.into())),
            std::cmp::Ordering::Greater => Err(invalid()),
        }
    }

    /// Counts a move or cancellation against the client's limit (before its link is checked).
    async fn admit_change(&self, req: &Request) -> Result<(), ApiError> {
        if let Admission::Refused { retry_after } = DEMO_CHANGES.admit(self.store, &client_key(req), self.now).await? {
            return Err(ApiError::TooManyRequests { retry_after });
        }
        Ok(())
    }

    /// Counts a move of `booking` against its own limits: a minute since its last move, and
    /// `DEMO_MOVES_PER_BOOKING`.
    async fn admit_move(&self, booking: &DemoBooking) -> Result<(), ApiError> {
        if let Some(at) = booking.moved_at {
            let wait = at + MOVE_SPACING_SECS - self.now;
            if wait > 0 {
                return Err(ApiError::TooManyRequests { retry_after: wait as u64 });
            }
        }
        if let Admission::Refused { retry_after } =
            DEMO_MOVES_PER_BOOKING.admit(self.store, &booking.id, self.now).await?
        {
            return Err(ApiError::TooManyRequests { retry_after });
        }
        Ok(())
    }

    pub async fn get(&self, req: &Request, id: &str) -> Answer {
        let booking = self.opened(req, id).await?;
        let slot = self.store.get_demo_slot(&booking.slot_id).await?;
        Ok(ok(&BookingAnswer { booking: Booking::of(&booking, slot.as_ref()) }))
    }

    /// Takes a seat for `booking` in `target` and stores the booking there (one sequence on):
    /// `Some(why)` when the seat cannot be had. The old seat is the caller's to give back.
    async fn move_seat(
        &self,
        booking: &mut DemoBooking,
        target: &DemoSlot,
        key: &str,
    ) -> Result<Option<&'static str>, ApiError> {
        match self.store.hold_seat(&target.id, key, &booking.id, self.now).await {
            Ok(()) => {}
            // Our own hold, from an attempt whose answer was lost: not counted yet.
            Err(StoreError::Conflict) if self.store.seat_holder(&target.id, key).await? == Some(booking.id.clone()) => {
            }
            Err(StoreError::Conflict) => return Ok(Some("This e-mail already has a booking in that class.")),
            Err(e) => return Err(e.into()),
        }
        if !self.count_in(target, key, &booking.id).await? {
            return Ok(Some("That demo class is full. Please pick another time."));
        }
        booking.slot_id = target.id.clone();
        booking.starts_at = target.starts_at;
        booking.minutes = target.minutes;
        booking.sequence += 1;
        booking.link += 1;
        booking.moved_at = Some(self.now);
        if let Err(e) = self.store.save_demo_booking(booking).await {
            self.give_back(target, key, &booking.id).await;
            return Err(e.into());
        }
        Ok(None)
    }

    pub async fn reschedule(&self, req: &Request, id: &str) -> Answer {
        self.admit_change(req).await?;
        let mut booking = self.opened(req, id).await?;
        let body: Reschedule = json_body(req, MAX_BODY, |_| "The body must be JSON: slotId.".into())?;
        let target_id = ApiError::checked_id(body.slot_id.trim(), "slot")?;
        if booking.status != DemoStatus::Booked {
            return self.refuse("This booking was cancelled. Please book a new time.", &booking.slot_id).await;
        }
        if booking.starts_at - self.now < CLOSES_BEFORE_SECS {
            let why = "Rescheduling closes 2 hours before the class. Please cancel instead if you cannot come.";
            return self.refuse(why, &booking.slot_id).await;
        }
        let current = self.store.get_demo_slot(&booking.slot_id).await?;
        let target = self.store.get_demo_slot(target_id).await?.ok_or_else(no_slot)?;
        if target.id == booking.slot_id {
            let token = self.desk.token(&booking, &target);
            return Ok(ok(&Booked { booking: Booking::of(&booking, Some(&target)), token }));
        }
        if let Some(why) = closed(&target, self.now) {
            return self.refuse(why, &target.id).await;
        }
        self.admit_move(&booking).await?;
        match self.store.claim_demo_change(&booking.id, booking.sequence).await {
            Ok(()) => {}
            Err(StoreError::Conflict) => {
                self.refund_move(&booking).await;
                return self.refuse("This booking changed a moment ago. Open it again and retry.", &target.id).await;
            }
            Err(e) => return Err(e.into()),
        }
        let key = email_key(&booking.email);
        let previous = booking.clone();
        let refused = match self.move_seat(&mut booking, &target, &key).await {
            Ok(None) => None,
            Ok(Some(why)) => Some(Ok(why)),
            Err(e) => Some(Err(e)),
        };
        if let Some(refused) = refused {
            // Refused or failed: the change is given back, so the visitor may try again.
            if let Err(error) = self.store.release_demo_change(&previous.id, previous.sequence).await {
                tracing::error!(booking = %previous.id, %error, "a refused change was not released");
            }
            self.refund_move(&previous).await;
            return match refused {
                Ok(why) => self.refuse(why, &target.id).await,
                Err(e) => Err(e),
            };
        }
        if let Some(old) = &current {
            self.give_back(old, &key, &booking.id).await;
        }
        tracing::info!(booking = %booking.id, slot = %target.id, "demo class rescheduled");
        reminders::plan(self.reminders, &booking, Some(&previous), self.now).await;
        let token = self.desk.token(&booking, &target);
        self.mail_confirmation(&booking, &target, &token, messages::Change::Rescheduled).await;
        Ok(ok(&Booked { booking: Booking::of(&booking, Some(&target)), token }))
    }

    /// Gives back a move that did not happen (the class full, or another change first): it mailed nothing.
    async fn refund_move(&self, booking: &DemoBooking) {
        if let Err(error) = DEMO_MOVES_PER_BOOKING.refund(self.store, &booking.id, self.now).await {
            tracing::error!(booking = %booking.id, %error, "a refused move's count was not given back");
        }
    }

    pub async fn cancel(&self, req: &Request, id: &str) -> Answer {
        self.admit_change(req).await?;
        let booking = self.opened(req, id).await?;
        let slot = self.store.get_demo_slot(&booking.slot_id).await?;
        if booking.status == DemoStatus::Cancelled {
            return Ok(ok(&BookingAnswer { booking: Booking::of(&booking, slot.as_ref()) }));
        }
        if booking.starts_at <= self.now {
            return Err(ApiError::Conflict("This class has already started.".into()));
        }
        let by = lifecycle::By::Visitor;
        let cancelled =
            lifecycle::cancel(self.store, self.desk, self.reminders, booking.clone(), slot.as_ref(), by, self.now);
        match cancelled.await? {
            Cancelled::Now(booking) => Ok(ok(&BookingAnswer { booking: Booking::of(&booking, slot.as_ref()) })),
            // Another change came first (a second click): the booking once that change is stored.
            Cancelled::Raced => {
                let mut current = booking.clone();
                for _ in 0..10 {
                    current = self.store.get_demo_booking(&booking.id).await?.unwrap_or(current);
                    if current.sequence > booking.sequence {
                        break;
                    }
                    tokio::time::sleep(std::time::Duration::from_millis(100)).await;
                }
                let slot = self.store.get_demo_slot(&current.slot_id).await?;
                Ok(ok(&BookingAnswer { booking: Booking::of(&current, slot.as_ref()) }))
            }
        }
    }
}

const BOOKING_ID: &str = "24 lowercase hex characters";
const TOKEN: &str = "the signed link's token";

#[utoipa::path(post, path = "/api/demo/bookings", tag = "demo", operation_id = "demo_book", request_body = NewBooking,
    responses(
        (status = 201, description = "booked; the confirmation with its invitation is mailed", body = Booked),
        (status = 200, description = "this e-mail had booked this class already: the same booking", body = Booked),
        (status = 400, body = ErrorBody), (status = 404, description = "no such slot, or no such course", body = ErrorBody),
        (status = 409, description = "full, starting within 2 hours, past or cancelled", body = SlotRefused),
        (status = 429, body = ErrorBody, headers(("Retry-After" = u64))),
    ))]
pub async fn book(bookings: &Bookings<'_, impl BookingStore + ?Sized>, req: &Request) -> Answer {
    bookings.book(req).await
}

#[utoipa::path(get, path = "/api/demo/bookings/{bookingId}", tag = "demo", operation_id = "demo_booking",
    params(("bookingId" = String, Path, description = BOOKING_ID), ("token" = String, Query, description = TOKEN)),
    responses((status = 200, body = BookingAnswer), (status = 400, body = ErrorBody),
        (status = 403, description = "the token is missing, wrong or expired, or a move replaced it", body = ErrorBody),
        (status = 404, body = ErrorBody)))]
pub async fn get(bookings: &Bookings<'_, impl BookingStore + ?Sized>, req: &Request, id: &str) -> Answer {
    bookings.get(req, id).await
}

#[utoipa::path(patch, path = "/api/demo/bookings/{bookingId}", tag = "demo", operation_id = "demo_reschedule",
    params(("bookingId" = String, Path, description = BOOKING_ID), ("token" = String, Query, description = TOKEN)),
    request_body = Reschedule,
    responses((status = 200, description = "moved; the update, with a new link that replaces the old one, is mailed (same event, higher sequence)", body = Booked),
        (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "the new slot is not open (with the next open ones), or rescheduling has closed", body = SlotRefused),
        (status = 429, description = "too many changes from this client, a move within a minute of the last, or 5 moves of this booking today", body = ErrorBody, headers(("Retry-After" = u64)))))]
pub async fn reschedule(bookings: &Bookings<'_, impl BookingStore + ?Sized>, req: &Request, id: &str) -> Answer {
    bookings.reschedule(req, id).await
}

#[utoipa::path(delete, path = "/api/demo/bookings/{bookingId}", tag = "demo", operation_id = "demo_cancel",
    params(("bookingId" = String, Path, description = BOOKING_ID), ("token" = String, Query, description = TOKEN)),
    responses((status = 200, description = "cancelled; the cancellation is mailed", body = BookingAnswer),
        (status = 400, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "the class has started", body = ErrorBody),
        (status = 429, description = "too many changes from this client", body = ErrorBody, headers(("Retry-After" = u64)))))]
pub async fn cancel(bookings: &Bookings<'_, impl BookingStore + ?Sized>, req: &Request, id: &str) -> Answer {
    bookings.cancel(req, id).await
}

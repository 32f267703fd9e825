//! A booking's cancellation, written once: by its visitor (`bookings::Bookings::cancel`) or with
//! its slot by staff (`console::DemoConsole::cancel`). The change is claimed first (so a second
//! click or a racing move changes nothing), the booking is stored cancelled before anything else
//! can fail, then its seat and its e-mail's hold are given back, its reminders withdrawn, and the
//! cancellation (with the calendar's `CANCEL`) mailed. What fails after the booking is stored is
//! logged, never the caller's: the cancellation stands.

use super::reminders::{self, course_title, ReminderSchedule};
use super::store::DemoRecords;
use super::{email_key, messages, Desk};
use super::{DemoBooking, DemoSlot, DemoStatus};
use crate::http::error::ApiError;
use crate::store::{CatalogRecords, StoreError};

/// Who cancels.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum By {
    Visitor,
    /// Staff, cancelling the whole slot: the letter says sorry.
    Staff,
}

/// What cancelling a booking came to.
#[derive(Debug)]
pub enum Cancelled {
    /// Cancelled now: the booking as stored.
    Now(DemoBooking),
    /// Another change to the booking was claimed first.
    Raced,
}

/// Cancels `booking` (standing, in `slot` if the slot is still there) as `by` asks.
pub async fn cancel(
    store: &(impl DemoRecords + CatalogRecords + ?Sized),
    desk: &Desk,
    schedule: &dyn ReminderSchedule,
    mut booking: DemoBooking,
    slot: Option<&DemoSlot>,
    by: By,
    now: i64,
) -> Result<Cancelled, ApiError> {
    match store.claim_demo_change(&booking.id, booking.sequence).await {
        Ok(()) => {}
        Err(StoreError::Conflict) => return Ok(Cancelled::Raced),
        Err(e) => return Err(e.into()),
    }
    let previous = booking.clone();
    booking.status = DemoStatus::Cancelled;
    booking.sequence += 1;
    store.save_demo_booking(&booking).await?;
    if let Some(slot) = slot {
        if let Err(error) = store.give_seat(&slot.id, &booking.id).await {
            tracing::error!(slot = %slot.id, %error, "a seat was not given back");
        }
        if let Err(error) = store.release_seat(&slot.id, &email_key(&booking.email)).await {
            tracing::error!(slot = %slot.id, %error, "a seat's hold was not released");
        }
    }
    tracing::info!(booking = %booking.id, ?by, "demo class cancelled");
    reminders::plan(schedule, &booking, Some(&previous), now).await;
    let slot_course = slot.and_then(|s| s.course_id.as_deref());
    match course_title(store, &booking.course_id, slot_course).await {
        Ok(course) => desk.post(messages::cancellation(desk, &booking, &course, by == By::Staff, now)).await,
        Err(error) => tracing::error!(booking = %booking.id, %error, "cancellation not mailed"),
    }
    Ok(Cancelled::Now(booking))
}

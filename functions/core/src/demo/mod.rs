//! The free demo class, booked at a real time: the open slots staff published (`slots`), a
//! visitor's booking with its seat held atomically, its signed manage links (`tokens`) to see,
//! move or cancel it without signing in (`bookings`), the mail each step sends with its calendar
//! object (`messages`, `ics`), the reminders 24 hours and 1 hour before and the staff's morning
//! digest (`reminders`), and the two zones every time is read in (`zones`).
//! docs/decisions/0034-demo-booking.md says why it is built so.
//!
//! Its letters are the mail kit's `Mail`, handed to the kit's `Postbox` (`crate::mail`).

pub mod api;
pub mod bookings;
pub mod console;
pub mod ics;
pub mod lifecycle;
pub mod messages;
pub mod records;
pub mod reminders;
pub mod slots;
pub mod store;
pub mod tokens;
/// The zones every time is read in: shared with live classes (`crate::zones`).
pub use crate::zones;

use crate::mail::{Mail, Postbox};
pub use records::{Attendance, DemoBooking, DemoSlot, DemoStatus};
use serde::Serialize;
use utoipa::ToSchema;

/// How long before a class booking, moving into it and moving out of it close.
pub const CLOSES_BEFORE_SECS: i64 = 2 * 3600;

/// What the feature mails with: the postbox (its sender is the calendar events' organiser, its
/// inbox gets the morning digest), the site's address (for the links in mail) and the key the
/// links are signed with.
#[derive(Clone)]
pub struct Desk {
    pub postbox: Postbox,
    /// The site's origin, e.g. `https://skylinetech.academy`.
    pub site_url: String,
    pub key: tokens::DemoKey,
}

impl Desk {
    /// Mails `letter`; a failure is logged, never the caller's (what it is about is stored already).
    pub async fn post(&self, letter: Mail) {
        self.postbox.post(&letter).await;
    }

    /// The page where a visitor sees, moves or cancels a booking.
    pub fn manage_url(&self, booking: &DemoBooking, token: &str) -> String {
        format!(
            "{}/FreeDemo/booking?id={}&token={}",
            self.site_url.trim_end_matches('/'),
            booking.id,
            form_urlencoded::byte_serialize(token.as_bytes()).collect::<String>()
        )
    }

    /// Where a visitor books again.
    pub fn rebook_url(&self) -> String {
        format!("{}/FreeDemo#book", self.site_url.trim_end_matches('/'))
    }

    /// A manage token for `booking` in `slot`, valid until the class ends.
    pub fn token(&self, booking: &DemoBooking, slot: &DemoSlot) -> String {
        let expires_at = slot.ends_at().max(booking.starts_at + i64::from(booking.minutes) * 60);
        tokens::issue(&self.key, &booking.id, expires_at, booking.link)
    }
}

/// An open slot as visitors see it (never its meeting link).
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Slot {
    pub id: String,
    /// RFC 3339, UTC (`Z`).
    #[schema(example = "2026-03-29T14:00:00Z")]
    pub starts_at: String,
    pub minutes: u32,
    pub seats_left: u32,
    /// The course it is about; null: any course.
    pub course_id: Option<String>,
}

impl Slot {
    pub fn of(slot: &DemoSlot, taken: i64) -> Self {
        Self {
            id: slot.id.clone(),
            starts_at: zones::rfc3339(slot.starts_at),
            minutes: slot.minutes,
            seats_left: seats_left(slot, taken),
            course_id: slot.course_id.clone(),
        }
    }
}

/// Seats not taken (never below zero).
pub fn seats_left(slot: &DemoSlot, taken: i64) -> u32 {
    u32::try_from((i64::from(slot.seats) - taken).max(0)).unwrap_or(0)
}

/// A booking as its holder (the token's) and staff see it.
#[derive(Clone, Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Booking {
    pub id: String,
    pub slot_id: String,
    /// RFC 3339, UTC (`Z`).
    pub starts_at: String,
    pub minutes: u32,
    /// The course asked about; empty: undecided.
    pub course_id: String,
    pub name: String,
    pub email: String,
    pub phone: String,
    pub status: DemoStatus,
    pub attendance: Option<Attendance>,
    /// The class's meeting link (null once cancelled).
    pub meeting_url: Option<String>,
    /// How many times its calendar event changed.
    pub sequence: u32,
}

impl Booking {
    pub fn of(booking: &DemoBooking, slot: Option<&DemoSlot>) -> Self {
        let standing = booking.status == DemoStatus::Booked;
        Self {
            id: booking.id.clone(),
            slot_id: booking.slot_id.clone(),
            starts_at: zones::rfc3339(booking.starts_at),
            minutes: booking.minutes,
            course_id: booking.course_id.clone(),
            name: booking.name.clone(),
            email: booking.email.clone(),
            phone: booking.phone.clone(),
            status: booking.status,
            attendance: booking.attendance,
            meeting_url: slot.filter(|_| standing).map(|s| s.meeting_url.clone()),
            sequence: booking.sequence,
        }
    }
}

/// The digest of an e-mail address that keys its seat in a slot.
pub fn email_key(email: &str) -> String {
    crate::ids::digest(&email.trim().to_lowercase())
}

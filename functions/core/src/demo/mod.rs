//! The free demo class, booked at a real time: the open slots staff published (`slots`), a
//! visitor's booking with its seat held atomically, its signed manage links (`tokens`) to see,
//! move or cancel it without signing in (`bookings`), the mail each step sends with its calendar
//! object (`messages`, `ics`), the reminders 24 hours and 1 hour before and the staff's morning
//! digest (`reminders`), and the two zones every time is read in (`zones`).
//! docs/decisions/0034-demo-booking.md says why it is built so.
//!
//! The feature stands alone: it writes its mail as `Letter`s and hands them to a `LetterBox`,
//! which the wiring backs with the product's mailer (`leads::mail`).

pub mod bookings;
pub mod console;
pub mod ics;
pub mod messages;
pub mod reminders;
pub mod slots;
pub mod tokens;
/// The zones every time is read in: shared with live classes (`crate::zones`).
pub use crate::zones;

use crate::domain::{Attendance, DemoBooking, DemoSlot, DemoStatus};
use async_trait::async_trait;
use serde::Serialize;
use std::sync::Arc;
use utoipa::ToSchema;

/// How long before a class booking, moving into it and moving out of it close.
pub const CLOSES_BEFORE_SECS: i64 = 2 * 3600;

/// What a letter is, for the mailer (the outbox names its files by it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LetterKind {
    /// Booked, moved or cancelled: to the visitor, with a calendar object.
    Booking,
    /// 24 hours or 1 hour before.
    Reminder,
    /// The day's classes, to the institute's inbox.
    Digest,
}

/// One message the feature sends.
#[derive(Clone, Debug, PartialEq)]
pub struct Letter {
    /// What it is about (a booking's id, or the digest's date).
    pub about: String,
    pub kind: LetterKind,
    pub to: String,
    pub subject: String,
    pub text: String,
    pub html: String,
    /// The calendar object and its method (`REQUEST`, `CANCEL`).
    pub calendar: Option<(ics::Method, String)>,
}

/// Where letters go: the product's mailer (SES in AWS, the outbox locally).
#[async_trait]
pub trait LetterBox: Send + Sync {
    async fn send(&self, letter: &Letter) -> Result<(), String>;
}

/// What the feature mails with: the letter box, the institute's addresses, the site's address
/// (for the links in mail) and the key the links are signed with.
#[derive(Clone)]
pub struct Desk {
    pub letters: Arc<dyn LetterBox>,
    /// The sender, and the calendar events' organiser.
    pub from: String,
    /// The institute's inbox (the morning digest).
    pub inbox: String,
    /// The site's origin, e.g. `https://skylinetech.academy`.
    pub site_url: String,
    pub key: tokens::DemoKey,
}

impl Desk {
    /// Mails `letter`; a failure is logged, never the caller's (what it is about is stored already).
    pub async fn post(&self, letter: Letter) {
        if let Err(error) = self.letters.send(&letter).await {
            tracing::error!(about = %letter.about, %error, "demo mail failed");
        }
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

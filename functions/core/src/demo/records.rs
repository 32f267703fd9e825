//! The demo class's records: the slots staff publish and the bookings visitors make (their key
//! layout is `store.rs`).

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A free demo class staff published: when it starts (epoch seconds), how long it lasts, how many
/// visitors it seats, and the meeting link, which only its booked visitors and staff ever see.
/// Its seats taken are items of their own (`demo::store::DemoRecords::take_seat`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DemoSlot {
    pub id: String,
    pub starts_at: i64,
    pub minutes: u32,
    /// The seats offered: how many of its numbered seats are open.
    pub seats: u32,
    /// How many numbered seats the slot has had at most (0: as many as `seats`). When staff offer
    /// fewer, the free numbers past them are closed rather than forgotten (`DemoRecords::resize_seats`).
    #[serde(default)]
    pub seat_numbers: u32,
    /// The course the class is about; none: any course.
    #[serde(default)]
    pub course_id: Option<String>,
    pub meeting_url: String,
    #[serde(default)]
    pub cancelled: bool,
    pub created_at: i64,
}

impl DemoSlot {
    pub fn ends_at(&self) -> i64 {
        self.starts_at + i64::from(self.minutes) * 60
    }

    /// The numbers a booking may try for a seat: 1 to this.
    pub fn numbered_seats(&self) -> u32 {
        self.seat_numbers.max(self.seats)
    }
}

/// Whether a demo booking stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum DemoStatus {
    Booked,
    Cancelled,
}

/// Whether a booked visitor came, as staff marked it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Attendance {
    Attended,
    NoShow,
}

/// A visitor's seat in a demo class. `sequence` counts the changes its calendar event went
/// through (the invitation is 0; each move or cancellation adds one), and a reminder is sent only
/// for the sequence it was scheduled for.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DemoBooking {
    pub id: String,
    pub slot_id: String,
    /// The slot's start when the booking last changed (what the visitor's calendar holds).
    pub starts_at: i64,
    pub minutes: u32,
    /// The course the visitor asked about; empty: undecided.
    #[serde(default)]
    pub course_id: String,
    pub name: String,
    pub email: String,
    pub phone: String,
    pub status: DemoStatus,
    #[serde(default)]
    pub attendance: Option<Attendance>,
    pub sequence: u32,
    pub created_at: i64,
    /// The version of its manage link: each move by the visitor replaces the link (`demo::tokens`).
    #[serde(default)]
    pub link: u32,
    /// When the visitor last moved it (a move mails, so moves are at least a minute apart).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub moved_at: Option<i64>,
}

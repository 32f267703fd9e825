//! The calendar object of a booking, written by the `icalendar` crate: `METHOD:REQUEST` for the
//! invitation and every update (the same `UID`, a higher `SEQUENCE`), `METHOD:CANCEL` with
//! `STATUS:CANCELLED` for a cancellation. Times are UTC (`…Z`), which Google Calendar, Outlook and
//! Apple Calendar all show in their reader's own zone.

use super::DemoBooking;
use chrono::{TimeZone, Utc};
use icalendar::{Calendar, Component, Event, EventLike, EventStatus, Property};

/// The `PRODID` of our calendar objects.
pub const PRODUCT: &str = "-//Skyline Tech Academy//Free demo class//EN";

/// What a calendar object asks of its reader.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Method {
    /// Add (or update) the event.
    Request,
    /// Remove it.
    Cancel,
}

impl Method {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Request => "REQUEST",
            Self::Cancel => "CANCEL",
        }
    }
}

/// A booking's event id: the same in every object about it, so calendars update one event.
pub fn uid(booking_id: &str) -> String {
    format!("{booking_id}@academy")
}

/// A name as a parameter value (`CN=`): no quotes or control characters, at most 100 characters.
fn common_name(name: &str) -> String {
    name.chars().filter(|c| !c.is_control() && *c != '"').take(100).collect()
}

/// What the object says, besides the booking.
pub struct Details<'a> {
    pub method: Method,
    /// `Free demo class — {course}`.
    pub summary: &'a str,
    /// The institute's sender address (the organiser).
    pub organizer: &'a str,
    /// The meeting link (none in a cancellation).
    pub meeting_url: Option<&'a str>,
    /// A few lines for the event's notes (where to reschedule or cancel).
    pub description: &'a str,
    /// The object's time stamp (`DTSTAMP`).
    pub now: i64,
}

/// The calendar object (text/calendar) for `booking` as it stands.
pub fn calendar(booking: &DemoBooking, details: &Details<'_>) -> String {
    let at = |secs: i64| Utc.timestamp_opt(secs, 0).single().unwrap_or_default();
    let mut event = Event::new();
    event
        .uid(&uid(&booking.id))
        .sequence(booking.sequence)
        .timestamp(at(details.now))
        .starts(at(booking.starts_at))
        .ends(at(booking.starts_at + i64::from(booking.minutes) * 60))
        .summary(details.summary)
        .description(details.description)
        .status(match details.method {
            Method::Request => EventStatus::Confirmed,
            Method::Cancel => EventStatus::Cancelled,
        });
    if let Some(link) = details.meeting_url {
        event.location(link).url(link);
    }
    let mut organizer = Property::new("ORGANIZER", format!("mailto:{}", details.organizer));
    organizer.add_parameter("CN", "Skyline Tech Academy");
    event.append_property(organizer);
    let mut attendee = Property::new("ATTENDEE", format!("mailto:{}", booking.email));
    attendee
        .add_parameter("CN", &common_name(&booking.name))
        .add_parameter("ROLE", "REQ-PARTICIPANT")
        .add_parameter("PARTSTAT", "ACCEPTED")
        .add_parameter("RSVP", "FALSE");
    event.append_property(attendee);
    let mut calendar = Calendar::empty();
    calendar
        .append_property(Property::new("VERSION", "2.0"))
        .append_property(Property::new("PRODID", PRODUCT))
        .append_property(Property::new("CALSCALE", "GREGORIAN"))
        .append_property(Property::new("METHOD", details.method.as_str()))
        .push(event.done());
    calendar.done().to_string()
}

//! What the feature mails: to the visitor when a class is booked, moved or cancelled (text, HTML
//! and the calendar object), the reminders, and the institute's morning digest. Every time is
//! given in both zones; every visitor value is escaped in HTML.

use super::ics::{self, Method};
use super::{zones, Desk};
use super::{DemoBooking, DemoSlot};
use crate::mail::greeting_of as greeting;
use crate::mail::{CalendarPart, Mail, MailKind};

/// Why a visitor is mailed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// Booked just now.
    Booked,
    /// Moved by the visitor.
    Rescheduled,
    /// Moved or changed by staff (the time, length or link).
    Updated,
}

fn e(text: &str) -> String {
    html_escape::encode_text(text).into_owned()
}

fn attr(text: &str) -> String {
    html_escape::encode_double_quoted_attribute(text).into_owned()
}

/// A letter to the booking's visitor (its text and HTML bodies) with, given its details, the
/// calendar object: its method is named once, in the details.
fn to_visitor(
    desk: &Desk,
    booking: &DemoBooking,
    kind: MailKind,
    subject: String,
    bodies: (String, String),
    calendar: Option<ics::Details>,
) -> Mail {
    let mut letter = desk.postbox.letter(&booking.id, kind, &booking.email, subject, bodies);
    letter.calendar = calendar
        .map(|details| CalendarPart { method: details.method.as_str().into(), ics: ics::calendar(booking, &details) });
    letter
}

/// `Free demo class — {course}`.
pub fn summary(course: &str) -> String {
    format!("Free demo class — {course}")
}

fn lasting(booking: &DemoBooking) -> String {
    format!("{} ({} minutes)", zones::both(booking.starts_at), booking.minutes)
}

/// The booked, moved or updated class, with its invitation (`METHOD:REQUEST`).
pub fn confirmation(
    desk: &Desk,
    booking: &DemoBooking,
    slot: &DemoSlot,
    course: &str,
    token: &str,
    change: Change,
    now: i64,
) -> Mail {
    let manage = desk.manage_url(booking, token);
    let cancel = format!("{manage}&action=cancel");
    let (subject, opening) = match change {
        Change::Booked => ("Your free demo class is booked", "Your free demo class is booked."),
        Change::Rescheduled => ("Your free demo class has moved", "Your free demo class has moved to a new time."),
        Change::Updated => ("Your free demo class has changed", "We have changed your free demo class."),
    };
    let when = lasting(booking);
    let text = format!(
        "Dear {name},\n\n{opening}\n\n{summary}\nWhen: {when}\nJoin: {link}\n\nThe invitation is attached: add it \
         to your calendar. Need another time? Reschedule free until 2 hours before the class:\n{manage}\nCancel:\n\
         {cancel}\n\nSkyline Tech Academy\n",
        name = greeting(&booking.name),
        summary = summary(course),
        link = slot.meeting_url,
    );
    let html = format!(
        "<p>Dear {name},</p><p>{opening}</p><p><strong>{summary}</strong><br>When: {when}<br>Join: <a \
         href=\"{link_attr}\">{link}</a></p><p>The invitation is attached: add it to your calendar.</p><p>Need \
         another time? <a href=\"{manage_attr}\">Reschedule</a> free until 2 hours before the class, or <a \
         href=\"{cancel_attr}\">cancel</a>.</p><p>Skyline Tech Academy</p>",
        name = e(&greeting(&booking.name)),
        opening = e(opening),
        summary = e(&summary(course)),
        when = e(&when),
        link_attr = attr(&slot.meeting_url),
        link = e(&slot.meeting_url),
        manage_attr = attr(&manage),
        cancel_attr = attr(&cancel),
    );
    let description = format!("Join: {}\nReschedule or cancel: {manage}", slot.meeting_url);
    let invitation = ics::Details {
        method: Method::Request,
        summary: &summary(course),
        organizer: &desk.postbox.settings.from,
        meeting_url: Some(&slot.meeting_url),
        description: &description,
        now,
    };
    let subject = format!("{subject}: {}", zones::both(booking.starts_at));
    to_visitor(desk, booking, MailKind::DemoBooking, subject, (text, html), Some(invitation))
}

/// The cancelled class (`METHOD:CANCEL`), with where to book again. `by_staff`: the institute
/// cancelled the class, and says sorry.
pub fn cancellation(desk: &Desk, booking: &DemoBooking, course: &str, by_staff: bool, now: i64) -> Mail {
    let rebook = desk.rebook_url();
    let opening = if by_staff {
        "We are sorry: we had to cancel your free demo class."
    } else {
        "Your free demo class is cancelled, as you asked."
    };
    let when = lasting(booking);
    let text = format!(
        "Dear {name},\n\n{opening}\n\n{summary}\nWas: {when}\n\nBook another time here:\n{rebook}\n\nSkyline Tech \
         Academy\n",
        name = greeting(&booking.name),
        summary = summary(course),
    );
    let html = format!(
        "<p>Dear {name},</p><p>{opening}</p><p><strong>{summary}</strong><br>Was: {when}</p><p><a \
         href=\"{rebook_attr}\">Book another time</a>.</p><p>Skyline Tech Academy</p>",
        name = e(&greeting(&booking.name)),
        opening = e(opening),
        summary = e(&summary(course)),
        when = e(&when),
        rebook_attr = attr(&rebook),
    );
    let description = format!("Cancelled. Book another time: {rebook}");
    let withdrawal = ics::Details {
        method: Method::Cancel,
        summary: &summary(course),
        organizer: &desk.postbox.settings.from,
        meeting_url: None,
        description: &description,
        now,
    };
    let subject = format!("Cancelled: your free demo class on {}", zones::both(booking.starts_at));
    to_visitor(desk, booking, MailKind::DemoBooking, subject, (text, html), Some(withdrawal))
}

/// The reminder `ahead` (`24 hours`, `1 hour`) before the class, with its link.
pub fn reminder(desk: &Desk, booking: &DemoBooking, slot: &DemoSlot, course: &str, token: &str, ahead: &str) -> Mail {
    let manage = desk.manage_url(booking, token);
    let when = lasting(booking);
    let text = format!(
        "Dear {name},\n\nYour free demo class starts in {ahead}.\n\n{summary}\nWhen: {when}\nJoin: {link}\n\nCannot \
         make it? Reschedule or cancel:\n{manage}\n\nSkyline Tech Academy\n",
        name = greeting(&booking.name),
        summary = summary(course),
        link = slot.meeting_url,
    );
    let html = format!(
        "<p>Dear {name},</p><p>Your free demo class starts in {ahead}.</p><p><strong>{summary}</strong><br>When: \
         {when}<br>Join: <a href=\"{link_attr}\">{link}</a></p><p>Cannot make it? <a \
         href=\"{manage_attr}\">Reschedule or cancel</a>.</p><p>Skyline Tech Academy</p>",
        name = e(&greeting(&booking.name)),
        ahead = e(ahead),
        summary = e(&summary(course)),
        when = e(&when),
        link_attr = attr(&slot.meeting_url),
        link = e(&slot.meeting_url),
        manage_attr = attr(&manage),
    );
    let subject = format!("Reminder: your free demo class starts in {ahead}");
    to_visitor(desk, booking, MailKind::DemoReminder, subject, (text, html), None)
}

/// The institute's list of one day's classes (`date`, Karachi) and who booked each.
pub fn digest(desk: &Desk, date: &str, day: &[(DemoSlot, Vec<DemoBooking>)]) -> Mail {
    let mut text = format!("Demo classes on {date} (Pakistan time)\n");
    let mut html = format!("<h2>Demo classes on {} (Pakistan time)</h2>", e(date));
    for (slot, bookings) in day {
        let head = format!(
            "{} — {} minutes, {} of {} seats booked",
            zones::both(slot.starts_at),
            slot.minutes,
            bookings.len(),
            slot.seats
        );
        text.push_str(&format!("\n{head}\n{}\n", slot.meeting_url));
        html.push_str(&format!("<h3>{}</h3><p>{}</p><ul>", e(&head), e(&slot.meeting_url)));
        if bookings.is_empty() {
            text.push_str("  nobody yet\n");
            html.push_str("<li>nobody yet</li>");
        }
        for booking in bookings {
            let who = format!("{} <{}>, {}", booking.name, booking.email, booking.phone);
            text.push_str(&format!("  - {who}\n"));
            html.push_str(&format!("<li>{}</li>", e(&who)));
        }
        html.push_str("</ul>");
    }
    let inbox = &desk.postbox.settings.inbox;
    let subject = format!("Today's demo classes ({date})");
    let mut digest = desk.postbox.letter(&format!("digest-{date}"), MailKind::DemoDigest, inbox, subject, (text, html));
    digest.reply_to = None;
    digest
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::demo::tokens::DemoKey;
    use crate::demo::DemoStatus;
    use crate::mail::{MailSettings, Postbox};

    fn desk() -> Desk {
        let settings = MailSettings {
            from: "no-reply@academy.test".into(),
            inbox: "admissions@academy.test".into(),
            auto_reply: false,
        };
        Desk { postbox: Postbox::unposted(settings), site_url: "https://academy.test/".into(), key: DemoKey::random() }
    }

    fn booking(name: &str) -> (DemoBooking, DemoSlot) {
        let slot = DemoSlot {
            id: "665f1c2a9b3e4d0012a1d001".into(),
            starts_at: 1_774_796_400, // 2026-03-29T15:00:00Z: 8 PM in Karachi, 4 PM BST
            minutes: 40,
            seats: 5,
            seat_numbers: 0,
            course_id: None,
            meeting_url: "https://meet.example.com/a?b=1&c=<2>".into(),
            cancelled: false,
            created_at: 0,
        };
        let booking = DemoBooking {
            id: "665f1c2a9b3e4d0012a1e001".into(),
            slot_id: slot.id.clone(),
            starts_at: slot.starts_at,
            minutes: 40,
            course_id: String::new(),
            name: name.into(),
            email: "visitor@example.com".into(),
            phone: "+44 7700 900123".into(),
            status: DemoStatus::Booked,
            attendance: None,
            sequence: 0,
            created_at: 0,
            link: 0,
            moved_at: None,
        };
        (booking, slot)
    }

    #[test]
    fn visitor_text_is_escaped_and_only_a_plain_first_name_is_repeated() {
        // GIVEN a name that is markup, and a link with characters HTML must escape
        let (booking, slot) = booking("<script>alert(1)</script> Khan");
        // WHEN the confirmation is written
        let letter = confirmation(&desk(), &booking, &slot, "Skyline Tech Academy", "1.sig", Change::Booked, 0);
        // THEN no markup of the visitor's reaches the HTML, and the greeting falls back
        assert!(!letter.html.contains("<script>"), "{}", letter.html);
        assert!(letter.text.starts_with("Dear there,"), "{}", letter.text);
        assert!(letter.html.contains("c=&lt;2&gt;"), "{}", letter.html);
        // AND the time is in both zones, the links are the site's
        assert!(letter.subject.contains("Sun 29 Mar 2026, 8:00 PM Pakistan time (Sun 29 Mar 2026, 4:00 PM UK time)"));
        assert!(letter.text.contains("https://academy.test/FreeDemo/booking?id=665f1c2a9b3e4d0012a1e001&token=1.sig"));
        assert_eq!(greeting("Zoë O'Neil"), "Zoë");
        assert_eq!(greeting("   "), "there");
    }

    #[test]
    fn the_calendar_names_the_attendee_without_quotes_and_gives_utc_times() {
        let (booking, slot) = booking("Ayesha \"AK\" Khan");
        let letter = confirmation(&desk(), &booking, &slot, "MERN", "1.sig", Change::Booked, 0);
        let crate::mail::CalendarPart { method, ics } = letter.calendar.unwrap();
        assert_eq!(method, ics::Method::Request.as_str());
        assert_eq!(letter.kind, MailKind::DemoBooking);
        assert_eq!(letter.reply_to.as_deref(), Some("admissions@academy.test"));
        let calendar: icalendar::Calendar = ics.parse().unwrap();
        assert_eq!(calendar.property_value("METHOD"), Some("REQUEST"));
        assert!(ics.contains("CN=Ayesha AK Khan") || ics.contains("CN=\"Ayesha AK Khan\""), "{ics}");
        assert!(ics.contains("DTSTART:20260329T150000Z"), "{ics}");
        assert!(ics.contains("DTEND:20260329T154000Z"), "{ics}");
        assert!(ics.contains("SUMMARY:Free demo class — MERN"), "{ics}");
    }
}

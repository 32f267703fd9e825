//! The mail live classes send: to each student of a batch when a session is cancelled, moved or
//! added, or the timetable's future sessions change (once per change), and the reminder an hour
//! before. Times are given in the batch's zone and in UTC (the student's own zone is on `/lms`);
//! no meeting link is in any mail: Join is on `/lms`, where the enrolment is checked.

use super::Desk;
use crate::live::LiveSession;
use crate::mail::greeting_of as greeting;
use crate::mail::{Mail, MailKind};
use chrono_tz::Tz;

fn e(text: &str) -> String {
    html_escape::encode_text(text).into_owned()
}

/// `Mon 30 Nov 2026, 7:00 PM PKT (14:00 UTC)` (`zones::with_utc`).
pub fn when(at: i64, zone: Tz) -> String {
    crate::zones::with_utc(at, zone)
}

/// One student to mail: their name and address.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Student {
    pub name: String,
    pub email: String,
}

/// What happened to a session.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Change {
    Cancelled {
        reason: String,
    },
    /// Moved (or its length changed) from this start.
    Moved {
        from: i64,
    },
    Added,
}

fn letter(desk: &Desk, about: &str, kind: MailKind, to: &Student, subject: String, lines: &[String]) -> Mail {
    let hello = format!("Hello {},", greeting(&to.name));
    let classes = desk.classes_url();
    let footer = format!("Your classes, with Join 10 minutes before each: {classes}");
    let mut text = vec![hello.clone(), String::new()];
    text.extend(lines.iter().cloned());
    text.extend([String::new(), footer, String::new(), "Skyline Tech Academy".into()]);
    let mut html = format!("<p>{}</p>", e(&hello));
    for line in lines {
        html.push_str(&format!("<p>{}</p>", e(line)));
    }
    html.push_str(&format!(
        "<p>Your classes, with Join 10 minutes before each: <a href=\"{}\">{}</a></p><p>Skyline Tech Academy</p>",
        html_escape::encode_double_quoted_attribute(&classes),
        e(&classes)
    ));
    desk.postbox.letter(about, kind, &to.email, subject, (text.join("\n"), html))
}

/// A session cancelled, moved or added, to one student of its batch.
pub fn change(desk: &Desk, batch: &str, session: &LiveSession, zone: Tz, change: &Change, to: &Student) -> Mail {
    let at = when(session.starts_at, zone);
    let (subject, lines) = match change {
        Change::Cancelled { reason } => (
            format!("{batch}: the class on {} is cancelled", when(session.starts_at, zone)),
            vec![format!("The {batch} class on {at} is cancelled."), format!("Why: {reason}")],
        ),
        Change::Moved { from } => (
            format!("{batch}: a class has moved"),
            vec![
                format!("The {batch} class on {} has moved.", when(*from, zone)),
                format!("It is now on {at}, for {} minutes.", session.minutes),
            ],
        ),
        Change::Added => (
            format!("{batch}: an extra class"),
            vec![format!("An extra {batch} class is on {at}, for {} minutes.", session.minutes)],
        ),
    };
    letter(desk, &session.id, MailKind::ClassChange, to, subject, &lines)
}

/// The timetable's future sessions changed, to one student of the batch.
pub fn timetable_changed(desk: &Desk, batch_id: &str, batch: &str, schedule: &str, timing: &str, to: &Student) -> Mail {
    let lines = vec![
        format!("The timetable of {batch} has changed: {schedule}, {timing}."),
        "Your calendar feed follows by itself; your classes page shows every session in your own time.".into(),
    ];
    letter(desk, batch_id, MailKind::ClassChange, to, format!("{batch}: the timetable has changed"), &lines)
}

/// The reminder an hour before a session.
pub fn reminder(desk: &Desk, batch: &str, session: &LiveSession, zone: Tz, to: &Student) -> Mail {
    let lines = vec![format!(
        "Your {batch} class starts in 1 hour: {}, for {} minutes.",
        when(session.starts_at, zone),
        session.minutes
    )];
    letter(desk, &session.id, MailKind::ClassReminder, to, format!("{batch}: your class starts in 1 hour"), &lines)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn times_name_the_batch_zone_and_utc() {
        // 2026-11-30T14:00:00Z is 7 PM in Karachi.
        assert_eq!(when(1_796_047_200, chrono_tz::Asia::Karachi), "Mon 30 Nov 2026, 7:00 PM PKT (14:00 UTC)");
    }
}

//! A batch's weekly timetable turned into sessions: each slot's weekday and wall-clock start in
//! the timetable's IANA zone, on every date of the term (the batch's start date to its end date),
//! stored as a UTC instant. A clock change in that zone keeps the wall clock and moves the
//! instant (a start that falls in the hour a spring change skips is taken at the first minute
//! after it; one an autumn change repeats, at its first occurrence). The batch's public
//! `schedule`/`timing` texts are written from the same timetable (`public_texts`), and a
//! timetable saved again is merged with the sessions that exist (`merge`).

use crate::live::{LiveSession, SessionStatus, Timetable, TimetableSlot, Weekday};
use chrono::{Datelike, LocalResult, NaiveDate, NaiveTime, TimeZone, Timelike, Utc};
use chrono_tz::Tz;

/// The zone a timetable is in unless staff choose another.
pub const DEFAULT_ZONE: &str = "Asia/Karachi";

/// The zone an IANA name names, if the database knows it.
pub fn zone(name: &str) -> Option<Tz> {
    name.parse::<Tz>().ok()
}

/// A start as `HH:MM` (24-hour, two digits each).
pub fn start_time(text: &str) -> Option<NaiveTime> {
    let b = text.as_bytes();
    if b.len() != 5 || b[2] != b':' {
        return None;
    }
    NaiveTime::parse_from_str(text, "%H:%M").ok()
}

fn day_of(weekday: Weekday) -> chrono::Weekday {
    match weekday {
        Weekday::Mon => chrono::Weekday::Mon,
        Weekday::Tue => chrono::Weekday::Tue,
        Weekday::Wed => chrono::Weekday::Wed,
        Weekday::Thu => chrono::Weekday::Thu,
        Weekday::Fri => chrono::Weekday::Fri,
        Weekday::Sat => chrono::Weekday::Sat,
        Weekday::Sun => chrono::Weekday::Sun,
    }
}

const WEEK: [Weekday; 7] =
    [Weekday::Mon, Weekday::Tue, Weekday::Wed, Weekday::Thu, Weekday::Fri, Weekday::Sat, Weekday::Sun];

fn short_name(weekday: Weekday) -> &'static str {
    match weekday {
        Weekday::Mon => "Mon",
        Weekday::Tue => "Tue",
        Weekday::Wed => "Wed",
        Weekday::Thu => "Thu",
        Weekday::Fri => "Fri",
        Weekday::Sat => "Sat",
        Weekday::Sun => "Sun",
    }
}

/// A date `YYYY-MM-DD`.
pub fn date(text: &str) -> Option<NaiveDate> {
    NaiveDate::parse_from_str(text.trim(), "%Y-%m-%d").ok()
}

/// The UTC instant (epoch seconds) of a wall-clock time on a date in `zone`: the earlier of two
/// when an autumn change repeats the hour, the first minute after the gap when a spring change
/// skips it.
pub fn instant(zone: Tz, day: NaiveDate, time: NaiveTime) -> i64 {
    let local = day.and_time(time);
    match zone.from_local_datetime(&local) {
        LocalResult::Single(t) => t.timestamp(),
        LocalResult::Ambiguous(first, _) => first.timestamp(),
        LocalResult::None => (1..=24 * 60)
            .find_map(|m| match zone.from_local_datetime(&(local + chrono::Duration::minutes(m))) {
                LocalResult::Single(t) | LocalResult::Ambiguous(t, _) => Some(t.timestamp()),
                LocalResult::None => None,
            })
            .unwrap_or_else(|| Utc.from_utc_datetime(&local).timestamp()),
    }
}

/// One session the timetable asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Occurrence {
    /// The slot's place in the timetable.
    pub slot: u32,
    pub starts_at: i64,
    pub minutes: u32,
    pub meeting_url: String,
}

/// Every session the timetable asks for from `first` to `last` (dates in its zone, both
/// included), by start.
pub fn occurrences(timetable: &Timetable, zone: Tz, first: NaiveDate, last: NaiveDate) -> Vec<Occurrence> {
    let mut found = Vec::new();
    let mut day = first;
    while day <= last {
        for (index, slot) in timetable.slots.iter().enumerate() {
            if day.weekday() != day_of(slot.weekday) {
                continue;
            }
            let Some(time) = start_time(&slot.start) else { continue };
            found.push(Occurrence {
                slot: index as u32,
                starts_at: instant(zone, day, time),
                minutes: slot.minutes,
                meeting_url: slot.meeting_url.clone().unwrap_or_else(|| timetable.meeting_url.clone()),
            });
        }
        let Some(next) = day.succ_opt() else { break };
        day = next;
    }
    found.sort_by_key(|o| (o.starts_at, o.slot));
    found
}

/// `7:00 PM`.
fn clock(time: NaiveTime) -> String {
    time.format("%-I:%M %p").to_string()
}

/// The batch's public texts from its timetable: `schedule` the days (`Mon, Wed, Fri`) and
/// `timing` the hours with the zone's abbreviation at `at` (`7:00 PM – 9:00 PM PKT`); slots at
/// different hours name their days (`Mon, Wed 7:00 PM – 9:00 PM; Sat 11:00 AM – 2:00 PM PKT`).
pub fn public_texts(timetable: &Timetable, zone: Tz, at: i64) -> (String, String) {
    let mut days: Vec<Weekday> = timetable.slots.iter().map(|s| s.weekday).collect();
    days.sort();
    days.dedup();
    let schedule = days.iter().map(|d| short_name(*d)).collect::<Vec<_>>().join(", ");
    let abbreviation =
        Utc.timestamp_opt(at, 0).single().unwrap_or_default().with_timezone(&zone).format("%Z").to_string();
    let hours = |slot: &TimetableSlot| {
        let start = start_time(&slot.start).unwrap_or_default();
        let end = start + chrono::Duration::minutes(i64::from(slot.minutes));
        format!("{} – {}", clock(start), clock(end))
    };
    let mut groups: Vec<(String, Vec<Weekday>)> = Vec::new();
    for weekday in WEEK {
        for slot in timetable.slots.iter().filter(|s| s.weekday == weekday) {
            let text = hours(slot);
            match groups.iter_mut().find(|(h, _)| *h == text) {
                Some((_, days)) => {
                    if !days.contains(&weekday) {
                        days.push(weekday);
                    }
                }
                None => groups.push((text, vec![weekday])),
            }
        }
    }
    let timing = match groups.as_slice() {
        [(hours, _)] => format!("{hours} {abbreviation}"),
        _ => {
            let parts: Vec<String> = groups
                .iter()
                .map(|(hours, days)| {
                    format!("{} {hours}", days.iter().map(|d| short_name(*d)).collect::<Vec<_>>().join(", "))
                })
                .collect();
            format!("{} {abbreviation}", parts.join("; "))
        }
    };
    (schedule, timing)
}

/// The slots a batch's public texts describe (`Mon, Wed, Fri` and `7:00 PM – 9:00 PM PKT`), to
/// give the demo batches timetables matching their cards; none when they are not of that form.
pub fn slots_from_texts(schedule: &str, timing: &str) -> Option<Vec<TimetableSlot>> {
    let days: Option<Vec<Weekday>> = schedule
        .split(',')
        .map(|d| WEEK.iter().copied().find(|w| short_name(*w).eq_ignore_ascii_case(d.trim())))
        .collect();
    let (from, rest) = timing.split_once('–').or_else(|| timing.split_once(" - "))?;
    let to: String = rest.trim().splitn(3, ' ').take(2).collect::<Vec<_>>().join(" ");
    let start = NaiveTime::parse_from_str(from.trim(), "%I:%M %p").ok()?;
    let end = NaiveTime::parse_from_str(&to, "%I:%M %p").ok()?;
    let minutes = (end - start).num_minutes().rem_euclid(24 * 60);
    let minutes = u32::try_from(minutes).ok().filter(|m| *m > 0)?;
    let start = format!("{:02}:{:02}", start.hour(), start.minute());
    Some(
        days?
            .into_iter()
            .map(|weekday| TimetableSlot { weekday, start: start.clone(), minutes, meeting_url: None })
            .collect(),
    )
}

/// What saving a timetable again does to a batch's sessions.
#[derive(Debug, Default, PartialEq)]
pub struct Merge {
    /// Sessions to store: new ones, and future ones the timetable still has whose length or
    /// link changed.
    pub put: Vec<LiveSession>,
    /// Future sessions the timetable no longer has (never held, never edited): removed.
    pub removed: Vec<LiveSession>,
    /// Whether students' future sessions changed (they are mailed once).
    pub changed: bool,
}

/// Merges `occurrences` with the batch's `existing` sessions at `now`. Kept as they are: every
/// session that has started (held, with its attendance and recording), every session staff
/// edited by hand (moved, cancelled, relinked) and every extra one. A future session the
/// timetable still asks for at the same instant keeps its id (and so its calendar event); one it
/// no longer asks for is removed; an occurrence no session stands for is added. Occurrences
/// already begun are not added: a timetable saved mid-term starts from now.
pub fn merge(
    batch_id: &str,
    existing: &[LiveSession],
    occurrences: &[Occurrence],
    now: i64,
    new_id: &mut dyn FnMut() -> String,
) -> Merge {
    let mut merge = Merge::default();
    let fixed = |s: &LiveSession| s.starts_at <= now || s.edited || s.slot.is_none();
    let mut open: Vec<&LiveSession> = existing.iter().filter(|s| !fixed(s)).collect();
    for occurrence in occurrences.iter().filter(|o| o.starts_at > now) {
        // A held or hand-edited session stands for the occurrence it came from.
        if existing.iter().any(|s| fixed(s) && s.origin == Some(occurrence.starts_at)) {
            continue;
        }
        if let Some(at) = open.iter().position(|s| s.origin == Some(occurrence.starts_at)) {
            let session = open.remove(at);
            if session.minutes != occurrence.minutes
                || session.meeting_url != occurrence.meeting_url
                || session.slot != Some(occurrence.slot)
            {
                let mut changed = session.clone();
                if changed.minutes != occurrence.minutes {
                    changed.sequence += 1;
                    merge.changed = true;
                }
                changed.minutes = occurrence.minutes;
                changed.meeting_url = occurrence.meeting_url.clone();
                changed.slot = Some(occurrence.slot);
                merge.put.push(changed);
            }
            continue;
        }
        merge.changed |= !existing.is_empty();
        merge.put.push(LiveSession {
            id: new_id(),
            batch_id: batch_id.to_owned(),
            starts_at: occurrence.starts_at,
            minutes: occurrence.minutes,
            status: SessionStatus::Scheduled,
            reason: None,
            sequence: 0,
            meeting_url: occurrence.meeting_url.clone(),
            slot: Some(occurrence.slot),
            origin: Some(occurrence.starts_at),
            edited: false,
            recording: None,
            created_at: now,
        });
    }
    merge.changed |= !open.is_empty();
    merge.removed = open.into_iter().cloned().collect();
    merge
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::zones::rfc3339;

    fn timetable(zone: &str, slots: &[(Weekday, &str, u32)]) -> Timetable {
        Timetable {
            batch_id: "b".into(),
            time_zone: zone.into(),
            slots: slots
                .iter()
                .map(|(weekday, start, minutes)| TimetableSlot {
                    weekday: *weekday,
                    start: (*start).into(),
                    minutes: *minutes,
                    meeting_url: None,
                })
                .collect(),
            meeting_url: "https://meet.example.test/b".into(),
            updated_at: 0,
            updated_by: "staff".into(),
        }
    }

    #[test]
    fn a_london_timetable_keeps_its_wall_clock_across_the_october_change() {
        // London's clocks go back on Sunday 25 October 2026: BST (UTC+1) before, GMT after.
        let london = zone("Europe/London").unwrap();
        let tt = timetable("Europe/London", &[(Weekday::Thu, "18:00", 60)]);
        let found = occurrences(&tt, london, date("2026-10-19").unwrap(), date("2026-11-01").unwrap());
        let starts: Vec<String> = found.iter().map(|o| rfc3339(o.starts_at)).collect();
        assert_eq!(starts, ["2026-10-22T17:00:00Z", "2026-10-29T18:00:00Z"]);
    }

    #[test]
    fn karachi_has_no_change_and_spring_gaps_and_autumn_repeats_resolve() {
        let karachi = zone(DEFAULT_ZONE).unwrap();
        let tt = timetable(DEFAULT_ZONE, &[(Weekday::Mon, "19:00", 120)]);
        let found = occurrences(&tt, karachi, date("2026-10-19").unwrap(), date("2026-11-02").unwrap());
        let starts: Vec<String> = found.iter().map(|o| rfc3339(o.starts_at)).collect();
        assert_eq!(starts, ["2026-10-19T14:00:00Z", "2026-10-26T14:00:00Z", "2026-11-02T14:00:00Z"]);
        let london = zone("Europe/London").unwrap();
        // 01:30 does not exist on 29 March 2026 in London; it is taken as 02:00 BST (01:00 UTC).
        assert_eq!(
            rfc3339(instant(london, date("2026-03-29").unwrap(), start_time("01:30").unwrap())),
            "2026-03-29T01:00:00Z"
        );
        // 01:30 happens twice on 25 October 2026: the first, in BST (00:30 UTC).
        assert_eq!(
            rfc3339(instant(london, date("2026-10-25").unwrap(), start_time("01:30").unwrap())),
            "2026-10-25T00:30:00Z"
        );
    }

    #[test]
    fn public_texts_are_the_cards_and_read_back() {
        let karachi = zone(DEFAULT_ZONE).unwrap();
        let tt = timetable(
            DEFAULT_ZONE,
            &[(Weekday::Fri, "19:00", 120), (Weekday::Mon, "19:00", 120), (Weekday::Wed, "19:00", 120)],
        );
        let (schedule, timing) = public_texts(&tt, karachi, 1_795_000_000);
        assert_eq!((schedule.as_str(), timing.as_str()), ("Mon, Wed, Fri", "7:00 PM – 9:00 PM PKT"));
        let slots = slots_from_texts(&schedule, &timing).unwrap();
        assert_eq!(slots.len(), 3);
        assert!(slots.iter().all(|s| s.start == "19:00" && s.minutes == 120));
        let mixed = timetable(DEFAULT_ZONE, &[(Weekday::Sat, "11:00", 180), (Weekday::Mon, "19:00", 120)]);
        assert_eq!(public_texts(&mixed, karachi, 1_795_000_000).1, "Mon 7:00 PM – 9:00 PM; Sat 11:00 AM – 2:00 PM PKT");
        assert_eq!(slots_from_texts("Sat, Sun", "11:00 AM – 2:00 PM PKT").unwrap()[1].minutes, 180);
        assert!(slots_from_texts("Someday", "7:00 PM – 9:00 PM PKT").is_none());
        assert!(start_time("7:00").is_none() && start_time("24:00").is_none() && start_time("19:05").is_some());
    }

    #[test]
    fn saving_again_keeps_what_was_held_or_edited() {
        let karachi = zone(DEFAULT_ZONE).unwrap();
        let first = timetable(DEFAULT_ZONE, &[(Weekday::Mon, "19:00", 120), (Weekday::Wed, "19:00", 120)]);
        let term = (date("2026-11-02").unwrap(), date("2026-11-15").unwrap());
        let mut n = 0;
        let mut ids = || {
            n += 1;
            format!("{n:024}")
        };
        let planned = occurrences(&first, karachi, term.0, term.1);
        let created = merge("b", &[], &planned, 0, &mut ids).put;
        assert_eq!(created.len(), 4);
        // Held: the first; edited: the second (moved by hand).
        let now = created[0].ends_at();
        let mut existing = created.clone();
        existing[1].edited = true;
        existing[1].starts_at += 3600;
        // Wednesdays dropped, Fridays added.
        let second = timetable(DEFAULT_ZONE, &[(Weekday::Mon, "19:00", 120), (Weekday::Fri, "19:00", 120)]);
        let merged = merge("b", &existing, &occurrences(&second, karachi, term.0, term.1), now, &mut ids);
        assert!(merged.changed);
        let removed: Vec<&str> = merged.removed.iter().map(|s| s.id.as_str()).collect();
        assert_eq!(removed, [existing[3].id.as_str()], "only the future Wednesday that was never edited");
        assert_eq!(merged.put.len(), 2, "two Fridays; the second Monday keeps its id: {:?}", merged.put);
        assert!(merged.put.iter().all(|s| s.slot == Some(1) && s.sequence == 0));
        // The same timetable saved again changes nothing, the moved session included.
        let again = merge("b", &existing, &occurrences(&first, karachi, term.0, term.1), now, &mut ids);
        assert_eq!(again, Merge::default());
    }
}

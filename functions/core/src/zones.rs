//! Times as the institute and its visitors read them: stored as epoch seconds (UTC), written in
//! the contract as RFC 3339 with `Z`, and in mail in the institute's zone (Asia/Karachi, UTC+5
//! all year) beside the UK's (Europe/London, which moves between GMT and BST). The zones come
//! from the IANA database compiled into `chrono-tz`, so a clock change is the database's rule,
//! not ours.

use chrono::{DateTime, TimeZone, Utc};
use chrono_tz::Tz;

/// The institute's zone.
pub const INSTITUTE: Tz = chrono_tz::Asia::Karachi;
/// The zone of most of its overseas visitors.
pub const UK: Tz = chrono_tz::Europe::London;

fn utc(at: i64) -> DateTime<Utc> {
    Utc.timestamp_opt(at, 0).single().unwrap_or_default()
}

/// `2026-03-29T10:00:00Z`.
pub fn rfc3339(at: i64) -> String {
    utc(at).format("%Y-%m-%dT%H:%M:%SZ").to_string()
}

/// The widest offset from UTC of any place's clock (Kiribati's +14:00, Baker Island's -12:00).
pub const MAX_OFFSET_SECS: i32 = 14 * 3600;

/// An RFC 3339 time with any real offset, as epoch seconds (fractions of a second dropped), or
/// why it is not one. A leap second (`:60`) names no second our clocks count (epoch seconds skip
/// it), and an offset past ±14:00 no place's clock, so both are refused rather than guessed at.
pub fn checked_rfc3339(text: &str) -> Result<i64, &'static str> {
    use chrono::{Offset, Timelike};
    let malformed = "must be a date and time in RFC 3339, e.g. 2026-03-29T19:00:00+05:00";
    if text.len() > 64 {
        return Err(malformed);
    }
    let time = DateTime::parse_from_rfc3339(text).map_err(|_| malformed)?;
    if time.nanosecond() >= 1_000_000_000 {
        return Err("must not be a leap second (:60): use :59 or the next minute");
    }
    if time.offset().fix().local_minus_utc().abs() > MAX_OFFSET_SECS {
        return Err("must have an offset from UTC between -14:00 and +14:00");
    }
    Ok(time.timestamp())
}

/// An RFC 3339 time with any real offset, as epoch seconds (`checked_rfc3339` says why not).
pub fn parse_rfc3339(text: &str) -> Option<i64> {
    checked_rfc3339(text).ok()
}

/// The wall-clock time of `at` in `zone`: `Sun 29 Mar 2026, 3:00 PM`.
pub fn wall_clock(at: i64, zone: Tz) -> String {
    utc(at).with_timezone(&zone).format("%a %-d %b %Y, %-I:%M %p").to_string()
}

/// The wall-clock time of `at` in `zone` with the zone's abbreviation, and the same instant in
/// UTC: `Mon 30 Nov 2026, 7:00 PM PKT (14:00 UTC)`. Mail to a batch names its times so, in the
/// batch's zone (its live-class timetable's).
pub fn with_utc(at: i64, zone: Tz) -> String {
    let utc = utc(at);
    format!("{} ({} UTC)", utc.with_timezone(&zone).format("%a %-d %b %Y, %-I:%M %p %Z"), utc.format("%H:%M"))
}

/// Both zones' times, the institute's first: `Sun 29 Mar 2026, 3:00 PM Pakistan time (Sun 29 Mar
/// 2026, 11:00 AM UK time)`.
pub fn both(at: i64) -> String {
    format!("{} Pakistan time ({} UK time)", wall_clock(at, INSTITUTE), wall_clock(at, UK))
}

/// The institute's calendar day holding `at`: `YYYY-MM-DD`, and its first and last second.
pub fn institute_day(at: i64) -> (String, i64, i64) {
    let local = utc(at).with_timezone(&INSTITUTE).date_naive();
    let start = INSTITUTE
        .from_local_datetime(&local.and_hms_opt(0, 0, 0).unwrap_or_default())
        .single()
        .map(|t| t.timestamp())
        .unwrap_or(at);
    (local.format("%Y-%m-%d").to_string(), start, start + 24 * 3600 - 1)
}

/// The hour of the day (0–23) at `at` in the institute's zone.
pub fn institute_hour(at: i64) -> u32 {
    use chrono::Timelike;
    utc(at).with_timezone(&INSTITUTE).hour()
}

/// Where a batch's zone is named: its timetable, which the live classes feature keeps
/// (`live::store`), so the features that read times in it need not import that feature.
#[async_trait::async_trait]
pub trait ZoneOf: Send + Sync {
    /// The IANA name the batch's timetable gives, if it has one.
    async fn zone_name(&self, batch_id: &str) -> crate::store::Result<Option<String>>;
}

/// The zone a batch's timetable is in (Asia/Karachi when it has none, or names one the database
/// does not know): live classes, assignments' due times and their letters are read in it.
pub async fn batch_zone(store: &(impl ZoneOf + ?Sized), batch_id: &str) -> Result<Tz, crate::store::StoreError> {
    let named = store.zone_name(batch_id).await?;
    Ok(named.as_deref().and_then(|name| name.parse::<Tz>().ok()).unwrap_or(INSTITUTE))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_rfc3339_with_any_offset() {
        assert_eq!(parse_rfc3339("2026-03-29T10:00:00Z"), Some(1_774_778_400));
        assert_eq!(parse_rfc3339("2026-03-29T15:00:00+05:00"), Some(1_774_778_400));
        assert_eq!(rfc3339(1_774_778_400), "2026-03-29T10:00:00Z");
        for bad in ["", "2026-03-29", "2026-03-29 10:00", "tomorrow", "2026-02-30T10:00:00Z"] {
            assert_eq!(parse_rfc3339(bad), None, "{bad}");
        }
        assert_eq!(parse_rfc3339("2026-03-29T10:00:00+14:00"), Some(1_774_778_400 - 14 * 3600));
        assert_eq!(parse_rfc3339("2026-03-29T10:00:00-14:00"), Some(1_774_778_400 + 14 * 3600));
    }

    #[test]
    fn leap_seconds_and_offsets_no_clock_has_are_refused() {
        for (bad, why) in [
            ("2026-12-31T23:59:60Z", "leap second"),
            ("2026-03-29T19:00:60Z", "leap second"),
            ("9999-12-31T23:59:59-23:59", "-14:00 and +14:00"),
            ("2026-03-29T10:00:00+14:01", "-14:00 and +14:00"),
            ("2026-03-29T10:00:00-15:00", "-14:00 and +14:00"),
        ] {
            let refused = checked_rfc3339(bad).unwrap_err();
            assert!(refused.contains(why), "{bad}: {refused}");
        }
    }

    #[test]
    fn a_time_with_its_utc_names_the_zones_abbreviation_of_that_day() {
        // London's clocks go back on 25 October 2026: 6 PM is BST (17:00 UTC) before, GMT after.
        assert_eq!(with_utc(1_792_861_200, UK), "Sat 24 Oct 2026, 6:00 PM BST (17:00 UTC)");
        assert_eq!(with_utc(1_793_037_600, UK), "Mon 26 Oct 2026, 6:00 PM GMT (18:00 UTC)");
        assert_eq!(with_utc(1_793_037_600, INSTITUTE), "Mon 26 Oct 2026, 11:00 PM PKT (18:00 UTC)");
    }

    #[test]
    fn karachi_days_start_at_its_midnight() {
        // 2026-03-29T10:00Z is 15:00 in Karachi; the day began at 2026-03-28T19:00Z.
        let (day, start, end) = institute_day(1_774_778_400);
        assert_eq!(day, "2026-03-29");
        assert_eq!(rfc3339(start), "2026-03-28T19:00:00Z");
        assert_eq!(end - start, 24 * 3600 - 1);
        assert_eq!(institute_hour(1_774_778_400), 15);
    }
}

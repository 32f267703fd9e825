//! Wall-clock seconds, in one place so tests can pass their own `now`, or drive a service's `Clock`.

use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

/// A service's "now": the system's clock, moved on by however far a test has driven it
/// (`advance`). Clones share one offset, so the services of one server agree on the time.
#[derive(Clone, Debug, Default)]
pub struct Clock {
    offset_millis: Arc<AtomicI64>,
}

impl Clock {
    /// Milliseconds since the Unix epoch.
    pub fn now_millis(&self) -> i64 {
        now_millis() + self.offset_millis.load(Ordering::Relaxed)
    }

    /// Seconds since the Unix epoch.
    pub fn now(&self) -> i64 {
        self.now_millis().div_euclid(1000)
    }

    /// Moves this clock (and every clone of it) `seconds` on: a test's way to let time pass.
    pub fn advance(&self, seconds: f64) {
        self.offset_millis.fetch_add((seconds * 1000.0) as i64, Ordering::Relaxed);
    }
}

/// Seconds since the Unix epoch.
pub fn now() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs() as i64).unwrap_or_default()
}

/// Milliseconds since the Unix epoch (to order records written within one second).
pub fn now_millis() -> i64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_millis() as i64).unwrap_or_default()
}

/// A calendar date `YYYY-MM-DD` as the first second after it ends (UTC): "access until 31 March"
/// lasts the whole of that day.
pub fn end_of_day(date: &str) -> Option<i64> {
    let mut parts = date.split('-');
    let (year, month, day) = (parts.next()?, parts.next()?, parts.next()?);
    if parts.next().is_some() || year.len() != 4 || month.len() != 2 || day.len() != 2 {
        return None;
    }
    let month = time::Month::try_from(month.parse::<u8>().ok()?).ok()?;
    let date = time::Date::from_calendar_date(year.parse().ok()?, month, day.parse().ok()?).ok()?;
    Some(date.next_day()?.midnight().assume_utc().unix_timestamp())
}

/// The calendar date (UTC) whose end is `until`, as `YYYY-MM-DD`: `end_of_day`'s inverse.
pub fn last_day(until: i64) -> String {
    date(until - 1)
}

/// The calendar date (UTC) of an epoch second, as `YYYY-MM-DD`.
pub fn date(at: i64) -> String {
    let day = time::OffsetDateTime::from_unix_timestamp(at).unwrap_or(time::OffsetDateTime::UNIX_EPOCH).date();
    format!("{:04}-{:02}-{:02}", day.year(), u8::from(day.month()), day.day())
}

/// An epoch second as ISO 8601 in UTC (`2026-11-25T10:00:00Z`), for spreadsheets.
pub fn iso(at: i64) -> String {
    let t = time::OffsetDateTime::from_unix_timestamp(at).unwrap_or(time::OffsetDateTime::UNIX_EPOCH);
    format!("{}T{:02}:{:02}:{:02}Z", date(at), t.hour(), t.minute(), t.second())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn access_lasts_the_whole_last_day() {
        // 2027-03-31 ends at 2027-04-01T00:00:00Z.
        assert_eq!(end_of_day("2027-03-31"), Some(1_806_537_600));
        assert_eq!(last_day(1_806_537_600), "2027-03-31");
        assert_eq!(end_of_day("2028-02-29").map(last_day).as_deref(), Some("2028-02-29"));
        for bad in ["2027-02-30", "2027-13-01", "27-03-31", "2027-3-31", "2027-03-31x", "", "2027-03-31-1"] {
            assert_eq!(end_of_day(bad), None, "{bad}");
        }
        assert_eq!(iso(1_806_537_599), "2027-03-31T23:59:59Z");
    }
}

//! Fixed-window limits per client, decided on one atomic count: each attempt first adds itself to
//! the window's counter (one conditional update in either store) and is refused if the count it
//! gets back passes the limit. Concurrent attempts each get a different count, so a burst can
//! never get more than `max` through. (Checking first and counting afterwards let 200 concurrent
//! enquiries store 13 with a limit of 5.)

use crate::store::{Counters, Result};

#[derive(Clone, Copy, Debug)]
pub struct WindowLimit {
    pub scope: &'static str,
    pub max: u64,
    pub window_secs: i64,
}

/// Secret ID checks: 10 failed ones per client and batch in 15 minutes. Every check is counted
/// before it runs and a right Secret ID gives its count back (`refund`), so at most 10 wrong
/// guesses are ever checked in a window, however many arrive at once.
pub const SECRET_ID_GUESSES: WindowLimit = WindowLimit { scope: "videos", max: 10, window_secs: 15 * 60 };

/// Assistant questions: 20 per client in 10 minutes (the model bill).
pub const CHAT_QUESTIONS: WindowLimit = WindowLimit { scope: "chat", max: 20, window_secs: 10 * 60 };

/// Certificate look-ups by id (the public verification and its PDF): 60 per client an hour. A
/// person checking a few certificates never meets it; someone guessing ids (80 bits each) gets
/// 60 guesses an hour.
pub const CERTIFICATE_CHECKS: WindowLimit = WindowLimit { scope: "certificates", max: 60, window_secs: 60 * 60 };

/// Enquiries per client address: 30 in 10 minutes. High, because a whole mobile carrier's NAT or
/// a university lab is one address, and a refused enquiry is a lost one.
pub const ENQUIRIES: WindowLimit = WindowLimit { scope: "send-email", max: 30, window_secs: 10 * 60 };

/// Enquiries per e-mail address (its SHA-256, never the address itself): 5 in 10 minutes, so one
/// sender cannot flood the inbox from many addresses.
pub const ENQUIRIES_PER_EMAIL: WindowLimit = WindowLimit { scope: "send-email-to", max: 5, window_secs: 10 * 60 };

/// Demo bookings (and moves) per client address: as many as enquiries, for the same reason.
pub const DEMO_BOOKINGS: WindowLimit = WindowLimit { scope: "demo-booking", max: 30, window_secs: 10 * 60 };

/// Moves and cancellations of demo bookings per client address, each counted before its link is
/// even checked: as many as bookings.
pub const DEMO_CHANGES: WindowLimit = WindowLimit { scope: "demo-change", max: 30, window_secs: 10 * 60 };

/// Moves of one demo booking: 5 a day (a UTC calendar day). Each move mails the visitor, so with
/// moves at least a minute apart (`demo::bookings::MOVE_SPACING_SECS`) no inbox gets more than
/// that from one booking. A move refused (the class full) gives its count back.
pub const DEMO_MOVES_PER_BOOKING: WindowLimit = WindowLimit { scope: "demo-move", max: 5, window_secs: 24 * 60 * 60 };

/// Demo bookings per e-mail address (its SHA-256), as enquiries per e-mail.
pub const DEMO_BOOKINGS_PER_EMAIL: WindowLimit = WindowLimit { scope: "demo-booking-to", max: 5, window_secs: 10 * 60 };

/// Acknowledgements (`ACADEMY_AUTO_REPLY`) per recipient (the SHA-256 of the address): one a
/// day (a UTC calendar day), so typing someone else's address again and again mails them at
/// most once. The institute's own copy of every enquiry is not limited by this.
pub const ACKNOWLEDGEMENTS: WindowLimit = WindowLimit { scope: "auto-reply", max: 1, window_secs: 24 * 60 * 60 };

/// The outcome of counting one attempt.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Admission {
    /// Within the limit: this was attempt number `count` of the window.
    Admitted { count: u64 },
    /// Over the limit: try again in `retry_after` seconds, when the window ends.
    Refused { retry_after: u64 },
}

impl WindowLimit {
    fn window_start(&self, now: i64) -> i64 {
        now - now.rem_euclid(self.window_secs)
    }

    /// Counts one attempt by `key` and says whether it is within the limit.
    pub async fn admit(&self, store: &(impl Counters + ?Sized), key: &str, now: i64) -> Result<Admission> {
        let start = self.window_start(now);
        let end = start + self.window_secs;
        let count = store.rate_add(self.scope, key, start, 1, end, now).await?;
        Ok(if count > self.max as i64 {
            Admission::Refused { retry_after: (end - now).max(1) as u64 }
        } else {
            Admission::Admitted { count: count.max(0) as u64 }
        })
    }

    /// Gives back an admitted attempt that should not count (a right Secret ID).
    pub async fn refund(&self, store: &(impl Counters + ?Sized), key: &str, now: i64) -> Result<()> {
        let start = self.window_start(now);
        store.rate_add(self.scope, key, start, -1, start + self.window_secs, now).await.map(drop)
    }
}

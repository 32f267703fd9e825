//! Fixed-window limits per client: once `max` events are recorded in a window, the client is
//! refused until the window ends (for Secret IDs: even with a right answer).

use crate::store::{Result, Store};

#[derive(Clone, Copy, Debug)]
pub struct WindowLimit {
    pub scope: &'static str,
    pub max: u64,
    pub window_secs: i64,
}

/// Secret ID guesses: 10 failures per client and batch in 15 minutes.
pub const SECRET_ID_GUESSES: WindowLimit = WindowLimit { scope: "videos", max: 10, window_secs: 15 * 60 };

/// Assistant questions: 20 per client in 10 minutes (the model bill).
pub const CHAT_QUESTIONS: WindowLimit = WindowLimit { scope: "chat", max: 20, window_secs: 10 * 60 };

/// Enquiries and enrolment requests: 5 per client in 10 minutes.
pub const ENQUIRIES: WindowLimit = WindowLimit { scope: "send-email", max: 5, window_secs: 10 * 60 };

impl WindowLimit {
    fn window_start(&self, now: i64) -> i64 {
        now - now.rem_euclid(self.window_secs)
    }

    /// `Some(seconds until the window ends)` when the client is locked out.
    pub async fn locked_for(&self, store: &Store, key: &str, now: i64) -> Result<Option<u64>> {
        let start = self.window_start(now);
        let count = store.rate_count(self.scope, key, start, now).await?;
        Ok((count >= self.max).then(|| (start + self.window_secs - now) as u64))
    }

    pub async fn record(&self, store: &Store, key: &str, now: i64) -> Result<u64> {
        let start = self.window_start(now);
        store.rate_increment(self.scope, key, start, start + self.window_secs, now).await
    }
}

//! Fixed-window limits on failed attempts: a client that fails `max_failures` times in one
//! window is refused, even with a right answer, until the window ends.

use crate::store::{Result, Store};

#[derive(Clone, Copy, Debug)]
pub struct FailureLimit {
    pub scope: &'static str,
    pub max_failures: u64,
    pub window_secs: i64,
}

/// Secret ID guesses: 10 failures per client and batch in 15 minutes.
pub const SECRET_ID_GUESSES: FailureLimit = FailureLimit { scope: "videos", max_failures: 10, window_secs: 15 * 60 };

impl FailureLimit {
    fn window_start(&self, now: i64) -> i64 {
        now - now.rem_euclid(self.window_secs)
    }

    /// `Some(seconds until the window ends)` when the client is locked out.
    pub async fn locked_for(&self, store: &Store, key: &str, now: i64) -> Result<Option<u64>> {
        let start = self.window_start(now);
        let failures = store.rate_count(self.scope, key, start, now).await?;
        Ok((failures >= self.max_failures).then(|| (start + self.window_secs - now) as u64))
    }

    pub async fn record_failure(&self, store: &Store, key: &str, now: i64) -> Result<u64> {
        let start = self.window_start(now);
        store.rate_increment(self.scope, key, start, start + self.window_secs, now).await
    }
}

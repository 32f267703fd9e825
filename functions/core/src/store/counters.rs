//! Rate counters: one item per scope, client and fixed window, expiring with the window
//! (`crate::limits` decides on them).

use super::{keys, Result, Store};
use async_trait::async_trait;

#[async_trait]
pub trait Counters: Send + Sync {
    /// Adds `delta` to a client's counter of one window and returns the new count.
    async fn rate_add(
        &self,
        scope: &str,
        client: &str,
        window_start: i64,
        delta: i64,
        expires_at: i64,
        now: i64,
    ) -> Result<i64>;
}

#[async_trait]
impl Counters for Store {
    async fn rate_add(
        &self,
        scope: &str,
        client: &str,
        window_start: i64,
        delta: i64,
        expires_at: i64,
        now: i64,
    ) -> Result<i64> {
        self.items().add(&keys::rate_pk(scope, client), &window_start.to_string(), delta, expires_at, now).await
    }
}

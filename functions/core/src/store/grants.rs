//! Access grants, found by the hash of their Secret ID; revoked ones stay, for the record.

use super::records::{item, record_of, records_of};
use super::{keys, PutMode, Result, Store};
use crate::domain::AccessGrant;
use async_trait::async_trait;

#[async_trait]
pub trait GrantRecords: Send + Sync {
    /// Stores a new grant; `Conflict` if the same Secret ID already holds one for this batch.
    async fn insert_grant(&self, grant: &AccessGrant) -> Result<()>;

    async fn find_grant(&self, batch_id: &str, secret_hash: &str) -> Result<Option<AccessGrant>>;

    async fn list_grants(&self, batch_id: &str) -> Result<Vec<AccessGrant>>;

    /// Marks a grant revoked (the record stays, for the audit trail).
    async fn revoke_grant(&self, grant: &AccessGrant, at: i64) -> Result<()>;

    /// Pauses a grant from `paused_at` (a plan's payment overdue), or lifts the pause (`None`).
    async fn pause_grant(&self, grant: &AccessGrant, paused_at: Option<i64>) -> Result<()>;
}

#[async_trait]
impl GrantRecords for Store {
    async fn insert_grant(&self, grant: &AccessGrant) -> Result<()> {
        let it = item(keys::batch_pk(&grant.batch_id), keys::grant_sk(&grant.secret_hash), grant)?;
        self.items().put(it, PutMode::IfAbsent).await
    }

    async fn find_grant(&self, batch_id: &str, secret_hash: &str) -> Result<Option<AccessGrant>> {
        let found = self.items().get(&keys::batch_pk(batch_id), &keys::grant_sk(secret_hash), 0).await?;
        found.map(record_of).transpose()
    }

    async fn list_grants(&self, batch_id: &str) -> Result<Vec<AccessGrant>> {
        records_of(self.items().query(&keys::batch_pk(batch_id), "GRANT#", 0).await?)
    }

    async fn revoke_grant(&self, grant: &AccessGrant, at: i64) -> Result<()> {
        let revoked = AccessGrant { revoked_at: Some(at), ..grant.clone() };
        let it = item(keys::batch_pk(&grant.batch_id), keys::grant_sk(&grant.secret_hash), &revoked)?;
        self.items().put(it, PutMode::Upsert).await
    }

    async fn pause_grant(&self, grant: &AccessGrant, paused_at: Option<i64>) -> Result<()> {
        let paused = AccessGrant { paused_at, ..grant.clone() };
        let it = item(keys::batch_pk(&grant.batch_id), keys::grant_sk(&grant.secret_hash), &paused)?;
        self.items().put(it, PutMode::Upsert).await
    }
}

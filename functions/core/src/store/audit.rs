//! The audit trail: every staff write, appended once (a conditional put: an entry is never
//! replaced) and read newest first. Nothing in the product changes or deletes an entry.

use super::records::{item, Cursor, Page};
use super::{keys, Order, PutMode, Range, Result, Store};
use crate::domain::AuditEntry;
use async_trait::async_trait;

#[async_trait]
pub trait AuditRecords: Send + Sync {
    /// Appends an entry; `at_millis` orders it.
    async fn append_audit(&self, entry: &AuditEntry, at_millis: i64) -> Result<()>;

    /// One page of the trail, newest first.
    async fn page_audit(&self, after: Option<&Cursor>, limit: usize) -> Result<Page<AuditEntry>>;
}

#[async_trait]
impl AuditRecords for Store {
    async fn append_audit(&self, entry: &AuditEntry, at_millis: i64) -> Result<()> {
        let it = item(keys::AUDIT.into(), keys::audit_sk(at_millis, &entry.id), entry)?;
        self.items().put(it, PutMode::IfAbsent).await
    }

    async fn page_audit(&self, after: Option<&Cursor>, limit: usize) -> Result<Page<AuditEntry>> {
        self.page_of(Range::Table { pk: keys::AUDIT, sk_prefix: "" }, Order::Descending, after, limit).await
    }
}

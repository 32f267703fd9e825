//! A student's own records, under their `sub`: linked batches and lecture progress.

use super::records::{item, record_of, records_of};
use super::{keys, PutMode, Range, Result, Store};
use crate::domain::{BatchLink, LectureProgress};
use async_trait::async_trait;

#[async_trait]
pub trait StudentRecords: Send + Sync {
    /// Links (or re-links) a batch to a student's account.
    async fn put_link(&self, link: &BatchLink) -> Result<()>;

    async fn get_link(&self, sub: &str, batch_id: &str) -> Result<Option<BatchLink>>;

    /// A student's links, by batch id.
    async fn list_links(&self, sub: &str) -> Result<Vec<BatchLink>>;

    /// Every account linked to a batch (on the index; links stored before it are not on it).
    async fn list_batch_links(&self, batch_id: &str) -> Result<Vec<BatchLink>>;

    /// Unlinks a batch from an account.
    async fn delete_link(&self, sub: &str, batch_id: &str) -> Result<()>;

    /// Saves a student's place in one lecture (replacing the last save).
    async fn put_progress(&self, sub: &str, batch_id: &str, progress: &LectureProgress) -> Result<()>;

    async fn get_progress(&self, sub: &str, batch_id: &str, lecture_number: u32) -> Result<Option<LectureProgress>>;

    /// A student's progress in one batch, by lecture number.
    async fn list_progress(&self, sub: &str, batch_id: &str) -> Result<Vec<LectureProgress>>;
}

#[async_trait]
impl StudentRecords for Store {
    async fn put_link(&self, link: &BatchLink) -> Result<()> {
        let mut it = item(keys::user_pk(&link.sub), keys::link_sk(&link.batch_id), link)?;
        it.gsi1 = Some((keys::batch_links_index(&link.batch_id), link.sub.clone()));
        self.items().put(it, PutMode::Upsert).await
    }

    async fn get_link(&self, sub: &str, batch_id: &str) -> Result<Option<BatchLink>> {
        let found = self.items().get(&keys::user_pk(sub), &keys::link_sk(batch_id), 0).await?;
        found.map(record_of).transpose()
    }

    async fn list_links(&self, sub: &str) -> Result<Vec<BatchLink>> {
        records_of(self.items().query(&keys::user_pk(sub), "LINK#", 0).await?)
    }

    async fn list_batch_links(&self, batch_id: &str) -> Result<Vec<BatchLink>> {
        let index = keys::batch_links_index(batch_id);
        self.all_of(Range::Index { gsi1pk: &index, gsi1sk_prefix: "" }).await
    }

    async fn delete_link(&self, sub: &str, batch_id: &str) -> Result<()> {
        self.items().delete(&keys::user_pk(sub), &keys::link_sk(batch_id)).await
    }

    async fn put_progress(&self, sub: &str, batch_id: &str, progress: &LectureProgress) -> Result<()> {
        let it = item(keys::user_pk(sub), keys::progress_sk(batch_id, progress.lecture_number), progress)?;
        self.items().put(it, PutMode::Upsert).await
    }

    async fn get_progress(&self, sub: &str, batch_id: &str, lecture_number: u32) -> Result<Option<LectureProgress>> {
        let found = self.items().get(&keys::user_pk(sub), &keys::progress_sk(batch_id, lecture_number), 0).await?;
        found.map(record_of).transpose()
    }

    async fn list_progress(&self, sub: &str, batch_id: &str) -> Result<Vec<LectureProgress>> {
        records_of(self.items().query(&keys::user_pk(sub), &keys::progress_prefix(batch_id), 0).await?)
    }
}

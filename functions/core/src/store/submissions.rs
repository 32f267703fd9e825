//! Submissions (enquiries): a conditional put makes a retried submission one record; an index by
//! creation time lists them in order.

use super::records::{record_of, records_of, submission_item, Cursor, Page};
use super::{keys, Order, PutMode, Range, Result, Store};
use crate::domain::Submission;
use async_trait::async_trait;

#[async_trait]
pub trait SubmissionRecords: Send + Sync {
    /// Stores a new submission; `Conflict` if its id is taken.
    async fn insert_submission(&self, submission: &Submission) -> Result<()>;

    /// Replaces a submission (status, attempts, last error).
    async fn save_submission(&self, submission: &Submission) -> Result<()>;

    async fn get_submission(&self, id: &str) -> Result<Option<Submission>>;

    /// All submissions, oldest first.
    async fn list_submissions(&self) -> Result<Vec<Submission>>;

    /// One page of the submissions, newest first.
    async fn page_submissions(&self, after: Option<&Cursor>, limit: usize) -> Result<Page<Submission>>;

    /// The submissions created from `from` to `until` (epoch seconds, both included), oldest
    /// first: one range of the creation-time index.
    async fn list_submissions_created(&self, from: i64, until: i64) -> Result<Vec<Submission>>;
}

#[async_trait]
impl SubmissionRecords for Store {
    async fn insert_submission(&self, submission: &Submission) -> Result<()> {
        self.items().put(submission_item(submission)?, PutMode::IfAbsent).await
    }

    async fn save_submission(&self, submission: &Submission) -> Result<()> {
        self.items().put(submission_item(submission)?, PutMode::Upsert).await
    }

    async fn get_submission(&self, id: &str) -> Result<Option<Submission>> {
        let found = self.items().get(&keys::submission_pk(id), keys::SUBMISSION, 0).await?;
        found.map(record_of).transpose()
    }

    async fn list_submissions(&self) -> Result<Vec<Submission>> {
        records_of(self.items().query_index(keys::SUBMISSION, None, 0).await?)
    }

    async fn page_submissions(&self, after: Option<&Cursor>, limit: usize) -> Result<Page<Submission>> {
        let newest = Range::Index { gsi1pk: keys::SUBMISSION, gsi1sk_prefix: "" };
        self.page_of(newest, Order::Descending, after, limit).await
    }

    async fn list_submissions_created(&self, from: i64, until: i64) -> Result<Vec<Submission>> {
        // `~` sorts after every character of an id, so the range holds all of `until`'s second.
        let (from, to) = (format!("{:012}#", from.max(0)), format!("{:012}#~", until.max(0)));
        records_of(self.items().query_index_range(keys::SUBMISSION, &from, &to, 0).await?)
    }
}

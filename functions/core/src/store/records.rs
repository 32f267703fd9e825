//! The product's records on top of `Items`: one mapping for both backends.

use super::{keys, Item, Items, PutMode, Result, StoreError};
use crate::domain::{AccessGrant, Batch, BatchLink, Course, LectureProgress, Outline, Submission, Video};
use serde::{de::DeserializeOwned, Serialize};
use serde_json::{Map, Value};
use std::sync::Arc;

/// Typed access to every record the product stores.
#[derive(Clone)]
pub struct Store {
    items: Arc<dyn Items>,
}

fn body_of<T: Serialize>(record: &T) -> Result<Map<String, Value>> {
    match serde_json::to_value(record) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err(StoreError::Corrupt("record is not an object".into())),
        Err(e) => Err(StoreError::Corrupt(e.to_string())),
    }
}

fn record_of<T: DeserializeOwned>(item: Item) -> Result<T> {
    serde_json::from_value(Value::Object(item.body))
        .map_err(|e| StoreError::Corrupt(format!("{} {}: {e}", item.pk, item.sk)))
}

fn records_of<T: DeserializeOwned>(items: Vec<Item>) -> Result<Vec<T>> {
    items.into_iter().map(record_of).collect()
}

/// Submissions are also indexed by creation time, so ops can list them in order.
fn submission_item(submission: &Submission) -> Result<Item> {
    let mut it = item(keys::submission_pk(&submission.id), keys::SUBMISSION.into(), submission)?;
    it.gsi1 = Some((keys::SUBMISSION.into(), format!("{:012}#{}", submission.created_at, submission.id)));
    Ok(it)
}

fn item<T: Serialize>(pk: String, sk: String, record: &T) -> Result<Item> {
    Ok(Item { pk, sk, gsi1: None, expires_at: None, body: body_of(record)? })
}

impl Store {
    pub fn new(items: Arc<dyn Items>) -> Self {
        Self { items }
    }

    // Courses

    pub async fn put_course(&self, course: &Course) -> Result<()> {
        let it = item(keys::COURSE.into(), keys::course_sk(&course.id), course)?;
        self.items.put(it, PutMode::Upsert).await
    }

    pub async fn get_course(&self, id: &str) -> Result<Option<Course>> {
        let found = self.items.get(keys::COURSE, &keys::course_sk(id), 0).await?;
        found.map(record_of).transpose()
    }

    pub async fn list_courses(&self) -> Result<Vec<Course>> {
        records_of(self.items.query(keys::COURSE, "COURSE#", 0).await?)
    }

    // Outlines

    pub async fn put_outline(&self, outline: &Outline) -> Result<()> {
        let it = item(keys::course_pk(&outline.course_id), keys::OUTLINE.into(), outline)?;
        self.items.put(it, PutMode::Upsert).await
    }

    pub async fn get_outline(&self, course_id: &str) -> Result<Option<Outline>> {
        let found = self.items.get(&keys::course_pk(course_id), keys::OUTLINE, 0).await?;
        found.map(record_of).transpose()
    }

    // Batches: stored under their course, indexed by id for direct lookups.

    pub async fn put_batch(&self, batch: &Batch) -> Result<()> {
        let mut it = item(keys::course_pk(&batch.course_id), keys::batch_sk(&batch.id), batch)?;
        it.gsi1 = Some((keys::BATCH.into(), batch.id.clone()));
        self.items.put(it, PutMode::Upsert).await
    }

    pub async fn get_batch(&self, id: &str) -> Result<Option<Batch>> {
        let found = self.items.query_index(keys::BATCH, Some(id), 0).await?;
        found.into_iter().next().map(record_of).transpose()
    }

    pub async fn list_batches(&self) -> Result<Vec<Batch>> {
        records_of(self.items.query_index(keys::BATCH, None, 0).await?)
    }

    pub async fn list_batches_of_course(&self, course_id: &str) -> Result<Vec<Batch>> {
        records_of(self.items.query(&keys::course_pk(course_id), "BATCH#", 0).await?)
    }

    // Videos, ordered by lecture number through their sort key.

    pub async fn put_video(&self, video: &Video) -> Result<()> {
        let it = item(keys::batch_pk(&video.batch_id), keys::video_sk(video.lecture_number), video)?;
        self.items.put(it, PutMode::Upsert).await
    }

    pub async fn get_video(&self, batch_id: &str, lecture_number: u32) -> Result<Option<Video>> {
        let found = self.items.get(&keys::batch_pk(batch_id), &keys::video_sk(lecture_number), 0).await?;
        found.map(record_of).transpose()
    }

    pub async fn list_videos(&self, batch_id: &str) -> Result<Vec<Video>> {
        records_of(self.items.query(&keys::batch_pk(batch_id), "VIDEO#", 0).await?)
    }

    // Access grants, found by the hash of their Secret ID.

    /// Stores a new grant; `Conflict` if the same Secret ID already holds one for this batch.
    pub async fn insert_grant(&self, grant: &AccessGrant) -> Result<()> {
        let it = item(keys::batch_pk(&grant.batch_id), keys::grant_sk(&grant.secret_hash), grant)?;
        self.items.put(it, PutMode::IfAbsent).await
    }

    pub async fn find_grant(&self, batch_id: &str, secret_hash: &str) -> Result<Option<AccessGrant>> {
        let found = self.items.get(&keys::batch_pk(batch_id), &keys::grant_sk(secret_hash), 0).await?;
        found.map(record_of).transpose()
    }

    pub async fn list_grants(&self, batch_id: &str) -> Result<Vec<AccessGrant>> {
        records_of(self.items.query(&keys::batch_pk(batch_id), "GRANT#", 0).await?)
    }

    /// Marks a grant revoked (the record stays, for the audit trail).
    pub async fn revoke_grant(&self, grant: &AccessGrant, at: i64) -> Result<()> {
        let revoked = AccessGrant { revoked_at: Some(at), ..grant.clone() };
        let it = item(keys::batch_pk(&grant.batch_id), keys::grant_sk(&grant.secret_hash), &revoked)?;
        self.items.put(it, PutMode::Upsert).await
    }

    // A student's own records, under their `sub`: linked Secret IDs and lecture progress.

    /// Links (or re-links) a batch to a student's account.
    pub async fn put_link(&self, link: &BatchLink) -> Result<()> {
        let it = item(keys::user_pk(&link.sub), keys::link_sk(&link.batch_id), link)?;
        self.items.put(it, PutMode::Upsert).await
    }

    pub async fn get_link(&self, sub: &str, batch_id: &str) -> Result<Option<BatchLink>> {
        let found = self.items.get(&keys::user_pk(sub), &keys::link_sk(batch_id), 0).await?;
        found.map(record_of).transpose()
    }

    /// A student's links, by batch id.
    pub async fn list_links(&self, sub: &str) -> Result<Vec<BatchLink>> {
        records_of(self.items.query(&keys::user_pk(sub), "LINK#", 0).await?)
    }

    /// Saves a student's place in one lecture (replacing the last save).
    pub async fn put_progress(&self, sub: &str, batch_id: &str, progress: &LectureProgress) -> Result<()> {
        let it = item(keys::user_pk(sub), keys::progress_sk(batch_id, progress.lecture_number), progress)?;
        self.items.put(it, PutMode::Upsert).await
    }

    pub async fn get_progress(
        &self,
        sub: &str,
        batch_id: &str,
        lecture_number: u32,
    ) -> Result<Option<LectureProgress>> {
        let found = self.items.get(&keys::user_pk(sub), &keys::progress_sk(batch_id, lecture_number), 0).await?;
        found.map(record_of).transpose()
    }

    /// A student's progress in one batch, by lecture number.
    pub async fn list_progress(&self, sub: &str, batch_id: &str) -> Result<Vec<LectureProgress>> {
        records_of(self.items.query(&keys::user_pk(sub), &keys::progress_prefix(batch_id), 0).await?)
    }

    // Submissions: a conditional put makes a retried submission one record.

    /// Stores a new submission; `Conflict` if its id is taken.
    pub async fn insert_submission(&self, submission: &Submission) -> Result<()> {
        self.items.put(submission_item(submission)?, PutMode::IfAbsent).await
    }

    /// Replaces a submission (status, attempts, last error).
    pub async fn save_submission(&self, submission: &Submission) -> Result<()> {
        self.items.put(submission_item(submission)?, PutMode::Upsert).await
    }

    pub async fn get_submission(&self, id: &str) -> Result<Option<Submission>> {
        let found = self.items.get(&keys::submission_pk(id), keys::SUBMISSION, 0).await?;
        found.map(record_of).transpose()
    }

    /// All submissions, oldest first.
    pub async fn list_submissions(&self) -> Result<Vec<Submission>> {
        records_of(self.items.query_index(keys::SUBMISSION, None, 0).await?)
    }

    /// The submissions created from `from` to `until` (epoch seconds, both included), oldest
    /// first: one range of the creation-time index.
    pub async fn list_submissions_created(&self, from: i64, until: i64) -> Result<Vec<Submission>> {
        // `~` sorts after every character of an id, so the range holds all of `until`'s second.
        let (from, to) = (format!("{:012}#", from.max(0)), format!("{:012}#~", until.max(0)));
        records_of(self.items.query_index_range(keys::SUBMISSION, &from, &to, 0).await?)
    }

    // Rate counters: one item per scope, client and fixed window, expiring with the window.

    /// Adds `delta` to a client's counter of one window and returns the new count.
    pub async fn rate_add(
        &self,
        scope: &str,
        client: &str,
        window_start: i64,
        delta: i64,
        expires_at: i64,
        now: i64,
    ) -> Result<i64> {
        self.items.add(&keys::rate_pk(scope, client), &window_start.to_string(), delta, expires_at, now).await
    }
}

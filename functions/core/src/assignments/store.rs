//! Assignments: each in a partition of its own with its files and its students' submissions (one
//! per student, every version and review inside), a batch's assignments on the index by their due
//! time; a submission also found by its id (a small reference item) and on the review queue (the
//! index, waiting or reviewed, by when its latest version was handed in). A batch's rule for
//! assignments in its completion sits in the batch's partition.

use super::{assignment_tally, student_work, Assignment, AssignmentFile, AssignmentRule, AssignmentSubmission};
use crate::completion::{AssignmentColumn, AssignmentTally, AssignmentsOf, BatchWork};
use crate::store::{item, record_of, records_of, PutMode, Range, Result, Store};
use crate::time;
use async_trait::async_trait;
use std::collections::BTreeMap;

/// The assignments' key layout over the table's `Items`; a batch's partition is the store's
/// (`store::keys`).
mod keys {
    pub use crate::store::keys::batch_pk;

    /// An assignment, its files and its students' submissions share the assignment's partition.
    pub fn assignment_pk(id: &str) -> String {
        format!("ASSIGNMENT#{id}")
    }

    pub const ASSIGNMENT: &str = "ASSIGNMENT";

    /// The index key under which a batch's assignments sort by their due time.
    pub fn batch_assignments(batch_id: &str) -> String {
        format!("BATCH_ASSIGNMENTS#{batch_id}")
    }

    pub fn assignment_file_sk(file_id: &str) -> String {
        format!("FILE#{file_id}")
    }

    /// One student's submission of an assignment (by their `sub`).
    pub const ASSIGNMENT_SUBMISSION_PREFIX: &str = "SUBMISSION#";

    pub fn assignment_submission_sk(sub: &str) -> String {
        format!("{ASSIGNMENT_SUBMISSION_PREFIX}{sub}")
    }

    /// A student's uploads to one assignment, counted (`assignments::MAX_UPLOADS`).
    pub fn assignment_uploads_sk(sub: &str) -> String {
        format!("UPLOADS#{sub}")
    }

    /// Where a submission is found by its id: the assignment and student it belongs to.
    pub fn submission_ref_pk(id: &str) -> String {
        format!("ASSIGNMENT_SUBMISSION#{id}")
    }

    /// The review queue: submissions waiting for a review, and those reviewed, by when handed in.
    pub const REVIEW_WAITING: &str = "REVIEW#waiting";
    pub const REVIEW_DONE: &str = "REVIEW#reviewed";

    pub fn review_place(submitted_at: i64, id: &str) -> String {
        format!("{submitted_at:012}#{id}")
    }

    /// A batch's rule for assignments in its completion, in the batch's partition.
    pub const ASSIGNMENT_RULE: &str = "ASSIGNMENT_RULE";
}
use serde::{Deserialize, Serialize};

#[async_trait]
pub trait AssignmentRecords: Send + Sync {
    async fn save_assignment(&self, assignment: &Assignment) -> Result<()>;
    async fn get_assignment(&self, id: &str) -> Result<Option<Assignment>>;
    /// A batch's assignments, by due time.
    async fn batch_assignments(&self, batch_id: &str) -> Result<Vec<Assignment>>;

    async fn save_assignment_file(&self, file: &AssignmentFile) -> Result<()>;
    async fn get_assignment_file(&self, assignment_id: &str, file_id: &str) -> Result<Option<AssignmentFile>>;
    /// Counts one more upload by `sub` to the assignment: the new count.
    async fn count_assignment_upload(&self, assignment_id: &str, sub: &str, now: i64) -> Result<i64>;

    /// Saves a student's submission (and, the first time, the reference that finds it by id).
    async fn save_submission(&self, submission: &AssignmentSubmission) -> Result<()>;
    async fn submission_of(&self, assignment_id: &str, sub: &str) -> Result<Option<AssignmentSubmission>>;
    async fn get_submission(&self, id: &str) -> Result<Option<AssignmentSubmission>>;
    /// Every student's submission of an assignment.
    async fn submissions_of(&self, assignment_id: &str) -> Result<Vec<AssignmentSubmission>>;
    /// The review queue: submissions waiting for a review (or reviewed), oldest hand-in first.
    async fn review_queue(&self, waiting: bool) -> Result<Vec<AssignmentSubmission>>;

    async fn get_assignment_rule(&self, batch_id: &str) -> Result<Option<AssignmentRule>>;
    async fn save_assignment_rule(&self, rule: &AssignmentRule) -> Result<()>;
}

/// Where a submission is, by its id.
#[derive(Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
struct SubmissionRef {
    assignment_id: String,
    sub: String,
}

#[async_trait]
impl AssignmentRecords for Store {
    async fn save_assignment(&self, assignment: &Assignment) -> Result<()> {
        let mut it = item(keys::assignment_pk(&assignment.id), keys::ASSIGNMENT.into(), assignment)?;
        let place = format!("{:012}#{}", assignment.due_at.max(0), assignment.id);
        it.gsi1 = Some((keys::batch_assignments(&assignment.batch_id), place));
        self.items().put(it, PutMode::Upsert).await
    }

    async fn get_assignment(&self, id: &str) -> Result<Option<Assignment>> {
        let found = self.items().get(&keys::assignment_pk(id), keys::ASSIGNMENT, 0).await?;
        found.map(record_of).transpose()
    }

    async fn batch_assignments(&self, batch_id: &str) -> Result<Vec<Assignment>> {
        let index = keys::batch_assignments(batch_id);
        self.all_of(Range::Index { gsi1pk: &index, gsi1sk_prefix: "" }).await
    }

    async fn save_assignment_file(&self, file: &AssignmentFile) -> Result<()> {
        let it = item(keys::assignment_pk(&file.assignment_id), keys::assignment_file_sk(&file.id), file)?;
        self.items().put(it, PutMode::Upsert).await
    }

    async fn get_assignment_file(&self, assignment_id: &str, file_id: &str) -> Result<Option<AssignmentFile>> {
        let found =
            self.items().get(&keys::assignment_pk(assignment_id), &keys::assignment_file_sk(file_id), 0).await?;
        found.map(record_of).transpose()
    }

    async fn count_assignment_upload(&self, assignment_id: &str, sub: &str, now: i64) -> Result<i64> {
        // Kept as long as the assignment (no expiry worth having: a counter of a few dozen).
        let forever = i64::from(i32::MAX) * 4;
        self.items().add(&keys::assignment_pk(assignment_id), &keys::assignment_uploads_sk(sub), 1, forever, now).await
    }

    async fn save_submission(&self, submission: &AssignmentSubmission) -> Result<()> {
        if submission.versions.len() <= 1 && submission.reviews.is_empty() {
            let reference =
                SubmissionRef { assignment_id: submission.assignment_id.clone(), sub: submission.sub.clone() };
            let it = item(keys::submission_ref_pk(&submission.id), keys::ASSIGNMENT.into(), &reference)?;
            self.items().put(it, PutMode::Upsert).await?;
        }
        let mut it = item(
            keys::assignment_pk(&submission.assignment_id),
            keys::assignment_submission_sk(&submission.sub),
            submission,
        )?;
        it.gsi1 = submission.latest().map(|latest| {
            let queue = if submission.waiting() { keys::REVIEW_WAITING } else { keys::REVIEW_DONE };
            (queue.to_owned(), keys::review_place(latest.submitted_at, &submission.id))
        });
        self.items().put(it, PutMode::Upsert).await
    }

    async fn submission_of(&self, assignment_id: &str, sub: &str) -> Result<Option<AssignmentSubmission>> {
        let found =
            self.items().get(&keys::assignment_pk(assignment_id), &keys::assignment_submission_sk(sub), 0).await?;
        found.map(record_of).transpose()
    }

    async fn get_submission(&self, id: &str) -> Result<Option<AssignmentSubmission>> {
        let Some(found) = self.items().get(&keys::submission_ref_pk(id), keys::ASSIGNMENT, 0).await? else {
            return Ok(None);
        };
        let reference: SubmissionRef = record_of(found)?;
        let submission = self.submission_of(&reference.assignment_id, &reference.sub).await?;
        Ok(submission.filter(|s| s.id == id))
    }

    async fn submissions_of(&self, assignment_id: &str) -> Result<Vec<AssignmentSubmission>> {
        let pk = keys::assignment_pk(assignment_id);
        records_of(self.items().query(&pk, keys::ASSIGNMENT_SUBMISSION_PREFIX, 0).await?)
    }

    async fn review_queue(&self, waiting: bool) -> Result<Vec<AssignmentSubmission>> {
        let queue = if waiting { keys::REVIEW_WAITING } else { keys::REVIEW_DONE };
        self.all_of(Range::Index { gsi1pk: queue, gsi1sk_prefix: "" }).await
    }

    async fn get_assignment_rule(&self, batch_id: &str) -> Result<Option<AssignmentRule>> {
        let found = self.items().get(&keys::batch_pk(batch_id), keys::ASSIGNMENT_RULE, 0).await?;
        found.map(record_of).transpose()
    }

    async fn save_assignment_rule(&self, rule: &AssignmentRule) -> Result<()> {
        let it = item(keys::batch_pk(&rule.batch_id), keys::ASSIGNMENT_RULE.into(), rule)?;
        self.items().put(it, PutMode::Upsert).await
    }
}

/// The certificate rule (`crate::completion`) and "My batches" read a student's assignments here.
#[async_trait]
impl AssignmentsOf for Store {
    async fn assignment_standing(&self, sub: &str, batch_id: &str, now: i64) -> Result<(bool, AssignmentTally)> {
        let required = self.get_assignment_rule(batch_id).await?.is_some_and(|r| r.require_all_passed);
        let assignments = self.batch_assignments(batch_id).await?;
        let mut mine = Vec::new();
        for assignment in assignments.iter().filter(|a| a.publish_at <= now) {
            if let Some(work) = self.submission_of(&assignment.id, sub).await? {
                mine.push(work);
            }
        }
        Ok((required, assignment_tally(&assignments, &mine, now)))
    }

    async fn batch_work(&self, batch_id: &str, students: &BTreeMap<String, Vec<String>>) -> Result<BatchWork> {
        let assignments = self.batch_assignments(batch_id).await?;
        let mut rows = BTreeMap::new();
        for (key, accounts) in students {
            let mut work = Vec::new();
            for sub in accounts {
                for assignment in &assignments {
                    if let Some(found) = self.submission_of(&assignment.id, sub).await? {
                        work.push(found);
                    }
                }
            }
            rows.insert(key.clone(), student_work(&assignments, &work));
        }
        let columns = assignments
            .iter()
            .map(|a| AssignmentColumn { id: a.id.clone(), title: a.title.clone(), due_at: time::iso(a.due_at) })
            .collect();
        Ok(BatchWork { columns, students: rows })
    }
}

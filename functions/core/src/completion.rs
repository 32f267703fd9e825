//! When a student completed a batch (docs/product.md#certificates): every lecture they can watch
//! (published and ready, at least one) watched by the server's measure (`learning::watching`:
//! 90 % of a lecture file at a pace the clock allows, or ten minutes on an embed's page), or staff
//! marked them complete (a student who finished in class). The certificates and the student's own
//! batch list ("My batches") both read it here, so the two never disagree. A batch may
//! also ask a minimum attendance of its live classes (staff set it per batch; none by default):
//! present ÷ (sessions held − excused) must reach it, unless no session has been held yet; staff's
//! mark completes a student whatever their attendance (`with_attendance`). When the batch's
//! assignment rule is on (staff set it per batch; off by default), every published assignment must
//! also be passed (`complete_with_assignments`).

use crate::domain::{batch_complete, AccessGrant, CompletionMark, LectureProgress};
use crate::http::error::ApiError;
use crate::store::{CatalogRecords, CertificateRecords, GrantRecords, StudentRecords};
use crate::time;
use async_trait::async_trait;
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use utoipa::ToSchema;

/// What the rule, and the batch report (`enrolments::report`), read of a batch's live classes: the
/// live classes feature answers it over the store (`live::store`), so what several features share
/// imports no feature.
#[async_trait]
pub trait AttendanceOf: Send + Sync {
    /// Where `sub` stands against `batch_id`'s minimum attendance at `now`; none when the batch
    /// requires none.
    async fn attendance_standing(
        &self,
        batch_id: &str,
        sub: &str,
        now: i64,
    ) -> crate::store::Result<Option<AttendanceStanding>>;

    /// Each account's attendance in `batch_id` at `now`, in percent (none while no session counts):
    /// the batch report's column.
    async fn attendance_by_account(&self, batch_id: &str, now: i64) -> Result<BTreeMap<String, Option<u32>>, ApiError>;
}

/// What the rule, and the batch report, read of a batch's assignments, answered over the store by
/// the assignments feature (`assignments::store`); the shapes they read are below.
#[async_trait]
pub trait AssignmentsOf: Send + Sync {
    /// The batch's assignment rule (on or off) and `sub`'s tally of its published assignments at `now`.
    async fn assignment_standing(
        &self,
        sub: &str,
        batch_id: &str,
        now: i64,
    ) -> crate::store::Result<(bool, AssignmentTally)>;

    /// The batch's assignments as its report shows them, for `students`: each student's key with
    /// their accounts, the latest hand-in of any of them counting.
    async fn batch_work(
        &self,
        batch_id: &str,
        students: &BTreeMap<String, Vec<String>>,
    ) -> crate::store::Result<BatchWork>;
}

/// Where a student stands against a batch's minimum attendance.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct AttendanceStanding {
    /// The minimum, in percent.
    pub minimum: u32,
    /// Their attendance so far; none while no session counts.
    pub percent: Option<u32>,
}

impl AttendanceStanding {
    /// Met: at least the minimum, or no session held to count (nothing to attend yet).
    pub fn met(&self) -> bool {
        self.percent.is_none_or(|p| p >= self.minimum)
    }
}

/// A student's assignments in one batch: those published by now, those handed in, those passed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct AssignmentTally {
    pub total: u32,
    pub done: u32,
    pub passed: u32,
}

/// A review's result: `"passed"`, `"needs-work"`, or points (a whole number).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(untagged)]
pub enum Grade {
    Verdict(Verdict),
    Points(u32),
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum Verdict {
    Passed,
    NeedsWork,
}

impl Grade {
    /// Whether the student may hand in again because of it.
    pub fn needs_work(&self) -> bool {
        matches!(self, Self::Verdict(Verdict::NeedsWork))
    }

    /// Whether the work passed: "passed", or points (a review that asks for more says "needs work").
    pub fn passes(&self) -> bool {
        !self.needs_work()
    }
}

/// Where a student stands on one assignment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "kebab-case")]
pub enum WorkState {
    NotStarted,
    /// Saved, not handed in.
    Draft,
    /// Handed in by the due time, waiting for a review.
    Submitted,
    /// Handed in after the due time, waiting for a review.
    Late,
    /// The latest version is reviewed (`result` says how).
    Reviewed,
}

/// An assignment as the report's columns name it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssignmentColumn {
    pub id: String,
    pub title: String,
    /// RFC 3339.
    pub due_at: String,
}

/// One student's standing on one assignment.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StudentAssignment {
    pub assignment_id: String,
    pub state: WorkState,
    /// The submission (to open it in the review), once handed in.
    pub submission_id: Option<String>,
    /// When the latest version was handed in (RFC 3339).
    pub submitted_at: Option<String>,
    pub result: Option<Grade>,
}

/// One student's row of the batch report's assignments: one per column, and how many they handed in and passed.
#[derive(Debug, Default)]
pub struct StudentWork {
    pub assignments: Vec<StudentAssignment>,
    pub done: u32,
    pub passed: u32,
}

/// A batch's assignments as its report shows them: the columns, by due time, and each student's row.
#[derive(Debug, Default)]
pub struct BatchWork {
    pub columns: Vec<AssignmentColumn>,
    /// By the key the report named each student with.
    pub students: BTreeMap<String, StudentWork>,
}

/// The completion rule with a batch's assignment rule: when it requires every assignment passed
/// (and staff did not mark the student complete), the lectures alone are not enough.
pub fn complete_with_assignments(
    lectures_complete: bool,
    marked: bool,
    required: bool,
    tally: AssignmentTally,
) -> bool {
    marked || (lectures_complete && (!required || tally.passed == tally.total))
}

/// Where one student stands in one batch.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Completion {
    pub lectures_total: u32,
    pub lectures_watched: u32,
    /// The first watchable lecture not yet watched, in the batch's order.
    pub next_lecture: Option<u32>,
    pub marked: bool,
    pub complete: bool,
    /// When it became complete (`YYYY-MM-DD`): the last lecture's completion, else staff's mark.
    pub completed_on: Option<String>,
    /// The batch's minimum attendance and the student's, when the batch asks one.
    pub attendance: Option<AttendanceStanding>,
    /// The batch requires every published assignment passed.
    pub assignments_required: bool,
    pub assignments: AssignmentTally,
}

impl Completion {
    /// From the batch's watchable lecture numbers, the student's progress and staff's mark.
    pub fn of(watchable: &[u32], progress: &[LectureProgress], mark: Option<&CompletionMark>) -> Self {
        let completed: Vec<&LectureProgress> =
            progress.iter().filter(|p| p.completed && watchable.contains(&p.lecture_number)).collect();
        let by_rule = batch_complete(watchable, progress, false);
        let completed_on = if by_rule {
            completed.iter().map(|p| p.updated_at).max().map(time::date)
        } else {
            mark.map(|m| time::date(m.marked_at))
        };
        Self {
            lectures_total: watchable.len() as u32,
            lectures_watched: completed.len() as u32,
            next_lecture: watchable.iter().copied().find(|n| !completed.iter().any(|p| p.lecture_number == *n)),
            marked: mark.is_some(),
            complete: batch_complete(watchable, progress, mark.is_some()),
            completed_on,
            attendance: None,
            assignments_required: false,
            assignments: AssignmentTally::default(),
        }
    }

    /// The rule with the batch's minimum attendance (none: not required): short of it, only
    /// staff's mark completes.
    pub fn with_attendance(mut self, standing: Option<AttendanceStanding>) -> Self {
        if let Some(standing) = standing {
            if !standing.met() && !self.marked {
                self.complete = false;
                self.completed_on = None;
            }
        }
        self.attendance = standing;
        self
    }

    /// The same with the batch's assignment rule and the student's assignments.
    pub fn with_assignments(mut self, required: bool, tally: AssignmentTally) -> Self {
        let by_lectures = self.complete && !self.marked;
        self.complete = complete_with_assignments(by_lectures, self.marked, required, tally);
        if !self.complete {
            self.completed_on = None;
        }
        self.assignments_required = required;
        self.assignments = tally;
        self
    }
}

/// The numbers of a batch's lectures a student can watch.
pub async fn watchable(store: &(impl CatalogRecords + ?Sized), batch_id: &str) -> Result<Vec<u32>, ApiError> {
    let videos = store.list_lectures(batch_id).await?;
    Ok(videos.iter().filter(|v| v.is_watchable()).map(|v| v.lecture_number).collect())
}

/// Where `sub` stands in `batch_id`.
pub async fn of_student(
    store: &(impl CatalogRecords + StudentRecords + CertificateRecords + AttendanceOf + AssignmentsOf + ?Sized),
    sub: &str,
    batch_id: &str,
) -> Result<Completion, ApiError> {
    let lectures = watchable(store, batch_id).await?;
    let progress = store.list_progress(sub, batch_id).await?;
    let mark = store.get_completion_mark(sub, batch_id).await?;
    let standing = store.attendance_standing(batch_id, sub, time::now()).await?;
    let (required, tally) = store.assignment_standing(sub, batch_id, time::now()).await?;
    Ok(Completion::of(&lectures, &progress, mark.as_ref()).with_attendance(standing).with_assignments(required, tally))
}

/// Whether `sub` has linked `batch_id` with a grant still active (as the lecture list requires).
pub async fn actively_linked(
    store: &(impl StudentRecords + GrantRecords + ?Sized),
    sub: &str,
    batch_id: &str,
) -> Result<bool, ApiError> {
    let Some(link) = store.get_link(sub, batch_id).await? else { return Ok(false) };
    Ok(store.find_grant(batch_id, &link.secret_hash).await?.is_some_and(|g| AccessGrant::is_active(&g)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn watched(n: u32, at: i64) -> LectureProgress {
        LectureProgress {
            lecture_number: n,
            position_seconds: 0.0,
            furthest_seconds: 0.0,
            completed: true,
            updated_at: at,
            ..LectureProgress::default()
        }
    }

    #[test]
    fn every_watchable_lecture_or_staffs_mark() {
        let day = 1_795_000_000; // 2026-11-18
        let all = [watched(1, day), watched(2, day + 86_400), watched(9, day + 3 * 86_400)];
        let done = Completion::of(&[1, 2], &all, None);
        assert!(done.complete && !done.marked);
        assert_eq!((done.lectures_watched, done.lectures_total), (2, 2), "lecture 9 is not watchable");
        assert_eq!(done.completed_on.as_deref(), Some("2026-11-19"));
        let short = Completion::of(&[1, 2, 3], &all, None);
        assert!(!short.complete && short.completed_on.is_none(), "one lecture short");
        let mut started = watched(3, day);
        started.completed = false;
        assert!(!Completion::of(&[1, 2, 3], &[watched(1, day), watched(2, day), started], None).complete);
        assert!(!Completion::of(&[], &[], None).complete, "a batch with nothing to watch");
        let mark = CompletionMark { sub: "s".into(), batch_id: "b".into(), marked_at: day, marked_by: "staff".into() };
        let marked = Completion::of(&[1, 2, 3], &[], Some(&mark));
        assert!(marked.complete && marked.marked);
        assert_eq!(marked.completed_on.as_deref(), Some("2026-11-18"));
        // A minimum attendance: short of it, the lectures alone do not complete; staff's mark still does.
        let short = AttendanceStanding { minimum: 75, percent: Some(50) };
        assert!(!Completion::of(&[1, 2], &all, None).with_attendance(Some(short)).complete);
        assert!(Completion::of(&[1, 2, 3], &[], Some(&mark)).with_attendance(Some(short)).complete);
        let enough = AttendanceStanding { minimum: 75, percent: Some(75) };
        assert!(Completion::of(&[1, 2], &all, None).with_attendance(Some(enough)).complete);
        let nothing_held = AttendanceStanding { minimum: 75, percent: None };
        assert!(Completion::of(&[1, 2], &all, None).with_attendance(Some(nothing_held)).complete);
    }
}

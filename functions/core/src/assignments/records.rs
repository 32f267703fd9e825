//! The assignments' records: an assignment, its files, each student's submission (draft,
//! versions, reviews) and a batch's rule for assignments in its completion.

use crate::completion::{AssignmentTally, StudentAssignment, StudentWork};
pub use crate::completion::{Grade, Verdict, WorkState};
use crate::time;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// How an assignment is marked: passed or needs work, or points out of `Assignment::points`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum Marking {
    Pass,
    Points,
}

/// A weekly guided assignment of a batch (`assignments`). Students see it from `publish_at`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Assignment {
    pub id: String,
    pub batch_id: String,
    pub title: String,
    /// Markdown, as staff wrote it (rendered safely on the way out: `assignments::markdown`).
    pub instructions: String,
    /// Epoch seconds.
    pub due_at: i64,
    pub marking: Marking,
    /// The most points (marking by points).
    #[serde(default)]
    pub points: Option<u32>,
    pub publish_at: i64,
    /// Closed: no more hand-ins after the due time (a "needs work" review still lets its student resubmit).
    #[serde(default)]
    pub closed: bool,
    #[serde(default)]
    pub lecture_number: Option<u32>,
    #[serde(default)]
    pub live_session_id: Option<String>,
    /// Staff's files (ids of `AssignmentFile`s owned by staff), in the order added.
    #[serde(default)]
    pub attachments: Vec<FileRef>,
    pub created_at: i64,
    pub created_by: String,
    /// When the first student handed in (from then on only the due time and closing change).
    #[serde(default)]
    pub first_submitted_at: Option<i64>,
}

/// A stored file as a record names it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct FileRef {
    pub id: String,
    pub file_name: String,
    pub size: u64,
    /// The type its content was found to be (never the one the browser declared).
    pub content_type: String,
}

/// A file uploaded for an assignment: staff's attachment or a student's hand-in.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AssignmentFile {
    pub id: String,
    pub assignment_id: String,
    /// The student's `sub`, or `STAFF_OWNER` for an attachment.
    pub owner: String,
    pub file_name: String,
    /// As declared when the upload began; checked against the object on completion.
    pub size: u64,
    /// The storage key (under the assignment's prefix).
    pub key: String,
    pub upload_id: String,
    pub part_size: u64,
    /// Set once the upload completed and its content passed the check.
    #[serde(default)]
    pub content_type: Option<String>,
    pub created_at: i64,
}

/// `AssignmentFile::owner` of staff's attachments.
pub const STAFF_OWNER: &str = "staff";

/// What a student is preparing: saved, not handed in.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Draft {
    pub text: String,
    pub links: Vec<String>,
    pub files: Vec<FileRef>,
    pub saved_at: i64,
}

/// One handed-in version (every one is kept).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HandedIn {
    /// 1, 2, … in the order handed in.
    pub number: u32,
    pub text: String,
    pub links: Vec<String>,
    pub files: Vec<FileRef>,
    pub submitted_at: i64,
    /// Handed in after the due time.
    pub late: bool,
}

/// Staff's review of one version.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Review {
    pub version: u32,
    /// Markdown.
    pub feedback: String,
    pub grade: Grade,
    pub reviewed_at: i64,
    pub reviewed_by: String,
}

/// One student's work on one assignment: the draft, every version handed in and every review.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AssignmentSubmission {
    pub id: String,
    pub assignment_id: String,
    pub batch_id: String,
    pub sub: String,
    /// The student's e-mail when they last saved (where a review is mailed).
    #[serde(default)]
    pub email: Option<String>,
    #[serde(default)]
    pub draft: Option<Draft>,
    #[serde(default)]
    pub versions: Vec<HandedIn>,
    #[serde(default)]
    pub reviews: Vec<Review>,
    /// Drafts saved (bounded: `assignments::MAX_DRAFT_SAVES`).
    #[serde(default)]
    pub saves: u32,
    pub updated_at: i64,
}

impl AssignmentSubmission {
    pub fn latest(&self) -> Option<&HandedIn> {
        self.versions.last()
    }

    /// The review of the latest version, if it has one.
    pub fn current_review(&self) -> Option<&Review> {
        let latest = self.latest()?.number;
        self.reviews.iter().rev().find(|r| r.version == latest)
    }

    /// Whether the latest version waits for a review.
    pub fn waiting(&self) -> bool {
        self.latest().is_some() && self.current_review().is_none()
    }
}

/// A batch's rule for assignments in its completion (docs/product.md#certificates).
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AssignmentRule {
    pub batch_id: String,
    /// A certificate needs every published assignment passed (default off).
    pub require_all_passed: bool,
}

/// A student's state on an assignment given their submission of it.
pub fn state_of(submission: Option<&AssignmentSubmission>) -> WorkState {
    let Some(submission) = submission else { return WorkState::NotStarted };
    match submission.latest() {
        Some(_) if submission.current_review().is_some() => WorkState::Reviewed,
        Some(latest) if latest.late => WorkState::Late,
        Some(_) => WorkState::Submitted,
        None if submission.draft.is_some() => WorkState::Draft,
        None => WorkState::NotStarted,
    }
}

/// A student's row of the batch report from the work of their accounts: one per assignment of
/// `assignments`, the latest hand-in winning.
pub fn student_work(assignments: &[Assignment], work: &[AssignmentSubmission]) -> StudentWork {
    let (mut done, mut passed) = (0, 0);
    let rows = assignments
        .iter()
        .map(|a| {
            let mine = work
                .iter()
                .filter(|s| s.assignment_id == a.id)
                .max_by_key(|s| (s.latest().map(|v| v.submitted_at), s.updated_at));
            let latest = mine.and_then(|s| s.latest());
            let result = mine.and_then(|s| s.current_review()).map(|r| r.grade);
            done += u32::from(latest.is_some());
            passed += u32::from(result.is_some_and(|g| g.passes()));
            StudentAssignment {
                assignment_id: a.id.clone(),
                state: state_of(mine),
                submission_id: latest.and(mine).map(|s| s.id.clone()),
                submitted_at: latest.map(|v| time::iso(v.submitted_at)),
                result,
            }
        })
        .collect();
    StudentWork { assignments: rows, done, passed }
}

/// The tally of `assignments` (a batch's) for a student whose submissions are `mine`, at `now`.
pub fn assignment_tally(assignments: &[Assignment], mine: &[AssignmentSubmission], now: i64) -> AssignmentTally {
    let mut tally = AssignmentTally::default();
    for assignment in assignments.iter().filter(|a| a.publish_at <= now) {
        tally.total += 1;
        let Some(work) = mine.iter().find(|s| s.assignment_id == assignment.id) else { continue };
        if !work.versions.is_empty() {
            tally.done += 1;
        }
        if work.current_review().is_some_and(|r| r.grade.passes()) {
            tally.passed += 1;
        }
    }
    tally
}

//! The product's records, named and shaped as docs/product.md#records and the site expect them (camelCase,
//! `_id`), so the same JSON flows from the seed file through the store to the browser.

use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A course as listed by `GET /api/courses`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Course {
    #[serde(rename = "_id")]
    pub id: String,
    pub title: String,
    pub description: String,
    pub duration: String,
    pub thumbnail: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub slug: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub rating: Option<f64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub students: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub skills: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub level: Option<String>,
}

/// The week-by-week plan of one course.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Outline {
    pub course_id: String,
    pub roadmap: String,
    pub duration_weeks: u32,
    /// The headline topics in teaching order (the landing pages' outline list).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub topics: Vec<String>,
    pub months: Vec<OutlineMonth>,
    pub weekly_schedule: WeeklySchedule,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OutlineMonth {
    pub month: u32,
    pub title: String,
    pub weeks: Vec<OutlineWeek>,
}

#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OutlineWeek {
    pub week: u32,
    pub title: String,
    pub theory: Vec<String>,
    pub lab: String,
}

/// How a typical week divides between theory, practice and lab.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WeeklySchedule {
    pub theory: String,
    pub practice: String,
    pub lab: String,
}

/// One intake of a course.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Batch {
    #[serde(rename = "_id")]
    pub id: String,
    pub course_id: String,
    pub name: String,
    pub mode: String,
    pub schedule: String,
    pub timing: String,
    pub instructor: String,
    pub start_date: String,
    pub end_date: String,
    pub price: String,
    pub seats: u32,
    pub enrolled: u32,
    pub description: String,
}

/// A recorded lecture of a batch (stored under its first name, `VIDEO#…`; a student's answer
/// calls what it may play a `Video`: `WatchableVideo`).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Lecture {
    #[serde(rename = "_id")]
    pub id: String,
    pub batch_id: String,
    pub batch_number: String,
    pub lecture_number: u32,
    pub title: String,
    /// A playable URL. A stored file (`s3://bucket/key`) is answered as a short-lived signed
    /// link to the lecture endpoint (`/lecture/…`); embeds pass through. A recording uploaded in
    /// the console has no file of its own here (empty) until it is ready: then its master playlist.
    pub url: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// A stored file's length in seconds, as its catalog says (`academy import` requires it for
    /// one): what the progress rule measures watching against. A recording uploaded in the
    /// console has its own, in `media`; an embed has none.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(ignore)]
    pub duration_secs: Option<f64>,
    /// Staff may hide a lecture from students; everything imported before the console is published.
    #[serde(default = "published_by_default", skip_serializing_if = "is_published")]
    pub published: bool,
    /// A recording uploaded in the console: its upload, processing and renditions. Staff-side only:
    /// a student's answer never carries it. Absent for embeds and for files stored before the
    /// pipeline, which play as they always did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schema(ignore)]
    pub media: Option<LectureMedia>,
}

fn published_by_default() -> bool {
    true
}

fn is_published(published: &bool) -> bool {
    *published
}

impl Lecture {
    /// Where the lecture stands: a recording's own state, else ready (embeds and stored files).
    pub fn state(&self) -> LectureState {
        self.media.as_ref().map_or(LectureState::Ready, |m| m.state)
    }

    /// Published and playable: what students may see.
    pub fn is_watchable(&self) -> bool {
        self.published && self.state() == LectureState::Ready
    }

    /// The lecture's length as the server knows it: a transcoded recording's, or a stored file's
    /// from the catalog. None for an embed, whose length only its provider knows.
    pub fn known_length(&self) -> Option<f64> {
        let length = self.media.as_ref().map_or(self.duration_secs, |media| media.duration_secs);
        length.filter(|secs| secs.is_finite() && *secs > 0.0)
    }
}

/// A lecture recording's journey (docs/decisions/0029-lecture-pipeline.md): uploading → processing → ready, or failed.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum LectureState {
    Uploading,
    Processing,
    #[default]
    Ready,
    Failed,
}

/// The staff-side facts of a recording uploaded in the console. Every stored file is named by its
/// `s3://bucket/key` URL (locally the key is a path under the lecture folder), and every key sits
/// under the lecture's own folder, `media::lecture_folder(batchId, videoId)`, so renumbering a
/// lecture moves nothing and deleting it removes one folder.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LectureMedia {
    pub state: LectureState,
    /// Processing: how far, 0–100.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub percent: Option<u8>,
    /// Failed: why, in words staff can act on (MediaConvert's reason, or ffmpeg's).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub failure: Option<String>,
    /// Uploading: the multipart upload under way.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub upload: Option<UploadSession>,
    /// The uploaded recording (`…/source/…`), once its upload completed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source: Option<String>,
    /// Ready: the master playlist (`…/hls/{job}/master.m3u8`); every file it names lies beside it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub master: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub poster: Option<String>,
    /// WebVTT captions, if staff uploaded them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub captions: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duration_secs: Option<f64>,
    /// The renditions' heights, lowest first (`[360, 540, 720]`).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub rungs: Vec<u32>,
    /// The transcoding job (a MediaConvert job id in AWS, a local id locally).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub job_id: Option<String>,
    /// Epoch seconds of the last change.
    pub updated_at: i64,
}

/// A multipart upload of a lecture's recording, straight from the browser to storage.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct UploadSession {
    /// S3's upload id in AWS; a random id locally.
    pub upload_id: String,
    /// Where the recording will be once complete (`s3://bucket/lectures/…/source/…`).
    pub target: String,
    pub file_name: String,
    pub size: u64,
    pub content_type: String,
    pub part_size: u64,
    pub started_at: i64,
}

/// The right to watch one batch's lectures, held by whoever knows the Secret ID whose hash this is.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AccessGrant {
    pub batch_id: String,
    pub secret_hash: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    pub created_at: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub revoked_at: Option<i64>,
    /// The end of access (epoch seconds, excluded): past it the Secret ID answers as revoked.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub access_until: Option<i64>,
    /// Since when the grant's plan is unpaid past its grace period (epoch seconds): lectures and
    /// live classes are refused, saying the payment is overdue, until it is paid. Still active
    /// otherwise: the student keeps their batch, progress and certificate.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub paused_at: Option<i64>,
}

/// What a student whose plan is paused is told when a lecture or a live class is refused.
pub const PAYMENT_OVERDUE: &str =
    "Your payment for this batch is overdue: pay the month due, or update your card under \
     Billing on My batches, to continue.";

impl AccessGrant {
    /// Lectures and live classes refused until the plan is paid (`paused_at`).
    pub fn is_paused(&self) -> bool {
        self.paused_at.is_some()
    }

    /// Not revoked, and its access end (if any) not yet reached.
    pub fn is_active(&self) -> bool {
        self.is_active_at(crate::time::now())
    }

    pub fn is_active_at(&self, now: i64) -> bool {
        self.revoked_at.is_none() && self.access_until.is_none_or(|until| now < until)
    }
}

/// A Secret ID linked to a student's account (`sub`): the grant it names, found again by its
/// hash, so revoking the grant unlinks it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BatchLink {
    pub sub: String,
    pub batch_id: String,
    pub secret_hash: String,
    pub linked_at: i64,
}

/// Where a student is in one lecture. `completed` is the server's word (`learning::watching`),
/// never the client's, and stays true once reached.
#[derive(Clone, Debug, Default, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LectureProgress {
    pub lecture_number: u32,
    /// The second to resume at.
    pub position_seconds: f64,
    /// The furthest second reached (what staff reports average); never less than the position.
    #[serde(default)]
    pub furthest_seconds: f64,
    /// Watched, as the server measured it (docs/product.md#lecture-progress).
    pub completed: bool,
    /// Epoch seconds of the last save.
    pub updated_at: i64,
    /// A lecture file: the seconds of it the saves received cover at a pace the clock allows.
    #[serde(default)]
    pub watched_seconds: f64,
    /// A lecture file: those stretches, `[from, to]` in seconds of the lecture, apart and in order.
    #[serde(default)]
    pub watched_spans: Vec<[f64; 2]>,
    /// An embed: seconds spent on its page, as the server measured between saves.
    #[serde(default)]
    pub seconds_on_page: f64,
    /// Epoch milliseconds of the last save, by the server's clock (0: saved before it kept one).
    #[serde(default)]
    pub saved_at_millis: i64,
}

/// Whether a student completed a batch: every watchable lecture (`watchable`, at least one)
/// watched by the server's measure (`LectureProgress::completed`, `learning::watching`), or staff
/// marked the student complete (`marked`).
pub fn batch_complete(watchable: &[u32], progress: &[LectureProgress], marked: bool) -> bool {
    let done = |n: &u32| progress.iter().any(|p| p.lecture_number == *n && p.completed);
    marked || (!watchable.is_empty() && watchable.iter().all(done))
}

/// Staff's word that a student completed a batch (e.g. finished it in class), under the
/// student's `sub` beside their link.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CompletionMark {
    pub sub: String,
    pub batch_id: String,
    pub marked_at: i64,
    /// Who marked it (a member of staff's e-mail, or account id).
    pub marked_by: String,
}

/// A certificate of completion as stored: one per student and batch, named by an unguessable id
/// (`certificates::id`). What it says is fixed when issued, but for the name staff may correct.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Certificate {
    pub id: String,
    /// The holder's account.
    pub sub: String,
    pub batch_id: String,
    pub course_id: String,
    /// The course's title and the batch's name when it was issued.
    pub course: String,
    pub batch: String,
    pub instructor: String,
    /// The holder's name as printed.
    pub name: String,
    /// `YYYY-MM-DD`.
    pub completed_on: String,
    pub issued_on: String,
    /// Epoch seconds.
    pub issued_at: i64,
    /// The member of staff who issued it; none when the student claimed it.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub issued_by: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub revoked_on: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub revoked_reason: Option<String>,
}

/// Delivery state of a stored enquiry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum SubmissionStatus {
    Pending,
    Sent,
    Failed,
}

/// An enquiry or enrolment request, stored before anything else can fail.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Submission {
    pub id: String,
    pub form_type: String,
    pub form_data: serde_json::Map<String, serde_json::Value>,
    pub status: SubmissionStatus,
    pub attempts: u32,
    pub created_at: i64,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_error: Option<String>,
    /// Whether staff dealt with it, when, who (an e-mail) and their note.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub handling: Option<Handling>,
}

/// Staff's mark on an enquiry.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Handling {
    pub handled: bool,
    /// When it was last marked (epoch seconds).
    pub at: i64,
    /// Who marked it (their e-mail, or their `sub` when the provider names no e-mail).
    pub by: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub note: Option<String>,
}

/// A student enrolled in a batch by staff: the grant behind their Secret ID, whom to mail, until
/// when. One per e-mail and batch (its key says so); re-enrolling after a revocation replaces it.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Enrolment {
    pub batch_id: String,
    pub name: String,
    /// Lowercase: the key of the enrolment and how a signed-in student is matched.
    pub email: String,
    /// The grant's Secret ID hash (the grant revoked with the enrolment; a resend replaces it).
    pub secret_hash: String,
    pub enrolled_at: i64,
    /// Who enrolled the student (an e-mail, or a `sub`).
    pub enrolled_by: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub access_until: Option<i64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub enquiry_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub revoked_at: Option<i64>,
    /// Whether the last welcome mail was handed to the mailer.
    pub welcome_sent: bool,
    /// The accounts (`sub`) a revoke took the batch from: what they watched stays in the console.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub revoked_accounts: Vec<String>,
}

/// The longest lecture, and the furthest position a student's progress may name: a day.
pub const MAX_LECTURE_SECONDS: f64 = 24.0 * 60.0 * 60.0;

/// Length of an enrolment id: its batch's id, then the first 16 hex characters of its e-mail's digest.
pub const ENROLMENT_ID_LEN: usize = crate::ids::ID_LEN + 16;

impl Enrolment {
    /// The key of `email` (already lowercase) within a batch.
    pub fn email_key(email: &str) -> String {
        crate::ids::digest(email)[..16].to_owned()
    }

    /// The enrolment's id: where it is, so it is found with one read.
    pub fn id(&self) -> String {
        format!("{}{}", self.batch_id, Self::email_key(&self.email))
    }

    /// The batch id and e-mail key an enrolment id names; `None` when it is not one.
    pub fn parse_id(id: &str) -> Option<(&str, &str)> {
        let hex = id.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b));
        (id.len() == ENROLMENT_ID_LEN && hex).then(|| id.split_at(crate::ids::ID_LEN))
    }

    /// Whether the student may watch: not revoked, and the access end (if any) not yet reached.
    pub fn status_at(&self, now: i64) -> EnrolmentStatus {
        match (self.revoked_at, self.access_until) {
            (Some(_), _) => EnrolmentStatus::Revoked,
            (None, Some(until)) if now >= until => EnrolmentStatus::Expired,
            _ => EnrolmentStatus::Active,
        }
    }
}

/// Where an enrolment stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum EnrolmentStatus {
    Active,
    Revoked,
    Expired,
}

/// One staff action, as the audit trail keeps it: never changed, never deleted.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditEntry {
    pub id: String,
    /// When (epoch seconds).
    pub at: i64,
    pub actor_sub: String,
    /// The actor's e-mail, when the provider names one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub actor_email: Option<String>,
    /// What was done, e.g. `enrolment.create`.
    pub action: String,
    /// What it was done to (an enquiry, an enrolment or a batch id).
    pub target: String,
    /// `ok`, `refused` (the request was answered 4xx) or `failed` (the store or mail failed).
    pub outcome: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub detail: Option<String>,
}

/// Splits a stored lecture file's `s3://bucket/key` into its parts; any other URL (an embed)
/// is `None`.
pub fn parse_s3_url(url: &str) -> Option<(&str, &str)> {
    let rest = url.strip_prefix("s3://")?;
    let (bucket, key) = rest.split_once('/')?;
    (!bucket.is_empty() && !key.is_empty()).then_some((bucket, key))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_only_complete_s3_urls() {
        assert_eq!(parse_s3_url("s3://b/k/v.mp4"), Some(("b", "k/v.mp4")));
        assert_eq!(parse_s3_url("s3://b/"), None);
        assert_eq!(parse_s3_url("s3:///k"), None);
        assert_eq!(parse_s3_url("https://x/y"), None);
    }
}

/// A reminder of a booking, kept in the store when a worker rather than EventBridge Scheduler
/// sends them (the local server): due at `at`, for the booking's `sequence`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DemoReminder {
    pub booking_id: String,
    /// `24h` or `1h` before the class.
    pub kind: String,
    pub sequence: u32,
    pub at: i64,
}

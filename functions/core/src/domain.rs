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

/// A recorded lecture of a batch.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Video {
    #[serde(rename = "_id")]
    pub id: String,
    pub batch_id: String,
    pub batch_number: String,
    pub lecture_number: u32,
    pub title: String,
    /// A playable URL. A stored file (`s3://bucket/key`) is answered as a short-lived signed
    /// link to the lecture endpoint (`/lecture/…`); embeds pass through.
    pub url: String,
}

/// `GET /api/batches/{batchId}/videos` answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct VideoList {
    pub videos: Vec<Video>,
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
}

impl AccessGrant {
    pub fn is_active(&self) -> bool {
        self.revoked_at.is_none()
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

/// Where a student is in one lecture. `completed` stays true once reached.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LectureProgress {
    pub lecture_number: u32,
    /// The second to resume at.
    pub position_seconds: f64,
    pub completed: bool,
    /// Epoch seconds of the last save.
    pub updated_at: i64,
}

/// Delivery state of a stored enquiry.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
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
}

/// `GET /api/health` answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
pub struct Health {
    pub status: String,
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

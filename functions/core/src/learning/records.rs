//! What a student is answered about a batch's lectures: each lecture as they may play it, and the list.

use crate::domain::Lecture;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// A lecture as a student gets it in the videos answer: what to play, never the staff-side facts
/// of its recording (`Lecture::media`). An embed or a file stored before the pipeline is answered
/// with the same fields as always; a recording transcoded to HLS also says so (`kind`) and brings
/// its poster and captions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
#[schema(as = Video)]
pub struct WatchableVideo {
    #[serde(rename = "_id")]
    pub id: String,
    pub batch_id: String,
    pub batch_number: String,
    pub lecture_number: u32,
    pub title: String,
    /// What to play: an embed's URL, or a signed link to the lecture endpoint (`/lecture/…`): the
    /// file itself, or for `kind: "hls"` the master playlist (`/lecture/…/master.m3u8?…`).
    pub url: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// `hls`: `url` is an HLS master playlist (absent: an embed or a single file, as the URL says).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<PlaybackKind>,
    /// A signed link to the poster image, for an HLS recording that has one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub poster: Option<String>,
    /// A signed link to WebVTT captions, for an HLS recording that has them.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub captions: Option<String>,
}

/// How a lecture's `url` is played, when the URL alone does not say.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum PlaybackKind {
    Hls,
}

impl From<&Lecture> for WatchableVideo {
    /// The lecture's own fields, its URL as stored (the videos answer signs it).
    fn from(video: &Lecture) -> Self {
        Self {
            id: video.id.clone(),
            batch_id: video.batch_id.clone(),
            batch_number: video.batch_number.clone(),
            lecture_number: video.lecture_number,
            title: video.title.clone(),
            url: video.url.clone(),
            description: video.description.clone(),
            kind: None,
            poster: None,
            captions: None,
        }
    }
}

/// `GET /api/batches/{batchId}/videos` answer.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, ToSchema)]
#[schema(as = VideoList)]
pub struct LectureList {
    pub videos: Vec<WatchableVideo>,
}

//! Lecture recordings after their upload: the ladder spec, transcoding (MediaConvert in AWS,
//! ffmpeg locally) and where every file of a lecture lives
//! (docs/decisions/0029-lecture-pipeline.md).
//!
//! Storage layout, the same in the lectures bucket and under the local lecture folder: one folder
//! per lecture, named by the lecture's id (not its number, so renumbering moves nothing):
//!
//! ```text
//! lectures/{batchId}/{videoId}/source/{stamp}.{ext}     the uploaded recording
//! lectures/{batchId}/{videoId}/hls/{job}/master.m3u8    the master playlist, its renditions,
//!                                                       segments and poster beside it
//! lectures/{batchId}/{videoId}/captions/{stamp}.vtt     WebVTT captions
//! ```

pub mod api;
pub mod console;
pub mod container;
pub mod events;
pub mod ffmpeg;
pub mod ladder;
pub mod mediaconvert;
pub mod record;
pub mod transcode;
pub mod uploads;
pub mod worker;

use async_trait::async_trait;

/// The key prefix every file of one lecture sits under (ends with `/`).
pub fn lecture_folder(batch_id: &str, video_id: &str) -> String {
    format!("lectures/{batch_id}/{video_id}/")
}

/// Where an upload's recording goes: `stamp` keeps a new upload apart from an earlier one.
pub fn source_key(batch_id: &str, video_id: &str, stamp: &str, extension: &str) -> String {
    format!("{}source/{stamp}.{extension}", lecture_folder(batch_id, video_id))
}

/// The folder a transcoding job writes its renditions into (ends with `/`).
pub fn hls_folder(batch_id: &str, video_id: &str, job: &str) -> String {
    format!("{}hls/{job}/", lecture_folder(batch_id, video_id))
}

pub fn captions_key(batch_id: &str, video_id: &str, stamp: &str) -> String {
    format!("{}captions/{stamp}.vtt", lecture_folder(batch_id, video_id))
}

/// Asks for a lecture's recording to be transcoded. The console calls it when an upload
/// completes and when staff retry a failed lecture; the lecture is already marked `processing`.
/// Locally: the background ffmpeg worker's queue. In AWS: nothing on upload (the bucket's
/// "Object Created" event reaches the `transcode` function through EventBridge), an event the
/// `transcode` function receives on retry.
#[async_trait]
pub trait TranscodeQueue: Send + Sync {
    async fn uploaded(&self, batch_id: &str, lecture_number: u32) -> Result<(), String>;

    async fn retry(&self, batch_id: &str, lecture_number: u32) -> Result<(), String>;

    /// The lecture is being deleted: its processing stops before its files go. Locally the
    /// ffmpeg run is killed; in AWS a MediaConvert job runs on, and its events find no lecture.
    async fn deleted(&self, _batch_id: &str, _video_id: &str) {}
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_file_of_a_lecture_is_under_its_folder() {
        let folder = lecture_folder("b1", "v1");
        assert_eq!(folder, "lectures/b1/v1/");
        for key in [
            source_key("b1", "v1", "s", "mp4"),
            hls_folder("b1", "v1", "j") + "master.m3u8",
            captions_key("b1", "v1", "s"),
        ] {
            assert!(key.starts_with(&folder), "{key}");
        }
        assert_eq!(source_key("b1", "v1", "20261125", "mov"), "lectures/b1/v1/source/20261125.mov");
    }
}

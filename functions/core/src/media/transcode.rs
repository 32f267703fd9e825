//! The `transcode` function's work, one EventBridge event at a time:
//! - the lectures bucket's "Object Created" for `lectures/{batchId}/{videoId}/source/…` (an upload
//!   completed): the lecture is marked processing and a MediaConvert job started;
//! - "Lecture transcode requested" from `academy.lectures` (staff pressed Retry): the same, from the
//!   record's source;
//! - MediaConvert's "Job State Change": progress, ready or failed, for the lecture's current job
//!   only (an older job's events are ignored).
//!
//! Every step is idempotent: a repeated upload event finds the job already recorded, a repeated
//! CreateJob carries the same client token, and a state change is applied to the current job only.

use super::container::{Container, RecordingHeads, NOT_VIDEO};
use super::hls_folder;
use super::ladder::Ladder;
use super::mediaconvert::{self, JobFor, JobRequest, MediaConvert};
use super::record::{self, Finished};
use crate::domain::{parse_s3_url, Lecture, LectureState};
use crate::store::{CatalogRecords, StoreError};
use serde_json::Value;

pub const RETRY_SOURCE: &str = "academy.lectures";
pub const RETRY_DETAIL_TYPE: &str = "Lecture transcode requested";

/// One event, as the function reads it.
#[derive(Clone, Debug, PartialEq)]
pub enum TranscodeEvent {
    Uploaded {
        bucket: String,
        key: String,
    },
    RetryRequested {
        batch_id: String,
        lecture_number: u32,
    },
    JobChanged {
        job_id: String,
        lecture: Option<JobFor>,
        change: JobChange,
    },
    /// Anything else (logged and dropped).
    Other,
}

#[derive(Clone, Debug, PartialEq)]
pub enum JobChange {
    Progress(u8),
    Complete(Finished),
    Error(String),
    /// SUBMITTED, CANCELED, … : nothing to record.
    Other(String),
}

pub fn parse(event: &Value) -> TranscodeEvent {
    let detail = &event["detail"];
    let text = |v: &Value| v.as_str().map(str::to_owned);
    match (event["source"].as_str(), event["detail-type"].as_str()) {
        (Some("aws.s3"), Some("Object Created")) => {
            match (text(&detail["bucket"]["name"]), text(&detail["object"]["key"])) {
                (Some(bucket), Some(key)) => TranscodeEvent::Uploaded { bucket, key },
                _ => TranscodeEvent::Other,
            }
        }
        (Some(RETRY_SOURCE), Some(RETRY_DETAIL_TYPE)) => {
            let number = detail["lectureNumber"].as_u64().and_then(|n| u32::try_from(n).ok());
            match (text(&detail["batchId"]), number) {
                (Some(batch_id), Some(lecture_number)) => TranscodeEvent::RetryRequested { batch_id, lecture_number },
                _ => TranscodeEvent::Other,
            }
        }
        (Some("aws.mediaconvert"), Some("MediaConvert Job State Change")) => {
            let Some(job_id) = text(&detail["jobId"]) else { return TranscodeEvent::Other };
            let meta = &detail["userMetadata"];
            let lecture = match (text(&meta["batchId"]), text(&meta["videoId"])) {
                (Some(batch_id), Some(video_id)) => Some(JobFor {
                    batch_id,
                    lecture_number: meta["lectureNumber"].as_str().and_then(|n| n.parse().ok()).unwrap_or(0),
                    video_id,
                }),
                _ => None,
            };
            let status = detail["status"].as_str().unwrap_or_default();
            let change = match status {
                "PROGRESSING" | "STATUS_UPDATE" => {
                    let percent = detail["jobProgress"]["jobPercentComplete"].as_u64().unwrap_or(0);
                    JobChange::Progress(percent.min(100) as u8)
                }
                "COMPLETE" => match finished(detail) {
                    Some(done) => JobChange::Complete(done),
                    None => JobChange::Error("MediaConvert finished without a master playlist".into()),
                },
                "ERROR" => JobChange::Error(
                    text(&detail["errorMessage"])
                        .unwrap_or_else(|| format!("MediaConvert error {}", detail["errorCode"])),
                ),
                other => JobChange::Other(other.to_owned()),
            };
            TranscodeEvent::JobChanged { job_id, lecture, change }
        }
        _ => TranscodeEvent::Other,
    }
}

/// What a COMPLETE event's `outputGroupDetails` say: the master playlist, the poster (the last
/// frame captured), the longest output's duration and the renditions' heights.
fn finished(detail: &Value) -> Option<Finished> {
    let groups = detail["outputGroupDetails"].as_array()?;
    let mut done = Finished { master: String::new(), poster: None, duration_secs: None, rungs: Vec::new() };
    for group in groups {
        let outputs = group["outputDetails"].as_array().cloned().unwrap_or_default();
        if group["type"] == "HLS_GROUP" {
            done.master = group["playlistFilePaths"][0].as_str()?.to_owned();
            for output in &outputs {
                if let Some(ms) = output["durationInMs"].as_f64() {
                    done.duration_secs = Some(done.duration_secs.unwrap_or(0.0).max(ms / 1000.0));
                }
                if let Some(height) = output["videoDetails"]["heightInPx"].as_u64() {
                    done.rungs.push(height as u32);
                }
            }
        } else if let Some(path) = outputs.iter().filter_map(|o| o["outputFilePaths"].as_array()).flatten().last() {
            done.poster = path.as_str().map(str::to_owned);
        }
    }
    done.rungs.sort_unstable();
    done.rungs.dedup();
    (!done.master.is_empty()).then_some(done)
}

/// `lectures/{batchId}/{videoId}/source/{file}` → (batchId, videoId).
fn source_of(key: &str) -> Option<(&str, &str)> {
    let rest = key.strip_prefix("lectures/")?;
    let mut parts = rest.splitn(4, '/');
    let (batch, video, folder, file) = (parts.next()?, parts.next()?, parts.next()?, parts.next()?);
    (folder == "source" && !file.is_empty() && !file.contains('/')).then_some((batch, video))
}

#[derive(Debug, thiserror::Error)]
pub enum TranscodeError {
    #[error(transparent)]
    Store(#[from] StoreError),
}

/// Handles one event. A recording that is not a media container the transcoder takes (its first
/// bytes, read from `recordings`), or a MediaConvert refusal, fails the lecture with its reason
/// (staff can retry); only a store failure is an error, so EventBridge's retry of the invocation
/// tries it again.
pub async fn on_event(
    store: &(impl CatalogRecords + ?Sized),
    mediaconvert: &MediaConvert,
    recordings: &dyn RecordingHeads,
    event: &Value,
    now: i64,
) -> Result<(), TranscodeError> {
    match parse(event) {
        TranscodeEvent::Uploaded { bucket, key } => {
            let Some((batch_id, video_id)) = source_of(&key) else {
                tracing::info!(%key, "not a lecture's source; ignored");
                return Ok(());
            };
            let Some(video) = record::find(store, batch_id, None, video_id).await? else {
                tracing::warn!(%batch_id, %video_id, "an upload for no lecture; ignored");
                return Ok(());
            };
            let source = format!("s3://{bucket}/{key}");
            let media = video.media.as_ref();
            if media.is_some_and(|m| m.source.as_deref() == Some(&source) && m.job_id.is_some()) {
                tracing::info!(%source, "this upload's job is already recorded; ignored");
                return Ok(());
            }
            let token = crate::ids::digest(&source);
            start(store, mediaconvert, recordings, video, &source, &token, now).await
        }
        TranscodeEvent::RetryRequested { batch_id, lecture_number } => {
            let Some(video) = store.get_lecture(&batch_id, lecture_number).await? else {
                tracing::warn!(%batch_id, lecture_number, "retry for no lecture; ignored");
                return Ok(());
            };
            let Some(source) = video.media.as_ref().and_then(|m| m.source.clone()) else {
                tracing::warn!(%batch_id, lecture_number, "retry for a lecture without a recording; ignored");
                return Ok(());
            };
            if video.state() != LectureState::Processing {
                tracing::info!(%batch_id, lecture_number, "retry for a lecture not marked processing; ignored");
                return Ok(());
            }
            // One job per Retry press: the press is the record's last change.
            let stamp = video.media.as_ref().map_or(0, |m| m.updated_at);
            let token = crate::ids::digest(&format!("{source}#{stamp}"));
            start(store, mediaconvert, recordings, video, &source, &token, now).await
        }
        TranscodeEvent::JobChanged { job_id, lecture, change } => {
            let Some(lecture) = lecture else {
                tracing::warn!(%job_id, "a job without our metadata; ignored");
                return Ok(());
            };
            let found = record::find(store, &lecture.batch_id, Some(lecture.lecture_number), &lecture.video_id).await?;
            let Some(video) = found else {
                tracing::warn!(%job_id, "a job for a lecture that is gone; ignored");
                return Ok(());
            };
            let applied = match change {
                JobChange::Progress(percent) => record::progressed(store, video, &job_id, percent, now).await?,
                JobChange::Complete(done) => record::finished(store, video, &job_id, done, now).await?,
                JobChange::Error(reason) => record::failed(store, video, Some(&job_id), &reason, now).await?,
                JobChange::Other(status) => {
                    tracing::info!(%job_id, %status, "job state change; nothing to record");
                    false
                }
            };
            tracing::info!(%job_id, applied, "job state change");
            Ok(())
        }
        TranscodeEvent::Other => {
            tracing::warn!(source = %event["source"], detail_type = %event["detail-type"], "an event this function does not handle");
            Ok(())
        }
    }
}

/// Checks the source's container, probes it, starts the job on the rungs that fit it, and records
/// it; anything else than a media container, or a refusal, fails the lecture with its reason.
/// (MediaConvert itself would read a playlist's segments, or a manifest's URLs, as its input.)
async fn start(
    store: &(impl CatalogRecords + ?Sized),
    mediaconvert: &MediaConvert,
    recordings: &dyn RecordingHeads,
    video: Lecture,
    source: &str,
    token: &str,
    now: i64,
) -> Result<(), TranscodeError> {
    let Some((bucket, key)) = parse_s3_url(source) else {
        record::failed(store, video, None, "the recording's location is not an S3 URL", now).await?;
        return Ok(());
    };
    match recordings.head(bucket, key).await {
        Ok(head) if Container::sniff(&head).is_some() => {}
        Ok(_) => {
            tracing::info!(%source, "not a media container; no job");
            return Ok(mark_failed(store, video, source, NOT_VIDEO, now).await?);
        }
        Err(error) => {
            tracing::error!(%error, %source, "could not read the recording");
            let reason = format!("the recording could not be read: {error}");
            return Ok(mark_failed(store, video, source, &reason, now).await?);
        }
    }
    let ladder = Ladder::bundled();
    let lecture =
        JobFor { batch_id: video.batch_id.clone(), lecture_number: video.lecture_number, video_id: video.id.clone() };
    // The job's folder is named before the job exists (MediaConvert names its id on creation):
    // from the request token, so a repeated request writes to the same folder.
    let folder = hls_folder(&lecture.batch_id, &lecture.video_id, &token[..24]);
    let destination = format!("s3://{bucket}/{folder}");
    let created = async {
        let probed = mediaconvert.probe(source).await?;
        let Some(height) = probed.height else { return Ok(Err("the recording has no video".to_owned())) };
        let rungs = ladder.rungs_for(height);
        let request = JobRequest {
            source,
            destination: &destination,
            rungs: &rungs,
            has_audio: probed.has_audio,
            lecture: &lecture,
            role: &mediaconvert.role,
            queue: mediaconvert.queue.as_deref(),
            client_request_token: token,
        };
        mediaconvert.create_job(&mediaconvert::create_job_body(ladder, &request)).await.map(Ok)
    };
    match created.await {
        Ok(Ok(job_id)) => {
            record::started(store, video, source, Some(&job_id), now).await?;
            tracing::info!(%job_id, %source, %destination, "transcoding job created");
        }
        Ok(Err(reason)) => {
            mark_failed(store, video, source, &reason, now).await?;
        }
        Err(error) => {
            tracing::error!(%error, %source, "could not start transcoding");
            mark_failed(store, video, source, &format!("Transcoding could not start: {error}"), now).await?;
        }
    }
    Ok(())
}

async fn mark_failed(
    store: &(impl CatalogRecords + ?Sized),
    video: Lecture,
    source: &str,
    reason: &str,
    now: i64,
) -> Result<(), StoreError> {
    // An upload event may come before the console marked the lecture processing from this source:
    // mark it so first, so the failure is recorded against this recording.
    let recorded = video.media.as_ref().and_then(|m| m.source.as_deref()) == Some(source);
    let video = if video.state() == LectureState::Processing && recorded {
        video
    } else {
        record::started(store, video, source, None, now).await?
    };
    record::failed(store, video, None, reason, now).await?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn only_a_lectures_source_is_an_upload() {
        assert_eq!(source_of("lectures/b1/v1/source/20261125.mp4"), Some(("b1", "v1")));
        assert_eq!(source_of("lectures/b1/v1/hls/j/master.m3u8"), None);
        assert_eq!(source_of("lectures/b1/v1/source/"), None);
        assert_eq!(source_of("other/b1/v1/source/x.mp4"), None);
    }

    #[test]
    fn a_complete_event_names_master_poster_duration_and_rungs() {
        let event = json!({"source": "aws.mediaconvert", "detail-type": "MediaConvert Job State Change", "detail": {
        "jobId": "1700000000000-abc123", "status": "COMPLETE",
        "userMetadata": {"batchId": "b", "lectureNumber": "2", "videoId": "v", "app": "academy"},
        "outputGroupDetails": [
            {"type": "HLS_GROUP", "playlistFilePaths": ["s3://bk/lectures/b/v/hls/j/master.m3u8"], "outputDetails": [
                {"outputFilePaths": ["s3://bk/lectures/b/v/hls/j/master_720p.m3u8"], "durationInMs": 20040, "videoDetails": {"widthInPx": 1280, "heightInPx": 720}},
                {"outputFilePaths": ["s3://bk/lectures/b/v/hls/j/master_360p.m3u8"], "durationInMs": 20000, "videoDetails": {"widthInPx": 640, "heightInPx": 360}}
            ]},
            {"type": "FILE_GROUP", "outputDetails": [
                {"outputFilePaths": ["s3://bk/lectures/b/v/hls/j/poster.0000001.jpg"], "durationInMs": 20000, "videoDetails": {"widthInPx": 1280, "heightInPx": 720}}
            ]}
        ]}});
        let TranscodeEvent::JobChanged { job_id, lecture, change: JobChange::Complete(done) } = parse(&event) else {
            panic!("a completed job")
        };
        assert_eq!(job_id, "1700000000000-abc123");
        assert_eq!(lecture.unwrap().lecture_number, 2);
        assert_eq!(done.master, "s3://bk/lectures/b/v/hls/j/master.m3u8");
        assert_eq!(done.poster.as_deref(), Some("s3://bk/lectures/b/v/hls/j/poster.0000001.jpg"));
        assert_eq!((done.duration_secs, done.rungs), (Some(20.04), vec![360, 720]));
    }

    #[test]
    fn events_of_other_sources_are_other() {
        assert_eq!(parse(&json!({"source": "aws.ec2", "detail-type": "x"})), TranscodeEvent::Other);
        let retry = json!({"source": RETRY_SOURCE, "detail-type": RETRY_DETAIL_TYPE, "detail": {"batchId": "b", "lectureNumber": 4}});
        assert_eq!(parse(&retry), TranscodeEvent::RetryRequested { batch_id: "b".into(), lecture_number: 4 });
    }
}

//! A recording's processing as it is stored: each step reads the lecture's record, changes its
//! `media` and writes it back (`CatalogRecords::put_lecture`), the same for the local worker and the
//! `transcode` function. A step for a job that is no longer the lecture's (a retry started a new
//! one) changes nothing.

use crate::domain::{Lecture, LectureMedia, LectureState};
use crate::store::{CatalogRecords, StoreError};

/// What a finished job leaves.
#[derive(Clone, Debug, PartialEq)]
pub struct Finished {
    pub master: String,
    pub poster: Option<String>,
    pub duration_secs: Option<f64>,
    /// Heights, lowest first.
    pub rungs: Vec<u32>,
}

/// The lecture with this id in the batch (its number may have changed since the job began).
pub async fn find(
    store: &(impl CatalogRecords + ?Sized),
    batch_id: &str,
    lecture_number: Option<u32>,
    video_id: &str,
) -> Result<Option<Lecture>, StoreError> {
    if let Some(n) = lecture_number {
        if let Some(video) = store.get_lecture(batch_id, n).await?.filter(|v| v.id == video_id) {
            return Ok(Some(video));
        }
    }
    Ok(store.list_lectures(batch_id).await?.into_iter().find(|v| v.id == video_id))
}

fn is_current(video: &Lecture, job_id: &str) -> bool {
    video.media.as_ref().is_some_and(|m| m.state == LectureState::Processing && m.job_id.as_deref() == Some(job_id))
}

/// Marks `video` processing from `source` as job `job_id` (0 %; `None`: no job could start).
pub async fn started(
    store: &(impl CatalogRecords + ?Sized),
    mut video: Lecture,
    source: &str,
    job_id: Option<&str>,
    now: i64,
) -> Result<Lecture, StoreError> {
    let media = video.media.get_or_insert_with(LectureMedia::default);
    *media = LectureMedia {
        state: LectureState::Processing,
        percent: Some(0),
        source: Some(source.to_owned()),
        job_id: job_id.map(str::to_owned),
        captions: media.captions.take(),
        updated_at: now,
        ..LectureMedia::default()
    };
    store.put_lecture(&video).await?;
    Ok(video)
}

/// Job `job_id` is `percent` done. Only a rise is stored (events may arrive out of order).
pub async fn progressed(
    store: &(impl CatalogRecords + ?Sized),
    mut video: Lecture,
    job_id: &str,
    percent: u8,
    now: i64,
) -> Result<bool, StoreError> {
    if !is_current(&video, job_id) {
        return Ok(false);
    }
    let media = video.media.as_mut().expect("checked by is_current");
    let percent = percent.min(99);
    if media.percent.is_some_and(|p| p >= percent) {
        return Ok(false);
    }
    media.percent = Some(percent);
    media.updated_at = now;
    store.put_lecture(&video).await?;
    Ok(true)
}

/// Job `job_id` finished: the lecture is ready.
pub async fn finished(
    store: &(impl CatalogRecords + ?Sized),
    mut video: Lecture,
    job_id: &str,
    done: Finished,
    now: i64,
) -> Result<bool, StoreError> {
    if !is_current(&video, job_id) {
        return Ok(false);
    }
    let media = video.media.as_mut().expect("checked by is_current");
    media.state = LectureState::Ready;
    media.percent = None;
    media.failure = None;
    media.master = Some(done.master.clone());
    media.poster = done.poster;
    media.duration_secs = done.duration_secs;
    media.rungs = done.rungs;
    media.updated_at = now;
    // The lecture's playable URL: its master playlist (docs/decisions/0029-lecture-pipeline.md).
    video.url = done.master;
    store.put_lecture(&video).await?;
    Ok(true)
}

/// Job `job_id` failed (`None`: whatever job the lecture is processing, e.g. one that could not
/// start): the lecture is failed with `reason`.
pub async fn failed(
    store: &(impl CatalogRecords + ?Sized),
    mut video: Lecture,
    job_id: Option<&str>,
    reason: &str,
    now: i64,
) -> Result<bool, StoreError> {
    let current = match job_id {
        Some(job) => is_current(&video, job),
        None => video.state() == LectureState::Processing,
    };
    if !current {
        return Ok(false);
    }
    let media = video.media.as_mut().expect("a processing lecture has media");
    media.state = LectureState::Failed;
    media.percent = None;
    media.failure = Some(short(reason));
    media.updated_at = now;
    store.put_lecture(&video).await?;
    Ok(true)
}

/// A reason short enough for the console: its first 300 characters.
pub fn short(reason: &str) -> String {
    let reason = reason.trim();
    match reason.char_indices().nth(300) {
        Some((at, _)) => format!("{}…", &reason[..at]),
        None => reason.to_owned(),
    }
}

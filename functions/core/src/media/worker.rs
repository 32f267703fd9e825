//! The local transcoding queue: `academy serve`'s stand-in for MediaConvert. A bounded queue of
//! lectures, worked one at a time on a background task through ffmpeg (`super::ffmpeg`), into
//! `hls_folder(batch, videoId, job)` under the local lecture folder. At start every lecture left
//! `processing` (the server stopped mid-job, or before its turn) is queued again, and the folder
//! a stopped job half wrote is removed first. A run is killed past its time limits
//! (`ffmpeg::Limits`), when its lecture is deleted, and when the worker stops: one bad recording
//! fails and the next in the queue goes on.

use super::ffmpeg::{self, FfmpegError, Tools};
use super::ladder::Ladder;
use super::record::{self, Finished};
use super::{hls_folder, TranscodeQueue};
use crate::domain::{parse_s3_url, Lecture, LectureState};
use crate::store::{CatalogRecords, Store, StoreError};
use async_trait::async_trait;
use std::path::{Component, Path, PathBuf};
use std::sync::{Arc, Mutex};
use std::time::Duration;
use tokio::sync::{mpsc, oneshot};
use tokio::task::JoinHandle;

/// Lectures waiting at most; one more is refused until the worker catches up.
pub const QUEUE_LENGTH: usize = 64;
/// Percent steps stored while a job runs (every 5 %, not every progress line).
const PERCENT_STEP: u8 = 5;

/// How long deleting a lecture waits for its run to be stopped.
const STOP_WAIT: Duration = Duration::from_secs(10);

/// The worker's queue; dropping it stops the worker and kills the run in progress.
pub struct LocalWorker {
    queue: mpsc::Sender<(String, u32)>,
    running: Arc<Mutex<Option<Running>>>,
    gone: Deleted,
    task: JoinHandle<()>,
}

/// The lectures deleted while the worker runs: nothing of theirs is written back after. Every
/// write-back holds this lock from its check to its end, and a deletion takes it to add the
/// lecture (before the record is deleted), so no write can land after the delete (a run that
/// ended just as its lecture was deleted wrote it back: a flaky test under load found it).
type Deleted = Arc<tokio::sync::Mutex<std::collections::HashSet<String>>>;

/// The lecture being transcoded, and how to stop its run: send it the sender of the answer
/// "stopped".
struct Running {
    batch_id: String,
    video_id: String,
    stop: oneshot::Sender<oneshot::Sender<()>>,
}

impl LocalWorker {
    /// Starts the worker on `store`, with lecture files under `root` (`ACADEMY_LECTURES`).
    pub fn start(store: Store, root: impl Into<PathBuf>, tools: Tools) -> Self {
        let (queue, jobs) = mpsc::channel(QUEUE_LENGTH);
        let running = Arc::new(Mutex::new(None));
        let gone = Deleted::default();
        let worker = Worker { store, root: root.into(), tools, running: running.clone(), gone: gone.clone() };
        let task = tokio::spawn(worker.run(jobs));
        Self { queue, running, gone, task }
    }

    fn enqueue(&self, batch_id: &str, lecture_number: u32) -> Result<(), String> {
        self.queue.try_send((batch_id.to_owned(), lecture_number)).map_err(|e| match e {
            mpsc::error::TrySendError::Full(_) => {
                "the transcoding queue is full; the lecture is processed after a restart".into()
            }
            mpsc::error::TrySendError::Closed(_) => "the transcoding worker has stopped".into(),
        })
    }
}

#[async_trait]
impl TranscodeQueue for LocalWorker {
    async fn uploaded(&self, batch_id: &str, lecture_number: u32) -> Result<(), String> {
        self.enqueue(batch_id, lecture_number)
    }

    async fn retry(&self, batch_id: &str, lecture_number: u32) -> Result<(), String> {
        self.enqueue(batch_id, lecture_number)
    }

    /// Kills the lecture's run if it is the one in progress, and waits until it is stopped (a
    /// queued one is skipped when its turn comes: its record is gone).
    async fn deleted(&self, batch_id: &str, video_id: &str) {
        self.gone.lock().await.insert(video_id.to_owned());
        let running = {
            let mut running = self.running.lock().expect("not poisoned");
            match running.as_ref() {
                Some(r) if r.batch_id == batch_id && r.video_id == video_id => running.take(),
                _ => None,
            }
        };
        if let Some(running) = running {
            let (stopped, answer) = oneshot::channel();
            if running.stop.send(stopped).is_ok() {
                let _ = tokio::time::timeout(STOP_WAIT, answer).await;
            }
            tracing::info!(%batch_id, %video_id, "stopped the run of a deleted lecture");
        }
    }
}

impl Drop for LocalWorker {
    fn drop(&mut self) {
        self.task.abort();
    }
}

struct Worker {
    store: Store,
    root: PathBuf,
    tools: Tools,
    running: Arc<Mutex<Option<Running>>>,
    gone: Deleted,
}

impl Worker {
    /// The write-back lock, unless `video_id` was deleted: hold it while writing the lecture.
    async fn unless_deleted(
        &self,
        video_id: &str,
    ) -> Option<tokio::sync::MutexGuard<'_, std::collections::HashSet<String>>> {
        let gone = self.gone.lock().await;
        (!gone.contains(video_id)).then_some(gone)
    }

    async fn run(self, mut jobs: mpsc::Receiver<(String, u32)>) {
        match self.left_processing().await {
            Ok(left) => {
                for (batch_id, n) in left {
                    tracing::info!(%batch_id, lecture = n, "resuming a lecture left processing");
                    self.work(&batch_id, n).await;
                }
            }
            Err(error) => tracing::warn!(%error, "could not look for lectures left processing"),
        }
        while let Some((batch_id, n)) = jobs.recv().await {
            self.work(&batch_id, n).await;
        }
    }

    /// Every lecture of every batch still marked processing.
    async fn left_processing(&self) -> Result<Vec<(String, u32)>, StoreError> {
        let mut left = Vec::new();
        for batch in self.store.list_batches().await? {
            for video in self.store.list_lectures(&batch.id).await? {
                if video.state() == LectureState::Processing {
                    left.push((video.batch_id, video.lecture_number));
                }
            }
        }
        Ok(left)
    }

    /// The local file of an `s3://` URL: its key under the lecture folder.
    fn path_of(&self, key: &str) -> Option<PathBuf> {
        let relative = Path::new(key);
        relative.components().all(|c| matches!(c, Component::Normal(_))).then(|| self.root.join(relative))
    }

    async fn work(&self, batch_id: &str, n: u32) {
        if let Err(error) = self.transcode(batch_id, n).await {
            tracing::error!(%error, %batch_id, lecture = n, "transcoding could not record its outcome");
        }
    }

    async fn transcode(&self, batch_id: &str, n: u32) -> Result<(), StoreError> {
        let Some(video) = self.store.get_lecture(batch_id, n).await? else { return Ok(()) };
        if video.state() != LectureState::Processing {
            return Ok(()); // queued twice, or finished meanwhile
        }
        let now = crate::time::now;
        let Some(source) = video.media.as_ref().and_then(|m| m.source.clone()) else {
            let Some(_held) = self.unless_deleted(&video.id).await else { return Ok(()) };
            record::failed(&self.store, video, None, "the lecture has no uploaded recording", now()).await?;
            return Ok(());
        };
        let Some((bucket, key)) = parse_s3_url(&source) else {
            let Some(_held) = self.unless_deleted(&video.id).await else { return Ok(()) };
            record::failed(&self.store, video, None, "the recording's location is not an s3:// URL", now()).await?;
            return Ok(());
        };
        let (bucket, source_path) = (bucket.to_owned(), self.path_of(key));
        // A job the server stopped in the middle of: its half-written folder goes first.
        if let Some(old) = video.media.as_ref().and_then(|m| m.job_id.clone()).filter(|j| !j.is_empty()) {
            if let Some(folder) = self.path_of(&hls_folder(batch_id, &video.id, &old)) {
                if folder.exists() {
                    let _ = tokio::fs::remove_dir_all(&folder).await;
                    tracing::info!(folder = %folder.display(), "removed a stopped job's output");
                }
            }
        }
        let job = crate::ids::generate();
        let folder_key = hls_folder(batch_id, &video.id, &job);
        let video = {
            let Some(_held) = self.unless_deleted(&video.id).await else { return Ok(()) };
            record::started(&self.store, video, &source, Some(&job), now()).await?
        };
        let (Some(source_path), Some(out)) = (source_path, self.path_of(&folder_key)) else {
            let Some(_held) = self.unless_deleted(&video.id).await else { return Ok(()) };
            record::failed(&self.store, video, Some(&job), "the recording's location is not a plain path", now())
                .await?;
            return Ok(());
        };
        tracing::info!(%batch_id, lecture = n, %job, "transcoding");
        let (stop, stopping) = oneshot::channel();
        let running = Running { batch_id: batch_id.to_owned(), video_id: video.id.clone(), stop };
        *self.running.lock().expect("not poisoned") = Some(running);
        // Deleting the lecture drops the run (which kills it) and answers once it is gone.
        let outcome = tokio::select! {
            outcome = self.run_ffmpeg(&video, &job, &source_path, &out) => Some(outcome),
            Ok(stopped) = stopping => {
                let _ = stopped.send(());
                None
            }
        };
        self.running.lock().expect("not poisoned").take();
        let Some(outcome) = outcome else {
            tracing::info!(%batch_id, lecture = n, %job, "stopped: the lecture was deleted");
            return Ok(());
        };
        // Staff may have deleted or replaced the lecture meanwhile: then nothing is written back.
        let Some(_held) = self.unless_deleted(&video.id).await else {
            let _ = tokio::fs::remove_dir_all(&out).await;
            return Ok(());
        };
        let Some(latest) = self.latest(&video).await? else {
            let _ = tokio::fs::remove_dir_all(&out).await;
            return Ok(());
        };
        match outcome {
            Ok((probed, rungs, poster)) => {
                let url = |file: &str| format!("s3://{bucket}/{folder_key}{file}");
                let done = Finished {
                    master: url(&format!("{}.m3u8", super::mediaconvert::MASTER)),
                    poster: poster.then(|| url(ffmpeg::POSTER_FILE)),
                    duration_secs: Some(probed.duration_secs),
                    rungs,
                };
                record::finished(&self.store, latest, &job, done, now()).await?;
                tracing::info!(%batch_id, lecture = n, %job, "ready");
            }
            Err(error) => {
                let _ = tokio::fs::remove_dir_all(&out).await;
                record::failed(&self.store, latest, Some(&job), &error.to_string(), now()).await?;
                tracing::warn!(%batch_id, lecture = n, %job, %error, "transcoding failed");
            }
        }
        Ok(())
    }

    /// The record as stored now (staff may have renamed the lecture while it was transcoded);
    /// `None`: it was deleted.
    async fn latest(&self, video: &Lecture) -> Result<Option<Lecture>, StoreError> {
        record::find(&self.store, &video.batch_id, Some(video.lecture_number), &video.id).await
    }

    async fn run_ffmpeg(
        &self,
        video: &Lecture,
        job: &str,
        source: &Path,
        out: &Path,
    ) -> Result<(ffmpeg::Source, Vec<u32>, bool), FfmpegError> {
        let probed = ffmpeg::probe(&self.tools, source).await?;
        let ladder = Ladder::bundled();
        let rungs = ladder.rungs_for(probed.height);
        if rungs.len() == 1 && rungs[0].height < ladder.rungs[0].height {
            tracing::info!(height = probed.height, "a source below the lowest rung: one rung at its own height");
        }
        tokio::fs::create_dir_all(out)
            .await
            .map_err(|e| FfmpegError::Failed(format!("cannot write the renditions: {e}")))?;
        let (percent, mut reported) = mpsc::unbounded_channel();
        let encoding = ffmpeg::transcode(&self.tools, ladder, &rungs, &probed, source, out, percent);
        let progress = async {
            let mut stored = 0u8;
            while let Some(p) = reported.recv().await {
                if p >= stored.saturating_add(PERCENT_STEP) && p < 100 {
                    stored = p - p % PERCENT_STEP;
                    if let Some(_held) = self.unless_deleted(&video.id).await {
                        if let Ok(Some(latest)) = self.latest(video).await {
                            let _ = record::progressed(&self.store, latest, job, stored, crate::time::now()).await;
                        }
                    }
                }
            }
        };
        let (encoded, ()) = tokio::join!(encoding, progress);
        encoded?;
        let poster = ffmpeg::poster(&self.tools, ladder, &probed, source, out).await?;
        Ok((probed, rungs.iter().map(|r| r.height).collect(), poster.is_some()))
    }
}

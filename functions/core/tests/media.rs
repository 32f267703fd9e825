//! Lecture recordings through the local ffmpeg worker, on the SQLite store: a generated 20 s 720p
//! clip becomes the ladder's 360/540/720 rungs as HLS (keyframes aligned across rungs, segmentSeconds
//! segments, the master playlist lowest rung first, a poster, the duration); a corrupt file and a
//! server without ffmpeg fail with a reason; a lecture left processing is picked up at start; a
//! recording below 360p gets one rung at its own height. A playlist or manifest (live, naming a
//! file outside the lecture's folder, or `../` paths) is not a video file and the good recording
//! queued after it is ready; a run that wedges is killed at its limit, as is the run of a stopped
//! worker, and a retry then works; a recording whose pictures end early still has its poster.

use crate::support;

use academy_core::domain::{Lecture, LectureMedia, LectureState};
use academy_core::media::container::NOT_VIDEO;
use academy_core::media::ffmpeg::{Limits, Tools};
use academy_core::media::ladder::Ladder;
use academy_core::media::worker::LocalWorker;
use academy_core::media::{hls_folder, source_key, TranscodeQueue};
use academy_core::store::{CatalogRecords, Store};
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::Duration;

const BATCH: &str = "665f1c2a9b3e4d0012a1c001";

/// A fresh lecture folder.
fn folder() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("academy-media-{}", academy_core::ids::generate()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A test clip made by ffmpeg: `size` frames at 25 fps with a tone, `seconds` long.
fn clip(path: &Path, size: &str, seconds: u32) {
    std::fs::create_dir_all(path.parent().unwrap()).unwrap();
    let status = Command::new("ffmpeg")
        .args(["-hide_banner", "-loglevel", "error", "-y", "-f", "lavfi", "-i"])
        .arg(format!("testsrc2=size={size}:rate=25"))
        .args(["-f", "lavfi", "-i", "sine=frequency=440:sample_rate=48000", "-t", &seconds.to_string()])
        .args(["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac", "-shortest"])
        .arg(path)
        .status()
        .expect("ffmpeg runs (make test installs it)");
    assert!(status.success());
}

/// A lecture of `BATCH` numbered `n`, processing its recording at `key`.
async fn processing(store: &Store, n: u32, key: &str, job: Option<&str>) -> Lecture {
    let video = Lecture {
        id: academy_core::ids::generate(),
        batch_id: BATCH.into(),
        batch_number: "07".into(),
        lecture_number: n,
        title: format!("Lecture {n}"),
        url: String::new(),
        description: None,
        duration_secs: None,
        published: true,
        media: Some(LectureMedia {
            state: LectureState::Processing,
            source: Some(format!("s3://lectures-bucket/{key}")),
            job_id: job.map(str::to_owned),
            updated_at: 1,
            ..LectureMedia::default()
        }),
    };
    store.put_lecture(&video).await.unwrap();
    video
}

/// The lecture once it is no longer processing (at most `secs`).
async fn settled(store: &Store, n: u32, secs: u64) -> Lecture {
    let deadline = tokio::time::Instant::now() + Duration::from_secs(secs);
    loop {
        let video = store.get_lecture(BATCH, n).await.unwrap().unwrap();
        if video.state() != LectureState::Processing {
            return video;
        }
        assert!(tokio::time::Instant::now() < deadline, "still processing: {:?}", video.media);
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
}

fn key_of(url: &str) -> &str {
    academy_core::domain::parse_s3_url(url).unwrap().1
}

/// Keyframe times of a rendition, by ffprobe.
fn keyframes(playlist: &Path) -> Vec<String> {
    let out = Command::new("ffprobe")
        .args(["-v", "error", "-select_streams", "v:0", "-skip_frame", "nokey", "-show_entries", "frame=pts_time"])
        .args(["-of", "csv=p=0"])
        .arg(playlist)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap().lines().map(|l| l.trim().trim_end_matches(',').to_owned()).collect()
}

#[tokio::test]
async fn a_720p_recording_becomes_the_360_540_720_ladder() {
    let store = support::seeded(support::sqlite_store()).await;
    let root = folder();
    let video_id = "0123456789abcdef01234567";
    let key = source_key(BATCH, video_id, "20261125", "mp4");
    clip(&root.join(&key), "1280x720", 20);
    let mut video = processing(&store, 41, &key, None).await;
    video.id = video_id.into();
    store.put_lecture(&video).await.unwrap();

    let worker = LocalWorker::start(store.clone(), &root, Tools::default());
    worker.uploaded(BATCH, 41).await.unwrap();
    let ready = settled(&store, 41, 240).await;

    let media = ready.media.clone().unwrap();
    assert_eq!(media.state, LectureState::Ready, "{:?}", media.failure);
    assert_eq!(media.rungs, [360, 540, 720]);
    assert!((media.duration_secs.unwrap() - 20.0).abs() < 0.5, "{:?}", media.duration_secs);
    let master = media.master.clone().unwrap();
    let job = media.job_id.clone().unwrap();
    assert_eq!(key_of(&master), format!("{}master.m3u8", hls_folder(BATCH, video_id, &job)));
    assert_eq!(ready.url, master, "the lecture plays its master playlist");
    assert!(master.starts_with("s3://lectures-bucket/"));
    assert!(root.join(key_of(media.poster.as_ref().unwrap())).metadata().unwrap().len() > 1000, "a poster");

    // The master playlist names each rung, lowest first.
    let out = root.join(hls_folder(BATCH, video_id, &job));
    let text = std::fs::read_to_string(out.join("master.m3u8")).unwrap();
    let variants: Vec<&str> = text.lines().filter(|l| l.ends_with(".m3u8")).collect();
    assert_eq!(variants, ["master_360p.m3u8", "master_540p.m3u8", "master_720p.m3u8"], "{text}");
    for (resolution, rung) in [("640x360", "360p"), ("960x540", "540p"), ("1280x720", "720p")] {
        assert!(text.contains(&format!("RESOLUTION={resolution}")), "{rung}: {text}");
    }

    // Segments of the spec's length (the last may be shorter), and keyframes on the same 2 s grid in every rung.
    let segment = f64::from(Ladder::bundled().segment_seconds);
    let mut grids = Vec::new();
    for rung in ["360p", "540p", "720p"] {
        let playlist = out.join(format!("master_{rung}.m3u8"));
        let text = std::fs::read_to_string(&playlist).unwrap();
        assert!(text.contains("#EXT-X-PLAYLIST-TYPE:VOD"), "{text}");
        let durations: Vec<f64> = text
            .lines()
            .filter_map(|l| l.strip_prefix("#EXTINF:"))
            .map(|d| d.trim_end_matches(',').parse().unwrap())
            .collect();
        assert!(durations.len() >= 3, "{durations:?}");
        for d in &durations[..durations.len() - 1] {
            assert!((d - segment).abs() < 0.1, "{rung}: {durations:?}");
        }
        let frames = keyframes(&playlist);
        assert!(frames.len() >= 10, "{rung}: {frames:?}");
        grids.push(frames);
    }
    assert_eq!(grids[0], grids[1], "360p and 540p keyframes align");
    assert_eq!(grids[0], grids[2], "360p and 720p keyframes align");
    let _ = std::fs::remove_dir_all(&root);
}

#[tokio::test]
async fn a_corrupt_recording_fails_with_ffmpegs_reason_and_text_as_not_a_video() {
    let store = support::seeded(support::sqlite_store()).await;
    let root = folder();
    // An MP4's first box, then garbage: ffmpeg's reason, without its heap address.
    let key = source_key(BATCH, "aaaaaaaaaaaaaaaaaaaaaaaa", "1", "mp4");
    std::fs::create_dir_all(root.join(&key).parent().unwrap()).unwrap();
    std::fs::write(root.join(&key), b"\0\0\0\x18ftypisom\0\0\x02\0isomiso2 and then this is not a video at all")
        .unwrap();
    processing(&store, 42, &key, None).await;
    let text = source_key(BATCH, "dddddddddddddddddddddddd", "1", "mp4");
    std::fs::create_dir_all(root.join(&text).parent().unwrap()).unwrap();
    std::fs::write(root.join(&text), b"this is not a video at all").unwrap();
    processing(&store, 45, &text, None).await;

    let worker = LocalWorker::start(store.clone(), &root, Tools::default());
    worker.uploaded(BATCH, 42).await.unwrap();
    worker.uploaded(BATCH, 45).await.unwrap();
    let failed = settled(&store, 42, 60).await;
    let media = failed.media.unwrap();
    assert_eq!(media.state, LectureState::Failed);
    let reason = media.failure.unwrap();
    assert!(reason.contains("Invalid data"), "{reason}");
    assert!(!reason.contains(root.to_str().unwrap()), "no server path in {reason}");
    assert!(!reason.contains(" @ 0x"), "no heap address in {reason}");
    let media = settled(&store, 45, 60).await.media.unwrap();
    assert_eq!((media.state, media.failure.as_deref()), (LectureState::Failed, Some(NOT_VIDEO)));
    let _ = std::fs::remove_dir_all(&root);
}

#[tokio::test]
async fn a_server_without_ffmpeg_fails_the_lecture_saying_so() {
    let store = support::seeded(support::sqlite_store()).await;
    let root = folder();
    let key = source_key(BATCH, "bbbbbbbbbbbbbbbbbbbbbbbb", "1", "mp4");
    std::fs::create_dir_all(root.join(&key).parent().unwrap()).unwrap();
    clip(&root.join(&key), "320x240", 1);
    processing(&store, 43, &key, None).await;
    let nowhere =
        Tools { ffmpeg: "/nonexistent/ffmpeg".into(), ffprobe: "/nonexistent/ffprobe".into(), ..Tools::default() };

    let worker = LocalWorker::start(store.clone(), &root, nowhere);
    worker.retry(BATCH, 43).await.unwrap();
    let media = settled(&store, 43, 30).await.media.unwrap();
    assert_eq!(
        (media.state, media.failure.as_deref()),
        (LectureState::Failed, Some("ffmpeg is not installed on this server"))
    );
    let _ = std::fs::remove_dir_all(&root);
}

#[tokio::test]
async fn a_lecture_left_processing_is_picked_up_at_start_and_its_half_written_job_removed() {
    // GIVEN a lecture the server stopped in the middle of (job "stopped" half-written)
    let store = support::seeded(support::sqlite_store()).await;
    let root = folder();
    let video_id = "cccccccccccccccccccccccc";
    let key = source_key(BATCH, video_id, "1", "mp4");
    // (a recording below the lowest rung: it gets one rung at its own height)
    clip(&root.join(&key), "426x240", 4);
    let mut video = processing(&store, 44, &key, Some("stopped")).await;
    video.id = video_id.into();
    store.put_lecture(&video).await.unwrap();
    let half = root.join(hls_folder(BATCH, video_id, "stopped"));
    std::fs::create_dir_all(&half).unwrap();
    std::fs::write(half.join("master_360p_00000.ts"), b"partial").unwrap();

    // WHEN the worker starts, with nothing queued
    let _worker = LocalWorker::start(store.clone(), &root, Tools::default());

    // THEN the lecture is transcoded anew and the old folder is gone
    let media = settled(&store, 44, 120).await.media.unwrap();
    assert_eq!(media.state, LectureState::Ready, "{:?}", media.failure);
    assert_eq!(media.rungs, [240]);
    let out = root.join(hls_folder(BATCH, video_id, media.job_id.as_deref().unwrap()));
    let master = std::fs::read_to_string(out.join("master.m3u8")).unwrap();
    assert!(master.contains("RESOLUTION=426x240") && master.contains("master_240p.m3u8"), "{master}");
    assert_ne!(media.job_id.as_deref(), Some("stopped"));
    assert!(!half.exists(), "the stopped job's output is removed");
    let _ = std::fs::remove_dir_all(&root);
}

/// Limits short enough for a test, long enough for a busy machine's real runs of 1-2 s clips.
fn test_limits(short_run: u64, stall: u64) -> Limits {
    Limits {
        short_run: Duration::from_secs(short_run),
        transcode_base: Duration::from_secs(90),
        per_media_second: 10.0,
        stall: Duration::from_secs(stall),
    }
}

/// A lecture numbered `n` whose uploaded recording (`stamp.extension`) holds `bytes`.
async fn uploaded(store: &Store, root: &Path, n: u32, stamp: &str, extension: &str, bytes: Option<&[u8]>) -> Lecture {
    let video_id = academy_core::ids::generate();
    let key = source_key(BATCH, &video_id, stamp, extension);
    match bytes {
        Some(bytes) => {
            std::fs::create_dir_all(root.join(&key).parent().unwrap()).unwrap();
            std::fs::write(root.join(&key), bytes).unwrap();
        }
        None => clip(&root.join(&key), "320x240", 2),
    }
    let mut video = processing(store, n, &key, None).await;
    video.id = video_id;
    store.put_lecture(&video).await.unwrap();
    video
}

async fn playlists_and_manifests_fail_as_not_video_and_the_recording_queued_after_them_is_ready(store: Store) {
    // GIVEN a file outside every lecture's folder, and uploads that are playlists naming it: a live
    // HLS playlist (no end, an hour a segment), one naming its absolute path, one reaching it with
    // ../ (named .mp4), and a DASH manifest with a file:// URL
    let store = support::seeded(store).await;
    let root = folder();
    let outside = root.join("outside.mp4");
    clip(&outside, "320x240", 2);
    let outside = outside.display().to_string();
    let live = format!("#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:3600\n#EXTINF:3600.0,\n{outside}\n");
    let absolute = format!("#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\n{outside}\n#EXT-X-ENDLIST\n");
    let relative =
        "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\n../../../../outside.mp4\n#EXT-X-ENDLIST\n".to_owned();
    let dash = format!(
        "<?xml version=\"1.0\"?>\n<MPD xmlns=\"urn:mpeg:dash:schema:mpd:2011\" type=\"static\" mediaPresentationDuration=\"PT2S\" \
         profiles=\"urn:mpeg:dash:profile:isoff-on-demand:2011\"><Period><AdaptationSet mimeType=\"video/mp4\"><Representation \
         id=\"1\" bandwidth=\"100000\"><BaseURL>file://{outside}</BaseURL></Representation></AdaptationSet></Period></MPD>\n"
    );
    let bad = [(51, "m3u8", live), (52, "m3u8", absolute), (53, "mp4", relative), (54, "mpd", dash)];
    for (n, extension, text) in &bad {
        uploaded(&store, &root, *n, "1", extension, Some(text.as_bytes())).await;
    }
    let good = uploaded(&store, &root, 55, "1", "mp4", None).await;

    // WHEN all five are queued, the good one last
    let worker = LocalWorker::start(store.clone(), &root, Tools { limits: test_limits(30, 30), ..Tools::default() });
    for n in 51..=55 {
        worker.uploaded(BATCH, n).await.unwrap();
    }

    // THEN the good one is ready well within two minutes, and each playlist failed as not a video,
    // its output folder gone
    let ready = settled(&store, 55, 120).await.media.unwrap();
    assert_eq!(ready.state, LectureState::Ready, "{:?}", ready.failure);
    assert_eq!(ready.rungs, [240]);
    for (n, extension, _) in &bad {
        let video = settled(&store, *n, 5).await;
        let media = video.media.clone().unwrap();
        assert_eq!((media.state, media.failure.as_deref()), (LectureState::Failed, Some(NOT_VIDEO)), "{extension}");
        assert!(!root.join(format!("lectures/{BATCH}/{}/hls", video.id)).exists(), "{extension}: no output");
    }
    assert!(root.join(key_of(&good.media.unwrap().source.unwrap())).exists());
    let _ = std::fs::remove_dir_all(&root);
}

async fn a_wedged_run_is_killed_at_its_limit_the_queue_goes_on_and_retry_works(store: Store) {
    // GIVEN an ffprobe that never answers on one recording, an ffmpeg that never progresses on
    // another, and a good recording queued after both
    let store = support::seeded(store).await;
    let root = folder();
    let (tools, dir) = support::wedging_tools(test_limits(10, 5));
    uploaded(&store, &root, 61, "wedge-ffprobe", "mp4", None).await;
    uploaded(&store, &root, 62, "wedge-ffmpeg", "mp4", None).await;
    uploaded(&store, &root, 63, "1", "mp4", None).await;
    let worker = LocalWorker::start(store.clone(), &root, tools);
    for n in 61..=63 {
        worker.uploaded(BATCH, n).await.unwrap();
    }

    // THEN each wedged run is killed with its children and its lecture failed with the reason
    let probe = settled(&store, 61, 60).await.media.unwrap();
    assert_eq!(probe.state, LectureState::Failed);
    let reason = probe.failure.unwrap();
    assert!(reason.starts_with("processing stopped after 10 s"), "{reason}");
    let encode = settled(&store, 62, 60).await.media.unwrap();
    assert_eq!(encode.failure.as_deref(), Some("processing stopped: ffmpeg made no progress for 5 s"));
    let mut pids = support::wedged_pids(&dir, "ffprobe").await;
    pids.extend(support::wedged_pids(&dir, "ffmpeg").await);
    assert!(support::all_stopped(&pids).await, "a wedged run or its child is still alive: {pids:?}");
    // and the recording behind them is ready
    let ready = settled(&store, 63, 120).await.media.unwrap();
    assert_eq!(ready.state, LectureState::Ready, "{:?}", ready.failure);

    // WHEN the first is retried, ffprobe answering this time
    std::fs::remove_file(dir.join("wedge-ffprobe")).unwrap();
    let mut video = store.get_lecture(BATCH, 61).await.unwrap().unwrap();
    let media = video.media.as_mut().unwrap();
    (media.state, media.failure) = (LectureState::Processing, None); // the console's doing
    store.put_lecture(&video).await.unwrap();
    worker.retry(BATCH, 61).await.unwrap();
    // THEN it is ready
    let retried = settled(&store, 61, 120).await.media.unwrap();
    assert_eq!(retried.state, LectureState::Ready, "{:?}", retried.failure);
    let _ = std::fs::remove_dir_all(&root);
    let _ = std::fs::remove_dir_all(&dir);
}

async fn a_stopped_worker_leaves_no_run_behind_and_the_next_start_transcodes_the_lecture(store: Store) {
    // GIVEN a worker whose ffprobe is wedged on a lecture (limits far away)
    let store = support::seeded(store).await;
    let root = folder();
    let (tools, dir) = support::wedging_tools(test_limits(600, 600));
    uploaded(&store, &root, 71, "wedge-ffprobe", "mp4", None).await;
    let worker = LocalWorker::start(store.clone(), &root, tools.clone());
    worker.uploaded(BATCH, 71).await.unwrap();
    let pids = support::wedged_pids(&dir, "ffprobe").await;

    // WHEN the server stops (the worker is dropped)
    drop(worker);
    // THEN its run and the run's child are gone
    assert!(support::all_stopped(&pids).await, "the old run is still alive: {pids:?}");

    // WHEN it starts again, ffprobe answering
    std::fs::remove_file(dir.join("wedge-ffprobe")).unwrap();
    let _worker = LocalWorker::start(store.clone(), &root, tools);
    // THEN the lecture left processing is transcoded
    let media = settled(&store, 71, 120).await.media.unwrap();
    assert_eq!(media.state, LectureState::Ready, "{:?}", media.failure);
    let _ = std::fs::remove_dir_all(&root);
    let _ = std::fs::remove_dir_all(&dir);
}

async fn a_recording_whose_pictures_end_before_its_sound_has_a_poster(store: Store) {
    // GIVEN 1 s of pictures and 8 s of sound: nothing to see at the poster's moment (5 s)
    let store = support::seeded(store).await;
    let root = folder();
    let video_id = academy_core::ids::generate();
    let key = source_key(BATCH, &video_id, "1", "mp4");
    std::fs::create_dir_all(root.join(&key).parent().unwrap()).unwrap();
    let status = Command::new("ffmpeg")
        .args([
            "-hide_banner",
            "-loglevel",
            "error",
            "-y",
            "-f",
            "lavfi",
            "-t",
            "1",
            "-i",
            "testsrc2=size=320x240:rate=25",
        ])
        .args(["-f", "lavfi", "-t", "8", "-i", "sine=frequency=440:sample_rate=48000"])
        .args(["-c:v", "libx264", "-preset", "ultrafast", "-pix_fmt", "yuv420p", "-c:a", "aac"])
        .arg(root.join(&key))
        .status()
        .unwrap();
    assert!(status.success());
    let mut video = processing(&store, 81, &key, None).await;
    video.id = video_id;
    store.put_lecture(&video).await.unwrap();

    let worker = LocalWorker::start(store.clone(), &root, Tools::default());
    worker.uploaded(BATCH, 81).await.unwrap();
    let media = settled(&store, 81, 120).await.media.unwrap();
    assert_eq!(media.state, LectureState::Ready, "{:?}", media.failure);
    // THEN the poster the record names exists
    let poster = media.poster.expect("a poster: the first frame");
    assert!(root.join(key_of(&poster)).metadata().is_ok_and(|m| m.len() > 1000), "{poster} was not written");
    let _ = std::fs::remove_dir_all(&root);
}

on_both_stores!(
    playlists_and_manifests_fail_as_not_video_and_the_recording_queued_after_them_is_ready,
    a_wedged_run_is_killed_at_its_limit_the_queue_goes_on_and_retry_works,
    a_stopped_worker_leaves_no_run_behind_and_the_next_start_transcodes_the_lecture,
    a_recording_whose_pictures_end_before_its_sound_has_a_poster,
);

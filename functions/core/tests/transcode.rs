//! The `transcode` function's handling of each event, against a local server speaking
//! MediaConvert's wire format (`POST /2017-08-29/probe`, `POST /2017-08-29/jobs` → 201) on the
//! SQLite store (and, for what the recording is, on both stores), each recording's first bytes read
//! from S3 in moto; and the CreateJob body the ladder spec gives, kept in `infra/media/create-job.json`
//! for `infra/tests/test_mediaconvert.py` to check against MediaConvert's service model.

use crate::support;

use academy_core::domain::{Lecture, LectureMedia, LectureState};
use academy_core::media::container::NOT_VIDEO;
use academy_core::media::ladder::Ladder;
use academy_core::media::mediaconvert::{create_job_body, JobFor, JobRequest, MediaConvert};
use academy_core::media::transcode::on_event;
use academy_core::store::{CatalogRecords, Store};
use aws_credential_types::provider::SharedCredentialsProvider;
use aws_credential_types::Credentials;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use axum::{Json, Router};
use serde_json::{json, Value};
use std::sync::{Arc, Mutex};

const BATCH: &str = "665f1c2a9b3e4d0012a1c001";
const VIDEO: &str = "0123456789abcdef01234567";
const ROLE: &str = "arn:aws:iam::123456789012:role/academy-MediaConvertRole";

/// What the fake MediaConvert saw: each call's path, whether it was signed, and its body.
#[derive(Default)]
pub struct Seen {
    pub calls: Vec<(String, bool, Value)>,
    /// Jobs created (never cleared: each gets a new id).
    pub jobs: usize,
}

#[derive(Clone, Copy)]
enum Behaviour {
    Accept { height: u64 },
    Refuse,
}

async fn api(
    State((behaviour, seen)): State<(Behaviour, Arc<Mutex<Seen>>)>,
    Path(operation): Path<String>,
    headers: HeaderMap,
    Json(body): Json<Value>,
) -> (StatusCode, Json<Value>) {
    let signed = headers.get("authorization").and_then(|v| v.to_str().ok()).is_some_and(|v| {
        v.starts_with("AWS4-HMAC-SHA256 Credential=AKIDTEST/") && v.contains("/mediaconvert/aws4_request")
    });
    seen.lock().unwrap().calls.push((format!("/2017-08-29/{operation}"), signed, body.clone()));
    match (behaviour, operation.as_str()) {
        (Behaviour::Refuse, _) => (
            StatusCode::BAD_REQUEST,
            Json(json!({"message": "Unable to open input file [s3://x]: [Failed probe/open]"})),
        ),
        (Behaviour::Accept { height }, "probe") => (
            StatusCode::OK,
            Json(json!({"probeResults": [{"container": {"format": "mp4", "tracks": [
                {"index": 1, "trackType": "video", "codec": "H_264", "videoProperties": {"height": height, "width": height * 16 / 9}},
                {"index": 2, "trackType": "audio", "codec": "AAC", "audioProperties": {"channels": 2, "sampleRate": 48000}}
            ]}}]})),
        ),
        (Behaviour::Accept { .. }, "jobs") => {
            let count = {
                let mut seen = seen.lock().unwrap();
                seen.jobs += 1;
                seen.jobs
            };
            (
                StatusCode::CREATED,
                Json(json!({"job": {"id": format!("1764100000000-job{count}"), "status": "SUBMITTED",
                                    "role": body["role"], "settings": body["settings"]}})),
            )
        }
        _ => (StatusCode::NOT_FOUND, Json(json!({"message": "no such operation"}))),
    }
}

/// A local MediaConvert and the client that calls it.
pub async fn fake_mediaconvert(height: Option<u64>) -> (MediaConvert, Arc<Mutex<Seen>>) {
    let seen = Arc::new(Mutex::new(Seen::default()));
    let behaviour = height.map_or(Behaviour::Refuse, |height| Behaviour::Accept { height });
    let app = Router::new().route("/2017-08-29/{operation}", post(api)).with_state((behaviour, seen.clone()));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    let credentials = SharedCredentialsProvider::new(Credentials::new("AKIDTEST", "secret", None, None, "test"));
    let client = MediaConvert::new("eu-west-2", Some(base), credentials, ROLE.into(), None).unwrap();
    (client, seen)
}

/// A lectures bucket of its own in moto, and an S3 client on it.
async fn recordings() -> (aws_sdk_s3::Client, String) {
    let config = support::moto_config().await;
    let s3 = aws_sdk_s3::Client::from_conf(support::moto_s3(&config).build());
    let bucket = format!("academy-lectures-{}", academy_core::ids::generate());
    support::create_bucket(&s3, &bucket).await;
    (s3, bucket)
}

/// A lecture whose upload the console completed (processing, its source recorded), the demo
/// clip stored as its recording.
async fn uploaded_lecture(store: &Store, n: u32, s3: &aws_sdk_s3::Client, bucket: &str) -> String {
    let key = format!("lectures/{BATCH}/{VIDEO}/source/20261125.mp4");
    recording_of(store, n, VIDEO, s3, bucket, &key, support::sample_clip()).await
}

/// Lecture `n` (id `video_id`), processing the recording `bytes` stored at `key`; its source URL.
async fn recording_of(
    store: &Store,
    n: u32,
    video_id: &str,
    s3: &aws_sdk_s3::Client,
    bucket: &str,
    key: &str,
    bytes: Vec<u8>,
) -> String {
    s3.put_object().bucket(bucket).key(key).body(bytes.into()).send().await.unwrap();
    let source = format!("s3://{bucket}/{key}");
    let video = Lecture {
        id: video_id.into(),
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
            source: Some(source.clone()),
            updated_at: 100,
            ..LectureMedia::default()
        }),
    };
    store.put_lecture(&video).await.unwrap();
    source
}

fn upload_event(source: &str) -> Value {
    let (bucket, key) = academy_core::domain::parse_s3_url(source).unwrap();
    let mut event: Value = serde_json::from_str(
        &std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../infra/events/transcode.json")).unwrap(),
    )
    .unwrap();
    event["detail"]["bucket"]["name"] = bucket.into();
    event["detail"]["object"]["key"] = key.into();
    event
}

fn job_event(job: &str, status: &str, detail: Value) -> Value {
    let mut event = json!({"version": "0", "id": "e1", "source": "aws.mediaconvert", "detail-type": "MediaConvert Job State Change",
        "account": "123456789012", "region": "eu-west-2", "time": "2026-11-25T20:00:00Z", "resources": [],
        "detail": {"timestamp": 1764100000000u64, "accountId": "123456789012", "queue": "arn:aws:mediaconvert:eu-west-2:123456789012:queues/Default",
                   "jobId": job, "status": status,
                   "userMetadata": {"batchId": BATCH, "lectureNumber": "5", "videoId": VIDEO, "app": "academy"}}});
    for (k, v) in detail.as_object().unwrap() {
        event["detail"][k] = v.clone();
    }
    event
}

fn complete(job: &str, folder: &str) -> Value {
    job_event(
        job,
        "COMPLETE",
        json!({"outputGroupDetails": [
            {"type": "HLS_GROUP", "playlistFilePaths": [format!("{folder}master.m3u8")], "outputDetails": [
                {"outputFilePaths": [format!("{folder}master_360p.m3u8")], "durationInMs": 1_800_000, "videoDetails": {"widthInPx": 640, "heightInPx": 360}},
                {"outputFilePaths": [format!("{folder}master_540p.m3u8")], "durationInMs": 1_800_000, "videoDetails": {"widthInPx": 960, "heightInPx": 540}},
                {"outputFilePaths": [format!("{folder}master_720p.m3u8")], "durationInMs": 1_800_040, "videoDetails": {"widthInPx": 1280, "heightInPx": 720}}]},
            {"type": "FILE_GROUP", "outputDetails": [
                {"outputFilePaths": [format!("{folder}poster.0000001.jpg")], "durationInMs": 1_800_000, "videoDetails": {"widthInPx": 1280, "heightInPx": 720}}]}
        ]}),
    )
}

async fn media(store: &Store) -> LectureMedia {
    store.get_lecture(BATCH, 5).await.unwrap().unwrap().media.unwrap()
}

#[tokio::test]
async fn an_upload_starts_one_signed_job_on_the_rungs_that_fit_and_its_events_make_the_lecture_ready() {
    let store = support::seeded(support::sqlite_store()).await;
    let (mediaconvert, seen) = fake_mediaconvert(Some(720)).await;
    let (s3, bucket) = recordings().await;
    let source = uploaded_lecture(&store, 5, &s3, &bucket).await;

    // An upload: probe, then CreateJob, both signed; the job recorded.
    on_event(&store, &mediaconvert, &s3, &upload_event(&source), 200).await.unwrap();
    let calls = std::mem::take(&mut seen.lock().unwrap().calls);
    let paths: Vec<(&str, bool)> = calls.iter().map(|(p, s, _)| (p.as_str(), *s)).collect();
    assert_eq!(paths, [("/2017-08-29/probe", true), ("/2017-08-29/jobs", true)]);
    assert_eq!(calls[0].2, json!({"inputFiles": [{"fileUrl": source}]}));
    let body = &calls[1].2;
    assert_eq!(body["role"], ROLE);
    assert_eq!(body["settings"]["inputs"][0]["fileInput"], source.as_str());
    assert_eq!(
        body["userMetadata"],
        json!({"batchId": BATCH, "lectureNumber": "5", "videoId": VIDEO, "app": "academy"})
    );
    let heights: Vec<u64> = body["settings"]["outputGroups"][0]["outputs"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["videoDescription"]["height"].as_u64().unwrap())
        .collect();
    assert_eq!(heights, [360, 540, 720], "no rung above the source");
    let destination = body["settings"]["outputGroups"][0]["outputGroupSettings"]["hlsGroupSettings"]["destination"]
        .as_str()
        .unwrap()
        .to_owned();
    let folder = destination.strip_suffix("master").unwrap().to_owned();
    assert!(folder.starts_with(&format!("s3://{bucket}/lectures/{BATCH}/{VIDEO}/hls/")), "{folder}");
    let recorded = media(&store).await;
    assert_eq!(
        (recorded.state, recorded.job_id.as_deref(), recorded.percent),
        (LectureState::Processing, Some("1764100000000-job1"), Some(0))
    );

    // The same upload event again: nothing new.
    on_event(&store, &mediaconvert, &s3, &upload_event(&source), 201).await.unwrap();
    assert!(seen.lock().unwrap().calls.is_empty(), "a repeated event starts no second job");

    // Progress, out of order, then complete.
    let job = "1764100000000-job1";
    on_event(&store, &mediaconvert, &s3, &job_event(job, "PROGRESSING", json!({})), 210).await.unwrap();
    let progress = |p: u64| {
        job_event(
            job,
            "STATUS_UPDATE",
            json!({"jobProgress": {"jobPercentComplete": p, "currentPhase": "TRANSCODING"}}),
        )
    };
    on_event(&store, &mediaconvert, &s3, &progress(40), 220).await.unwrap();
    on_event(&store, &mediaconvert, &s3, &progress(25), 230).await.unwrap();
    assert_eq!(media(&store).await.percent, Some(40));
    // A stale job's events change nothing.
    on_event(&store, &mediaconvert, &s3, &job_event("1764000000000-old", "ERROR", json!({"errorMessage": "old"})), 235)
        .await
        .unwrap();
    assert_eq!(media(&store).await.state, LectureState::Processing);
    on_event(&store, &mediaconvert, &s3, &complete(job, &folder), 240).await.unwrap();
    let video = store.get_lecture(BATCH, 5).await.unwrap().unwrap();
    let ready = video.media.clone().unwrap();
    assert_eq!(ready.state, LectureState::Ready);
    assert_eq!(ready.master.as_deref(), Some(format!("{folder}master.m3u8").as_str()));
    assert_eq!(ready.poster.as_deref(), Some(format!("{folder}poster.0000001.jpg").as_str()));
    assert_eq!((ready.duration_secs, ready.rungs.clone(), ready.percent), (Some(1800.04), vec![360, 540, 720], None));
    assert_eq!(video.url, format!("{folder}master.m3u8"));
    // Complete again (EventBridge delivers at least once): unchanged.
    on_event(&store, &mediaconvert, &s3, &complete(job, &folder), 250).await.unwrap();
    assert_eq!(media(&store).await.updated_at, 240);
}

#[tokio::test]
async fn an_error_fails_the_lecture_and_a_retry_starts_a_new_job() {
    let store = support::seeded(support::sqlite_store()).await;
    let (mediaconvert, seen) = fake_mediaconvert(Some(1080)).await;
    let (s3, bucket) = recordings().await;
    let source = uploaded_lecture(&store, 5, &s3, &bucket).await;
    on_event(&store, &mediaconvert, &s3, &upload_event(&source), 200).await.unwrap();
    let first = media(&store).await.job_id.unwrap();
    let error =
        json!({"errorCode": 1010, "errorMessage": "Unable to open input file: the file is not a supported media file"});
    on_event(&store, &mediaconvert, &s3, &job_event(&first, "ERROR", error), 210).await.unwrap();
    let failed = media(&store).await;
    assert_eq!(failed.state, LectureState::Failed);
    assert_eq!(failed.failure.as_deref(), Some("Unable to open input file: the file is not a supported media file"));

    // Staff press Retry: the console marks it processing and sends the event.
    let mut video = store.get_lecture(BATCH, 5).await.unwrap().unwrap();
    let m = video.media.as_mut().unwrap();
    (m.state, m.failure, m.updated_at) = (LectureState::Processing, None, 300);
    store.put_lecture(&video).await.unwrap();
    seen.lock().unwrap().calls.clear();
    let retry = json!({"version": "0", "source": "academy.lectures", "detail-type": "Lecture transcode requested",
                       "detail": {"batchId": BATCH, "lectureNumber": 5}});
    on_event(&store, &mediaconvert, &s3, &retry, 310).await.unwrap();
    let calls = std::mem::take(&mut seen.lock().unwrap().calls);
    assert_eq!(calls.len(), 2);
    let heights = calls[1].2["settings"]["outputGroups"][0]["outputs"].as_array().unwrap().len();
    assert_eq!(heights, 4, "a 1080p source gets every rung");
    let second = media(&store).await;
    assert_eq!(second.state, LectureState::Processing);
    assert_ne!(second.job_id.as_deref(), Some(first.as_str()));
    // The first job's late events are ignored.
    on_event(&store, &mediaconvert, &s3, &job_event(&first, "ERROR", json!({"errorMessage": "late"})), 320)
        .await
        .unwrap();
    assert_eq!(media(&store).await.state, LectureState::Processing);
}

#[tokio::test]
async fn a_refused_job_fails_the_lecture_with_mediaconverts_reason() {
    let store = support::seeded(support::sqlite_store()).await;
    let (mediaconvert, _) = fake_mediaconvert(None).await;
    let (s3, bucket) = recordings().await;
    let source = uploaded_lecture(&store, 5, &s3, &bucket).await;
    on_event(&store, &mediaconvert, &s3, &upload_event(&source), 200).await.unwrap();
    let failed = media(&store).await;
    assert_eq!(failed.state, LectureState::Failed);
    let reason = failed.failure.unwrap();
    assert!(reason.contains("Unable to open input file"), "{reason}");
}

#[tokio::test]
async fn events_for_other_keys_and_sources_change_nothing() {
    let store = support::seeded(support::sqlite_store()).await;
    let (mediaconvert, seen) = fake_mediaconvert(Some(720)).await;
    let (s3, bucket) = recordings().await;
    uploaded_lecture(&store, 5, &s3, &bucket).await;
    let hls = format!("s3://{bucket}/lectures/{BATCH}/{VIDEO}/hls/j/master_360p_00001.ts");
    on_event(&store, &mediaconvert, &s3, &upload_event(&hls), 200).await.unwrap();
    let other = json!({"source": "aws.ec2", "detail-type": "EC2 Instance State-change Notification", "detail": {}});
    on_event(&store, &mediaconvert, &s3, &other, 200).await.unwrap();
    assert!(seen.lock().unwrap().calls.is_empty());
    assert_eq!(media(&store).await.updated_at, 100);
}

async fn playlists_and_manifests_fail_as_not_video_before_any_job_and_a_recording_after_them_gets_one(store: Store) {
    // GIVEN uploads that are playlists and manifests, which MediaConvert would follow: a live HLS
    // playlist, one naming another object, one reaching out with ../ (named .mp4), a DASH manifest
    // with a file:// URL
    let store = support::seeded(store).await;
    let (mediaconvert, seen) = fake_mediaconvert(Some(720)).await;
    let (s3, bucket) = recordings().await;
    let other = format!("s3://{bucket}/lectures/{BATCH}/other/source/1.mp4");
    let uploads = [
        ("m3u8", "#EXTM3U\n#EXT-X-TARGETDURATION:3600\n#EXTINF:3600.0,\n/etc/outside.mp4\n".to_owned()),
        ("m3u8", format!("#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\n{other}\n#EXT-X-ENDLIST\n")),
        ("mp4", "#EXTM3U\n#EXT-X-TARGETDURATION:2\n#EXTINF:2.0,\n../../../../outside.mp4\n#EXT-X-ENDLIST\n".to_owned()),
        ("mpd", "<?xml version=\"1.0\"?><MPD xmlns=\"urn:mpeg:dash:schema:mpd:2011\"><Period><AdaptationSet><Representation id=\"1\" bandwidth=\"1\"><BaseURL>file:///etc/outside.mp4</BaseURL></Representation></AdaptationSet></Period></MPD>".to_owned()),
    ];
    for (i, (extension, text)) in uploads.iter().enumerate() {
        let n = 11 + i as u32;
        let video_id = format!("{:024x}", n);
        let key = format!("lectures/{BATCH}/{video_id}/source/1.{extension}");
        let source = recording_of(&store, n, &video_id, &s3, &bucket, &key, text.clone().into_bytes()).await;
        // WHEN its upload event comes
        on_event(&store, &mediaconvert, &s3, &upload_event(&source), 200).await.unwrap();
        // THEN the lecture failed as not a video, and MediaConvert was not called
        let media = store.get_lecture(BATCH, n).await.unwrap().unwrap().media.unwrap();
        assert_eq!((media.state, media.failure.as_deref()), (LectureState::Failed, Some(NOT_VIDEO)), "{extension}");
        assert!(seen.lock().unwrap().calls.is_empty(), "{extension}: no probe, no job");
    }
    // A retry of one finds it as it is.
    let mut video = store.get_lecture(BATCH, 11).await.unwrap().unwrap();
    let m = video.media.as_mut().unwrap();
    (m.state, m.failure, m.updated_at) = (LectureState::Processing, None, 300);
    store.put_lecture(&video).await.unwrap();
    let retry = json!({"version": "0", "source": "academy.lectures", "detail-type": "Lecture transcode requested",
                       "detail": {"batchId": BATCH, "lectureNumber": 11}});
    on_event(&store, &mediaconvert, &s3, &retry, 310).await.unwrap();
    assert_eq!(store.get_lecture(BATCH, 11).await.unwrap().unwrap().media.unwrap().failure.as_deref(), Some(NOT_VIDEO));
    assert!(seen.lock().unwrap().calls.is_empty());

    // WHEN a real recording is uploaded after them THEN it is probed and its job created
    let source = uploaded_lecture(&store, 5, &s3, &bucket).await;
    on_event(&store, &mediaconvert, &s3, &upload_event(&source), 400).await.unwrap();
    let paths: Vec<String> = seen.lock().unwrap().calls.iter().map(|(p, _, _)| p.clone()).collect();
    assert_eq!(paths, ["/2017-08-29/probe", "/2017-08-29/jobs"]);
    assert_eq!(media(&store).await.job_id.as_deref(), Some("1764100000000-job1"));
}

on_both_stores!(playlists_and_manifests_fail_as_not_video_before_any_job_and_a_recording_after_them_gets_one);

/// The CreateJob body for a 1080p source with sound (every rung), as the code builds it, is the one
/// in `infra/media/create-job.json`, which the infra tests validate against botocore's model of
/// MediaConvert. A change to the spec or the code rewrites the file and fails here once.
#[test]
fn the_create_job_body_checked_against_mediaconverts_model_is_the_one_the_code_builds() {
    let ladder = Ladder::bundled();
    let lecture = JobFor { batch_id: BATCH.into(), lecture_number: 5, video_id: VIDEO.into() };
    let source = format!("s3://academy-lectures/lectures/{BATCH}/{VIDEO}/source/20261125.mp4");
    let destination = format!("s3://academy-lectures/lectures/{BATCH}/{VIDEO}/hls/0123456789abcdef01234567/");
    let rungs = ladder.rungs_for(1080);
    let job = JobRequest {
        source: &source,
        destination: &destination,
        rungs: &rungs,
        has_audio: true,
        lecture: &lecture,
        role: ROLE,
        queue: Some("arn:aws:mediaconvert:eu-west-2:123456789012:queues/Default"),
        client_request_token: "4f1c2b9e8d7a6f5e4d3c2b1a0f9e8d7c",
    };
    let generated = serde_json::to_string_pretty(&create_job_body(ladder, &job)).unwrap() + "\n";
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../infra/media/create-job.json");
    let stored = std::fs::read_to_string(path).unwrap_or_default();
    if stored != generated {
        std::fs::write(path, &generated).unwrap();
        panic!("infra/media/create-job.json was stale and is rewritten: run the infra tests and commit it");
    }
}

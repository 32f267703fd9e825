//! A recording transcoded to HLS, as a player meets it: the videos answer's signed link to the
//! master playlist, then every playlist through the lecture endpoint (the grant re-checked, each
//! URI rewritten to a signed URL), then the segments — from the local folder behind the lecture
//! endpoint's own links, or from S3 (moto) through presigned GETs. The fixture is a 4-second clip
//! that ffmpeg cuts into a two-rung fMP4 ladder.

use crate::support;

use academy_core::domain::{Lecture, LectureMedia, LectureState};
use academy_core::http::routes::{resolve, Service as _};
use academy_core::learning::api::PlaybackApi;
use academy_core::learning::lecture::{
    FolderFiles, KeySource, LectureFiles, LectureKeys, LectureLinks, S3Files, SegmentsCdn,
};
use academy_core::platform::lambda;
use academy_core::platform::lambda::dispatch_as;
use academy_core::platform::local::AppState;
use academy_core::platform::routes::dispatch;
use academy_core::store::{CatalogRecords, GrantRecords, Store};
use academy_core::time;
use lambda_http::http::HeaderMap;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::{Arc, OnceLock};
use support::{assert_error, call, request};

const MERN_07: &str = "665f1c2a9b3e4d0012a1c001";
const VIEWER: &str = "198.51.100.30";
const BUCKET: &str = "academy-lectures-hls";
const JOB: &str = "job1";
const CAPTIONS: &str = "WEBVTT\n\n00:00.000 --> 00:02.000\nHello, class.\n";
/// The ready recording's lecture number; 21 is still processing, 22 ready but unpublished.
const READY: u32 = 20;

fn ffmpeg(args: &[&str], dir: &Path) {
    let status = Command::new("ffmpeg")
        .args(["-hide_banner", "-loglevel", "error", "-y"])
        .args(args)
        .current_dir(dir)
        .status()
        .expect("ffmpeg runs (`make test` installs Debian's ffmpeg)");
    assert!(status.success(), "ffmpeg {args:?}");
}

/// The renditions folder of a 4 s 320x180 clip: `master.m3u8`, `360p/` and `540p/` (an init
/// segment, `init_{n}.mp4`, and four 1 s fMP4 segments each) and `poster.jpg`; made once per test run.
fn rendered() -> &'static Path {
    static DIR: OnceLock<PathBuf> = OnceLock::new();
    DIR.get_or_init(|| {
        let dir = std::env::temp_dir().join(format!("academy-hls-{}", academy_core::ids::generate()));
        std::fs::create_dir_all(&dir).unwrap();
        ffmpeg(
            &[
                "-f",
                "lavfi",
                "-i",
                "testsrc2=size=320x180:rate=25",
                "-f",
                "lavfi",
                "-i",
                "sine=frequency=440",
                "-t",
                "4",
                "-filter_complex",
                "[0:v]split=2[a][b];[a]scale=160:90[lo];[b]null[hi]",
                "-map",
                "[lo]",
                "-map",
                "1:a",
                "-map",
                "[hi]",
                "-map",
                "1:a",
                "-c:v",
                "libx264",
                "-preset",
                "ultrafast",
                "-pix_fmt",
                "yuv420p",
                "-g",
                "25",
                "-sc_threshold",
                "0",
                "-c:a",
                "aac",
                "-b:a",
                "64k",
                "-b:v:0",
                "100k",
                "-b:v:1",
                "300k",
                "-f",
                "hls",
                "-hls_time",
                "1",
                "-hls_playlist_type",
                "vod",
                "-hls_segment_type",
                "fmp4",
                "-hls_fmp4_init_filename",
                "init.mp4",
                "-hls_segment_filename",
                "%v/seg_%03d.m4s",
                "-master_pl_name",
                "master.m3u8",
                "-var_stream_map",
                "v:0,a:0,name:360p v:1,a:1,name:540p",
                "%v/index.m3u8",
            ],
            &dir,
        );
        ffmpeg(&["-f", "lavfi", "-i", "testsrc2=size=320x180:rate=25", "-frames:v", "1", "poster.jpg"], &dir);
        dir
    })
}

/// Every file of the rendered folder, by its path under it.
fn rendered_files() -> Vec<(String, Vec<u8>)> {
    fn walk(dir: &Path, prefix: &str, out: &mut Vec<(String, Vec<u8>)>) {
        for entry in std::fs::read_dir(dir).unwrap().map(Result::unwrap) {
            let name = format!("{prefix}{}", entry.file_name().to_string_lossy());
            if entry.file_type().unwrap().is_dir() {
                walk(&entry.path(), &format!("{name}/"), out);
            } else {
                out.push((name, std::fs::read(entry.path()).unwrap()));
            }
        }
    }
    let mut files = Vec::new();
    walk(rendered(), "", &mut files);
    files.sort();
    files
}

fn lecture_folder(video_id: &str) -> String {
    academy_core::media::lecture_folder(MERN_07, video_id)
}

fn s3(key: &str) -> String {
    format!("s3://{BUCKET}/{key}")
}

/// A console-uploaded lecture of MERN_07 in `state`, its media pointing at the rendered files.
async fn put_recording(store: &Store, number: u32, state: LectureState, published: bool) -> Lecture {
    let first = store.get_lecture(MERN_07, 1).await.unwrap().unwrap();
    let id = academy_core::ids::generate();
    let hls = academy_core::media::hls_folder(MERN_07, &id, JOB);
    let video = Lecture {
        id: id.clone(),
        lecture_number: number,
        title: format!("Recording {number}"),
        url: String::new(),
        description: Some("Uploaded in the console".into()),
        duration_secs: None,
        published,
        media: Some(LectureMedia {
            state,
            master: Some(s3(&format!("{hls}master.m3u8"))),
            poster: Some(s3(&format!("{hls}poster.jpg"))),
            captions: Some(s3(&academy_core::media::captions_key(MERN_07, &id, "1"))),
            source: Some(s3(&format!("{}source/1.mp4", lecture_folder(&id)))),
            duration_secs: Some(4.0),
            rungs: vec![360, 540],
            job_id: Some(JOB.into()),
            updated_at: time::now(),
            ..LectureMedia::default()
        }),
        ..first
    };
    store.put_lecture(&video).await.unwrap();
    video
}

/// The rendered files and captions of `video` under a local lecture folder `root`.
fn install(root: &Path, video: &Lecture) {
    let hls = root.join(academy_core::media::hls_folder(MERN_07, &video.id, JOB));
    for (name, bytes) in rendered_files() {
        let path = hls.join(name);
        std::fs::create_dir_all(path.parent().unwrap()).unwrap();
        std::fs::write(path, bytes).unwrap();
    }
    let captions = root.join(academy_core::media::captions_key(MERN_07, &video.id, "1"));
    std::fs::create_dir_all(captions.parent().unwrap()).unwrap();
    std::fs::write(captions, CAPTIONS).unwrap();
}

struct Local {
    state: AppState,
    root: PathBuf,
    ready: Lecture,
}

/// The local world: the embedded store with the demo catalog, one ready recording (and one
/// processing, one unpublished), lecture files from a fresh folder.
async fn local() -> Local {
    let store = support::seeded(support::sqlite_store()).await;
    let root = support::lecture_folder();
    let links = Arc::new(LectureLinks::new(KeySource::fixed(LectureKeys::random()), 900));
    let files = Arc::new(FolderFiles::new(&root).with_play(std::time::Duration::from_secs(3 * 3600)));
    let state = AppState::with(store.clone(), links, files, academy_core::assistant::ModelProvider::offline());
    let ready = put_recording(&store, READY, LectureState::Ready, true).await;
    install(&root, &ready);
    for (number, lecture_state, published) in [(21, LectureState::Processing, true), (22, LectureState::Ready, false)] {
        let video = put_recording(&store, number, lecture_state, published).await;
        install(&root, &video);
    }
    Local { state, root, ready }
}

async fn videos_answer(state: &AppState, secret: &str) -> serde_json::Value {
    let path = format!("/api/batches/{MERN_07}/videos");
    let (status, _, body) = call(state, request("GET", &path, &[("x-secret-id", secret)], VIEWER)).await;
    assert_eq!(status, 200, "{body}");
    body
}

fn lecture_of(answer: &serde_json::Value, number: u32) -> Option<&serde_json::Value> {
    answer["videos"].as_array().unwrap().iter().find(|v| v["lectureNumber"] == number)
}

async fn get(state: &AppState, link: &str) -> (u16, HeaderMap, Vec<u8>) {
    let (parts, body) = dispatch_as::<lambda::Lecture>(state, request("GET", link, &[], VIEWER)).await.into_parts();
    (parts.status.as_u16(), parts.headers, body.to_vec())
}

/// The URIs of a playlist (plain lines and `URI="…"` attributes).
fn uris(playlist: &str) -> Vec<String> {
    let mut found = Vec::new();
    for line in playlist.lines().map(str::trim).filter(|l| !l.is_empty()) {
        if line.starts_with('#') {
            if let Some((_, rest)) = line.split_once("URI=\"") {
                found.push(rest.split('"').next().unwrap().to_owned());
            }
        } else {
            found.push(line.to_owned());
        }
    }
    found
}

fn param(link: &str, name: &str) -> String {
    let query = link.split_once('?').unwrap().1;
    form_urlencoded::parse(query.as_bytes()).find(|(k, _)| k == name).unwrap().1.into_owned()
}

fn text(bytes: Vec<u8>) -> String {
    String::from_utf8(bytes).unwrap()
}

#[tokio::test]
async fn the_videos_answer_lists_watchable_lectures_with_signed_hls_links() {
    let Local { state, .. } = local().await;
    let (secret, grant) = support::grant(&state.store, MERN_07).await;
    let answer = videos_answer(&state, &secret).await;
    let raw = answer.to_string();
    assert!(!raw.contains("\"media\"") && !raw.contains("s3://") && !raw.contains("lectures/"), "{raw}");
    assert!(!raw.contains(JOB) && !raw.contains("source"), "no stored path leaks: {raw}");
    assert!(lecture_of(&answer, 21).is_none(), "a processing recording is not listed");
    assert!(lecture_of(&answer, 22).is_none(), "an unpublished recording is not listed");

    let hls = lecture_of(&answer, READY).unwrap();
    assert_eq!(hls["kind"], "hls");
    assert_eq!(hls["description"], "Uploaded in the console");
    let url = hls["url"].as_str().unwrap();
    assert!(url.starts_with(&format!("/lecture/{MERN_07}/{READY}/master.m3u8?grant={}&", grant.secret_hash)), "{url}");
    assert!(hls["poster"].as_str().unwrap().starts_with(&format!("/lecture/{MERN_07}/{READY}/poster.jpg?")));
    assert!(hls["captions"].as_str().unwrap().starts_with(&format!("/lecture/{MERN_07}/{READY}/captions.vtt?")));

    // A file stored before the pipeline and an embed: exactly the fields they always had.
    let mp4 = lecture_of(&answer, 1).unwrap().as_object().unwrap();
    let mut fields: Vec<&str> = mp4.keys().map(String::as_str).collect();
    fields.sort();
    assert_eq!(fields, ["_id", "batchId", "batchNumber", "lectureNumber", "title", "url"]);
    assert!(mp4["url"].as_str().unwrap().starts_with(&format!("/lecture/{MERN_07}/1?grant=")));
    let embed = lecture_of(&answer, 2).unwrap();
    assert!(embed["url"].as_str().unwrap().starts_with("https://drive.google.com/"));
    assert!(embed.get("kind").is_none() && embed.get("poster").is_none());
}

#[tokio::test]
async fn every_playlist_is_answered_with_each_uri_signed_and_the_segments_play() {
    let Local { state, .. } = local().await;
    let (secret, _) = support::grant(&state.store, MERN_07).await;
    let answer = videos_answer(&state, &secret).await;
    let master_link = lecture_of(&answer, READY).unwrap()["url"].as_str().unwrap().to_owned();
    let files: std::collections::BTreeMap<String, Vec<u8>> = rendered_files().into_iter().collect();
    let prefix = format!("/lecture/{MERN_07}/{READY}/");

    let (status, headers, body) = get(&state, &master_link).await;
    assert_eq!(status, 200);
    assert_eq!(headers["content-type"], "application/vnd.apple.mpegurl");
    assert_eq!(headers["cache-control"], "no-store");
    let master = text(body);
    let variants = uris(&master);
    assert_eq!(variants.len(), 2, "{master}");
    let zipped = dispatch(&state, request("GET", &master_link, &[("accept-encoding", "gzip, br")], VIEWER)).await;
    assert_eq!(zipped.headers()["content-encoding"], "gzip");
    let mut unzipped = String::new();
    std::io::Read::read_to_string(&mut flate2::read::GzDecoder::new(zipped.body().as_ref()), &mut unzipped).unwrap();
    assert_eq!(uris(&unzipped).len(), 2);
    assert!(master.contains("RESOLUTION=160x90"), "the tags pass through: {master}");

    let mut fetched = 0;
    for (variant, rung) in variants.iter().zip(["360p", "540p"]) {
        assert!(variant.starts_with(&format!("{prefix}{rung}/index.m3u8?grant=")), "{variant}");
        let (status, headers, body) = get(&state, variant).await;
        assert_eq!((status, headers["cache-control"].to_str().unwrap()), (200, "no-store"));
        let playlist = text(body);
        let media = uris(&playlist);
        assert_eq!(media.len(), 5, "the init segment and four segments: {playlist}");
        for uri in media {
            let (path, _) = uri.split_once('?').unwrap();
            let file = path.strip_prefix(&prefix).unwrap_or_else(|| panic!("{uri} is signed by the lecture function"));
            assert!(param(&uri, "signature").len() > 20 && param(&uri, "expires").parse::<i64>().is_ok());
            assert!(
                param(&uri, "expires").parse::<i64>().unwrap() >= time::now() + 3 * 3600 - 5,
                "lives a lecture long"
            );
            let (status, headers, body) = get(&state, &uri).await;
            assert_eq!(status, 200, "{uri}");
            assert_eq!(headers["content-type"], "video/mp4", "{uri}");
            assert_eq!(headers["cache-control"], "private, max-age=31536000, immutable");
            assert_eq!(&body, &files[file], "{file}");
            fetched += 1;
        }
    }
    assert_eq!(fetched, 10);

    let answer = lecture_of(&answer, READY).unwrap().clone();
    let (status, headers, body) = get(&state, answer["poster"].as_str().unwrap()).await;
    assert_eq!((status, headers["content-type"].to_str().unwrap()), (200, "image/jpeg"));
    assert_eq!(body, files["poster.jpg"]);
    let (status, headers, body) = get(&state, answer["captions"].as_str().unwrap()).await;
    assert_eq!((status, headers["content-type"].to_str().unwrap()), (200, "text/vtt"));
    assert_eq!(text(body), CAPTIONS);
}

#[tokio::test]
async fn bent_hls_links_are_refused() {
    let Local { state, .. } = local().await;
    let (secret, grant) = support::grant(&state.store, MERN_07).await;
    let (_, other_grant) = support::grant(&state.store, "665f1c2a9b3e4d0012a1c002").await;
    let master = lecture_of(&videos_answer(&state, &secret).await, READY).unwrap()["url"].as_str().unwrap().to_owned();
    let variant = uris(&text(get(&state, &master).await.2))[0].clone();
    let segment = uris(&text(get(&state, &variant).await.2))[1].clone();
    assert!(segment.contains("/360p/seg_000.m4s?"), "{segment}");
    let links = &state.videos.links;
    let now = time::now();
    let expired = links.sign_file(MERN_07, READY, "master.m3u8", &grant.secret_hash, now - 100, now - 1).await.unwrap();
    let foreign =
        links.sign_file(MERN_07, READY, "master.m3u8", &other_grant.secret_hash, now, now + 60).await.unwrap();

    let bent = [
        ("another rung", segment.replacen("/360p/", "/540p/", 1)),
        ("another rung's scope", segment.replacen("/360p/", "/540p/", 1).replacen("scope=360p%2F", "scope=540p%2F", 1)),
        ("the rung's playlist by its segments' link", segment.replacen("seg_000.m4s", "index.m3u8", 1)),
        ("a segment link without its scope", segment.replacen("&scope=360p%2F", "", 1)),
        ("another playlist", variant.replacen("/360p/", "/540p/", 1)),
        ("the master as a segment", master.replacen("master.m3u8", "360p/index.m3u8", 1)),
        ("another lecture", master.replacen(&format!("/{READY}/"), "/21/", 1)),
        ("another batch", master.replacen(MERN_07, "665f1c2a9b3e4d0012a1c002", 1)),
        ("another grant", master.replacen(&grant.secret_hash, &other_grant.secret_hash, 1)),
        ("a later expiry", master.replacen(&param(&master, "expires"), &(now + 86_400).to_string(), 1)),
        ("a later segment expiry", segment.replacen(&param(&segment, "expires"), &(now + 86_400).to_string(), 1)),
        ("expired", expired),
        ("a grant of another batch", foreign),
    ];
    for (what, link) in bent {
        let answer = call(&state, request("GET", &link, &[], VIEWER)).await;
        assert_error(&answer, 403, "forbidden");
        assert!(answer.2["message"].is_string(), "{what}");
    }
    for escape in ["../../source/1.mp4", "..%2F..%2Fsource%2F1.mp4", "360p/../../x", ".hidden"] {
        let link = master.replacen("master.m3u8", escape, 1);
        assert_error(&call(&state, request("GET", &link, &[], VIEWER)).await, 404, "not_found");
    }
    assert_eq!(get(&state, &segment).await.0, 200, "the untouched links still play");
    // One signature opens every segment of its rendition's folder (decision 0047)
    let next = segment.replacen("seg_000.m4s", "seg_001.m4s", 1);
    assert_eq!(get(&state, &next).await.0, 200, "another segment of the same rung");
}

#[tokio::test]
async fn revoking_the_secret_id_stops_the_next_playlist_fetch() {
    let Local { state, .. } = local().await;
    let (secret, grant) = support::grant(&state.store, MERN_07).await;
    let master = lecture_of(&videos_answer(&state, &secret).await, READY).unwrap()["url"].as_str().unwrap().to_owned();
    let variants = uris(&text(get(&state, &master).await.2));
    let segment = uris(&text(get(&state, &variants[0]).await.2))[1].clone();
    assert_eq!(get(&state, &segment).await.0, 200);

    state.store.revoke_grant(&grant, time::now()).await.unwrap();
    for playlist in [&master, &variants[1], &variants[0]] {
        let answer = call(&state, request("GET", playlist, &[], VIEWER)).await;
        assert_error(&answer, 403, "forbidden");
        assert_eq!(answer.2["message"], "This Secret ID is no longer valid for this batch.");
    }
    // A segment link is checked by its signature alone, as a presigned S3 URL is in AWS: what was
    // already handed out plays until it expires; nothing new is handed out.
    assert_eq!(get(&state, &segment).await.0, 200);
}

#[tokio::test]
async fn unpublishing_stops_the_next_playlist_fetch() {
    let Local { state, mut ready, .. } = local().await;
    let (secret, _) = support::grant(&state.store, MERN_07).await;
    let master = lecture_of(&videos_answer(&state, &secret).await, READY).unwrap()["url"].as_str().unwrap().to_owned();
    assert_eq!(get(&state, &master).await.0, 200);
    ready.published = false;
    state.store.put_lecture(&ready).await.unwrap();
    assert_error(&call(&state, request("GET", &master, &[], VIEWER)).await, 404, "not_found");
}

#[tokio::test]
async fn a_stored_playlist_naming_anything_outside_its_folder_is_not_handed_out() {
    let Local { state, root, ready } = local().await;
    let (secret, _) = support::grant(&state.store, MERN_07).await;
    let master = lecture_of(&videos_answer(&state, &secret).await, READY).unwrap()["url"].as_str().unwrap().to_owned();
    let hls = root.join(academy_core::media::hls_folder(MERN_07, &ready.id, JOB));
    for bad in [
        "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\n../../source/1.mp4\n",
        "#EXTM3U\n#EXT-X-MAP:URI=\"/etc/passwd\"\n",
        "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=1\nhttps://elsewhere.example/x.m3u8\n",
    ] {
        std::fs::write(hls.join("master.m3u8"), bad).unwrap();
        assert_error(&call(&state, request("GET", &master, &[], VIEWER)).await, 404, "not_found");
    }
}

/// In AWS: the lecture function on DynamoDB reads the playlists from S3 (moto) and hands out
/// presigned GETs for the segments, with S3 answering each with its media type and caching.
#[tokio::test]
async fn in_aws_segments_are_presigned_s3_gets() {
    let store = support::seeded(support::moto_store().await).await;
    let config = support::moto_config().await;
    let client =
        aws_sdk_s3::Client::from_conf(aws_sdk_s3::config::Builder::from(&config).force_path_style(true).build());
    support::create_bucket(&client, BUCKET).await;
    let ready = put_recording(&store, READY, LectureState::Ready, true).await;
    let hls = academy_core::media::hls_folder(MERN_07, &ready.id, JOB);
    let files = rendered_files();
    for (name, bytes) in &files {
        let key = format!("{hls}{name}");
        client.put_object().bucket(BUCKET).key(key).body(bytes.clone().into()).send().await.unwrap();
    }

    let links = Arc::new(LectureLinks::new(KeySource::fixed(LectureKeys::random()), 900));
    let s3_files = Arc::new(
        S3Files::new(client, std::time::Duration::from_secs(3 * 3600)).with_credentials(config.credentials_provider()),
    );
    let state = AppState::with(
        store.clone(),
        links.clone(),
        s3_files.clone(),
        academy_core::assistant::ModelProvider::offline(),
    );
    let lecture = PlaybackApi { store: store.clone(), links, files: s3_files };
    let fetch = |link: String| {
        let lecture = &lecture;
        async move {
            let route = resolve(link.split('?').next().unwrap()).unwrap();
            lecture.answer(route, &request("GET", &link, &[], VIEWER)).await
        }
    };
    let (secret, grant) = support::grant(&store, MERN_07).await;
    let master = lecture_of(&videos_answer(&state, &secret).await, READY).unwrap()["url"].as_str().unwrap().to_owned();

    let answer = fetch(master.clone()).await.unwrap();
    assert_eq!(answer.status(), 200);
    assert_eq!(answer.headers()["content-type"], "application/vnd.apple.mpegurl");
    let variants = uris(&text(answer.into_body().to_vec()));
    assert!(variants[0].starts_with(&format!("/lecture/{MERN_07}/{READY}/360p/index.m3u8?")), "{variants:?}");
    let playlist = text(fetch(variants[0].clone()).await.unwrap().into_body().to_vec());
    let segments = uris(&playlist);
    assert_eq!(segments.len(), 5);
    let by_name: std::collections::BTreeMap<_, _> = files.into_iter().collect();
    for (uri, name) in segments.iter().zip(["init_0.mp4", "seg_000.m4s", "seg_001.m4s", "seg_002.m4s", "seg_003.m4s"]) {
        assert!(uri.starts_with(support::moto_endpoint()), "{uri}");
        assert!(uri.contains(&format!("/{hls}360p/{name}?")), "{uri}");
        assert!(uri.contains("X-Amz-Expires=10800") && uri.contains("response-content-type=video%2Fmp4"), "{uri}");
        // S3 answers with these; moto ignores them, so the test reads them off the signed URL.
        assert!(uri.contains("response-cache-control=private%2C%20max-age%3D31536000%2C%20immutable"), "{uri}");
        let got = reqwest::get(uri).await.unwrap();
        assert_eq!(got.status(), 200);
        assert_eq!(got.bytes().await.unwrap().to_vec(), by_name[&format!("360p/{name}")]);
    }
    // The poster through the lecture function: a redirect to a presigned GET, as image/jpeg.
    let poster =
        lecture_of(&videos_answer(&state, &secret).await, READY).unwrap()["poster"].as_str().unwrap().to_owned();
    let redirect = fetch(poster).await.unwrap();
    assert_eq!(redirect.status(), 302);
    let target = redirect.headers()["location"].to_str().unwrap().to_owned();
    assert!(target.contains("response-content-type=image%2Fjpeg"), "{target}");
    assert_eq!(reqwest::get(&target).await.unwrap().bytes().await.unwrap().to_vec(), by_name["poster.jpg"]);

    // With the site's CloudFront in front of the renditions (the lecture function in AWS has the
    // files key): every segment of the playlist carries one custom policy over its folder.
    let (signer, spki) = support::files_key("K2JCJMDEHXQW5F");
    let cdn = SegmentsCdn::new("https://academy.example/", BUCKET, signer);
    let cdn_files = Arc::new(
        S3Files::new(
            aws_sdk_s3::Client::from_conf(aws_sdk_s3::config::Builder::from(&config).force_path_style(true).build()),
            std::time::Duration::from_secs(3 * 3600),
        )
        .with_credentials(config.credentials_provider())
        .with_cdn(Some(cdn)),
    );
    let through_cdn = PlaybackApi { store: store.clone(), links: lecture.links.clone(), files: cdn_files };
    let route = resolve(variants[0].split('?').next().unwrap()).unwrap();
    let answer = through_cdn.answer(route, &request("GET", &variants[0], &[], VIEWER)).await.unwrap();
    let segments = uris(&text(answer.into_body().to_vec()));
    assert_eq!(segments.len(), 5);
    let query = segments[0].split_once('?').unwrap().1.to_owned();
    for (uri, name) in segments.iter().zip(["init_0.mp4", "seg_000.m4s", "seg_001.m4s", "seg_002.m4s", "seg_003.m4s"]) {
        assert_eq!(uri, &format!("https://academy.example/{hls}360p/{name}?{query}"), "one query for the folder");
    }
    assert!(
        query.starts_with(
            "response-content-type=video%2Fmp4&response-cache-control=max-age%3D31536000%2C%20immutable&Policy="
        ),
        "{query}"
    );
    let expires = time::now() + 3 * 3600;
    let pattern = format!("https://academy.example/{hls}360p/*");
    assert!(support::cloudfront_policy_signed(&query, &pattern, expires, &spki), "{query}");
    assert!(!support::cloudfront_policy_signed(&query, &pattern.replace("360p", "540p"), expires, &spki));

    store.revoke_grant(&grant, time::now()).await.unwrap();
    assert_eq!(fetch(variants[1].clone()).await.unwrap_err().status(), 403);
    let route = resolve(variants[0].split('?').next().unwrap()).unwrap();
    let refused = through_cdn.answer(route, &request("GET", &variants[0], &[], VIEWER)).await.unwrap_err();
    assert_eq!(refused.status(), 403, "the grant is read again on every playlist, through the CDN too");
}

/// How long presigning a 2-hour lecture's media playlist takes, and how large it gets, by the SDK's
/// presigner one URL at a time, by `presign_all` (one signing key for the lot) and with local HMAC
/// links (`cargo test -p academy-core --test main -- --ignored --nocapture hls::`, `--profile
/// bench-server` for optimised code; docs/decisions/0044-playlists-signed-with-one-key.md). The
/// same code path answers a real playlist in `make bench-api` (locally, HMAC links).
#[tokio::test]
#[ignore]
async fn measure_signing_a_two_hour_playlist() {
    use academy_core::learning::lecture::Delivery;
    use std::io::Write;
    const SEGMENTS: usize = 1800; // 2 hours of 4 s segments (infra/media/ladder.json)
    let folder = "lectures/665f1c2a9b3e4d0012a1c001/665f1c2a9b3e4d0012a1c0ff/hls/1732560000-abcdef/";
    // A role session's token is what makes Lambda's presigned URLs long: a typical one is ~1 KB.
    let token = "IQoJb3JpZ2luX2VjE".repeat(60);
    let credentials = aws_sdk_s3::config::Credentials::new("ASIAEXAMPLEEXAMPLE", "secret", Some(token), None, "t");
    let config = aws_sdk_s3::config::Builder::new()
        .behavior_version(aws_sdk_s3::config::BehaviorVersion::latest())
        .region(aws_sdk_s3::config::Region::new("eu-west-2"))
        .credentials_provider(credentials.clone())
        .build();
    let files = S3Files::new(aws_sdk_s3::Client::from_conf(config), std::time::Duration::from_secs(3 * 3600))
        .with_credentials(Some(aws_credential_types::provider::SharedCredentialsProvider::new(credentials)));
    let links = LectureLinks::new(KeySource::fixed(LectureKeys::random()), 900);
    let now = time::now();
    let segment = |n: usize| format!("s3://academy-lectures/{folder}master_360p_{n:05}.ts");
    let playlist = |urls: &[String]| {
        let mut text = String::from("#EXTM3U\n#EXT-X-TARGETDURATION:4\n#EXT-X-PLAYLIST-TYPE:VOD\n");
        for url in urls {
            text.push_str(&format!("#EXTINF:4.000000,\n{url}\n"));
        }
        text
    };
    let gzipped = |text: &str| {
        let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::fast());
        encoder.write_all(text.as_bytes()).unwrap();
        encoder.finish().unwrap().len()
    };

    let started = std::time::Instant::now();
    let mut one_by_one = Vec::new();
    for n in 0..SEGMENTS {
        one_by_one.push(files.presign(&segment(n), Delivery::of("a.ts"), now + 10_800, now).await.unwrap().unwrap());
    }
    let sdk = started.elapsed();
    let all: Vec<_> = (0..SEGMENTS).map(|n| (segment(n), Delivery::of("a.ts"))).collect();
    let started = std::time::Instant::now();
    let together = files.presign_all(&all, now + 10_800, now).await.unwrap().unwrap();
    let one_key = started.elapsed();
    let presigned = playlist(&together);
    assert_eq!(together.len(), SEGMENTS);

    let started = std::time::Instant::now();
    let signer = links.signer(now).await.unwrap();
    let local: Vec<_> = (0..SEGMENTS)
        .map(|n| signer.sign_file(MERN_07, 3, &format!("master_360p_{n:05}.ts"), &"ab".repeat(32), now + 10_800))
        .collect();
    let hmac = started.elapsed();
    let local = playlist(&local);

    // One signature a playlist (decision 0047): locally a folder link, in AWS CloudFront's policy.
    let started = std::time::Instant::now();
    let folder_links = signer.folder(MERN_07, 3, "360p/", &"ab".repeat(32), now + 10_800);
    let scoped: Vec<_> =
        (0..SEGMENTS).map(|n| folder_links.link(&format!("360p/master_360p_{n:05}.ts")).unwrap()).collect();
    let scoped_time = started.elapsed();
    let scoped = playlist(&scoped);
    let (cloudfront, _) = support::files_key("K2JCJMDEHXQW5F");
    let files = files.with_cdn(Some(SegmentsCdn::new("https://academy.example", "academy-lectures", cloudfront)));
    let started = std::time::Instant::now();
    let rung = format!("s3://academy-lectures/{folder}");
    let cdn = files.presign_folder(&rung, &all, now + 10_800, now).await.unwrap().unwrap();
    let cdn_time = started.elapsed();
    let cdn = playlist(&cdn);
    println!(
        "one signature a playlist: local folder links {scoped_time:?}, playlist {} bytes, {} gzipped; CloudFront \
         policy {cdn_time:?}, playlist {} bytes, {} gzipped",
        scoped.len(),
        gzipped(&scoped),
        cdn.len(),
        gzipped(&cdn),
    );
    let written = std::env::temp_dir().join("academy-presigned-playlist.m3u8");
    std::fs::write(&written, &presigned).unwrap();
    println!(
        "{SEGMENTS} segments: presigned S3 GETs one by one by the SDK {sdk:?} ({} µs each); with one signing key \
         {one_key:?} ({} µs each), playlist {} bytes, {} gzipped (written to {}); HMAC links {hmac:?}, playlist {} \
         bytes, {} gzipped",
        sdk.as_micros() / SEGMENTS as u128,
        one_key.as_micros() / SEGMENTS as u128,
        presigned.len(),
        gzipped(&presigned),
        written.display(),
        local.len(),
        gzipped(&local),
    );
    drop(one_by_one);
}

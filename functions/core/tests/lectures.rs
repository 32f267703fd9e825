//! A batch's lectures through the staff API (`/api/staff/batches/{batchId}/lectures…`), through the
//! dispatcher every Lambda and `academy serve` use, on SQLite and on DynamoDB in moto: who may call
//! each route, what is refused, numbers taken at once, moving and deleting a lecture, and a
//! recording's upload in parts (interrupted, resumed, a part sent twice) to the local lecture folder
//! through its part route and to S3 in moto through presigned part URLs; the transcoder asked, or
//! the lecture failed with its reason; deleting a lecture while ffmpeg processes it kills the run;
//! every write in the audit trail.

use crate::support;
use support::console::{next_ip, signed, Caller, Reply, STAFF_EMAIL};

use academy_core::http::routes::{resolve, Routes as _};
use academy_core::media::api::StaffLecturesRoute as Route;
use academy_core::media::uploads::{FolderUploads, S3Uploads, LOCAL_MIN_PART};
use academy_core::media::TranscodeQueue;
use academy_core::platform::local::AppState;
use academy_core::store::{CatalogRecords, Store};
use async_trait::async_trait;
use lambda_http::Body;
use serde_json::{json, Value};
use std::collections::BTreeSet;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

/// The demo catalog's MERN-07 (six lectures).
const MERN_07: &str = "665f1c2a9b3e4d0012a1c001";

/// The transcoder as the tests see it: what it was asked, and whether it answers an error.
#[derive(Default)]
struct Queue {
    asked: Mutex<Vec<String>>,
    down: AtomicBool,
}

#[async_trait]
impl TranscodeQueue for Queue {
    async fn uploaded(&self, batch_id: &str, lecture_number: u32) -> Result<(), String> {
        self.asked.lock().unwrap().push(format!("uploaded {batch_id}/{lecture_number}"));
        if self.down.load(Ordering::SeqCst) {
            return Err("the transcoder is down".into());
        }
        Ok(())
    }

    async fn retry(&self, batch_id: &str, lecture_number: u32) -> Result<(), String> {
        self.asked.lock().unwrap().push(format!("retry {batch_id}/{lecture_number}"));
        if self.down.load(Ordering::SeqCst) {
            return Err("the transcoder is down".into());
        }
        Ok(())
    }
}

/// Every service on a store holding the demo catalog, lecture files in a folder of their own,
/// parts of 64 KiB, and a transcoder the test watches.
struct Console {
    state: AppState,
    folder: PathBuf,
    queue: Arc<Queue>,
    parts: Arc<FolderUploads>,
}

impl Console {
    async fn open(store: Store) -> Self {
        let mut state = support::app_state(support::seeded(store).await).await;
        let folder = std::env::temp_dir().join(format!("academy-uploads-{}", academy_core::ids::generate()));
        let parts = Arc::new(FolderUploads::new(&folder, None, Some(LOCAL_MIN_PART)).unwrap());
        state.upload_locally(parts.clone());
        let queue = Arc::new(Queue::default());
        state.staff_lectures.queue = queue.clone();
        Self { state, folder, queue, parts }
    }

    async fn call(&self, method: &str, path: &str, caller: Caller, body: Option<&Value>) -> Reply {
        let mut headers: Vec<(&str, &str)> = Vec::new();
        if body.is_some() {
            headers.push(("content-type", "application/json"));
        }
        let body = body.map_or(Body::Empty, |b| Body::Text(b.to_string()));
        self.send(method, path, caller, &headers, body).await
    }

    async fn send(&self, method: &str, path: &str, caller: Caller, headers: &[(&str, &str)], body: Body) -> Reply {
        let req = signed(support::request_with_body(method, path, headers, &next_ip(), body), caller);
        Reply::to(&self.state, req).await
    }

    async fn staff(&self, method: &str, path: &str, body: Option<Value>) -> Reply {
        self.call(method, path, Caller::Staff, body.as_ref()).await
    }

    async fn captions(&self, path: &str, content_type: &str, text: &str) -> Reply {
        let headers = [("content-type", content_type)];
        self.send("PUT", path, Caller::Staff, &headers, Body::Text(text.into())).await
    }

    /// A new recording awaiting its upload; its number.
    async fn recording(&self, title: &str) -> u32 {
        let added = self.staff("POST", &lectures(), Some(json!({"title": title}))).await.expect(201);
        assert_eq!(added["state"], "uploading");
        added["lectureNumber"].as_u64().unwrap() as u32
    }

    /// PUTs one part to a local part URL as a browser would; its ETag.
    async fn put_part(&self, url: &str, bytes: &[u8]) -> String {
        let (path, query) = url.split_once('?').unwrap();
        let rest = path.strip_prefix("/upload/").expect("a local part URL");
        let (upload, part) = rest.split_once('/').unwrap();
        let answer = self.parts.put_part(upload, part, Some(query), bytes).await;
        assert_eq!(answer.status(), 200, "{:?}", answer.body());
        answer.headers()["etag"].to_str().unwrap().to_owned()
    }

    async fn trail_actions(&self) -> Vec<(String, String, String)> {
        let page = self.staff("GET", "/api/staff/audit?limit=100", None).await.expect(200);
        page["items"]
            .as_array()
            .unwrap()
            .iter()
            .map(|e| {
                let text = |k: &str| e[k].as_str().unwrap_or_default().to_owned();
                (text("action"), text("target"), text("outcome"))
            })
            .collect()
    }
}

fn lectures() -> String {
    format!("/api/staff/batches/{MERN_07}/lectures")
}

fn lecture(n: u32) -> String {
    format!("{}/{n}", lectures())
}

/// A recording's bytes: `size` of them, not all alike.
fn recording_bytes(size: usize) -> Vec<u8> {
    (0..size).map(|i| (i * 31 % 251) as u8).collect()
}

fn part_of(bytes: &[u8], part_size: usize, number: usize) -> &[u8] {
    let start = (number - 1) * part_size;
    &bytes[start..(start + part_size).min(bytes.len())]
}

// ---- who may call ---------------------------------------------------------------------------------

async fn every_lecture_route_answers_401_without_a_token_403_to_a_student_and_2xx_to_staff(store: Store) {
    // GIVEN a recording awaiting its upload, and its file
    let console = Console::open(store).await;
    let n = console.recording("Matrix recording").await;
    let size = 3 * LOCAL_MIN_PART as usize + 100;
    let file = json!({"fileName": "matrix.mp4", "size": size, "contentType": "video/mp4"});
    let vtt = "WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n";
    let cases: Vec<(&str, String)> = vec![
        ("GET", lectures()),
        ("POST", lectures()),
        ("PATCH", lecture(n)),
        ("POST", format!("{}/upload", lecture(n))),
        ("POST", format!("{}/upload/complete", lecture(n))),
        ("PUT", format!("{}/captions", lecture(n))),
        ("POST", format!("{}/retry", lecture(n))),
        ("DELETE", lecture(n)),
    ];
    // The cases are every lecture route with each method the route table gives it.
    let name = |route: &Route| format!("{route:?}").split([' ', '(']).next().unwrap().to_owned();
    let (mut covered, mut expected) = (BTreeSet::new(), BTreeSet::new());
    for (method, path) in &cases {
        let route: Route = resolve(path).unwrap_or_else(|| panic!("{path} is a lecture route"));
        covered.insert((name(&route), method.to_string()));
        expected.extend(route.methods().iter().map(|m| (name(&route), m.as_str().to_owned())));
    }
    assert_eq!(covered, expected, "every method of every lecture route");
    assert_eq!(covered.iter().map(|(r, _)| r).collect::<BTreeSet<_>>().len(), 6, "the six lecture routes");

    // WHEN called without a token THEN 401; with a student's THEN 403, and nothing changed
    for (method, path) in &cases {
        let body = (*method != "GET" && *method != "DELETE").then(|| json!({"title": "x"}));
        for (caller, status, code) in [(Caller::Nobody, 401, "unauthorized"), (Caller::Student, 403, "forbidden")] {
            console.call(method, path, caller, body.as_ref()).await.refused(status, code);
        }
    }
    assert!(console.trail_actions().await.iter().all(|(a, _, _)| a == "lecture.create"), "refusals write nothing");

    // WHEN staff call each THEN 2xx
    let listed = console.staff("GET", &lectures(), None).await.expect(200);
    assert!(listed["lectures"].as_array().unwrap().iter().any(|l| l["lectureNumber"] == n));
    let embed = json!({"title": "Embedded", "embedUrl": "https://www.youtube.com/embed/xyz"});
    let embedded = console.staff("POST", &lectures(), Some(embed)).await.expect(201);
    assert_eq!((embedded["kind"].as_str(), embedded["state"].as_str()), (Some("embed"), Some("ready")));
    let patched = console.staff("PATCH", &lecture(n), Some(json!({"description": "Week 1"}))).await.expect(200);
    assert_eq!(patched["description"], "Week 1");
    let started = console.staff("POST", &format!("{}/upload", lecture(n)), Some(file)).await.expect(200);
    let bytes = recording_bytes(size);
    let mut parts = Vec::new();
    for part in started["parts"].as_array().unwrap() {
        let number = part["number"].as_u64().unwrap() as usize;
        let etag =
            console.put_part(part["url"].as_str().unwrap(), part_of(&bytes, LOCAL_MIN_PART as usize, number)).await;
        parts.push(json!({"number": number, "etag": etag}));
    }
    console.queue.down.store(true, Ordering::SeqCst);
    let complete = json!({"uploadId": started["uploadId"], "parts": parts});
    let failed = console.staff("POST", &format!("{}/upload/complete", lecture(n)), Some(complete)).await.expect(200);
    assert_eq!(
        (failed["state"].as_str(), failed["failure"].as_str()),
        (Some("failed"), Some("the transcoder is down"))
    );
    console.captions(&format!("{}/captions", lecture(n)), "text/vtt", vtt).await.expect(200);
    console.queue.down.store(false, Ordering::SeqCst);
    let retried = console.staff("POST", &format!("{}/retry", lecture(n)), None).await.expect(200);
    assert_eq!(retried["state"], "processing");
    console.staff("DELETE", &lecture(n), None).await.expect(204);
    assert_eq!(
        *console.queue.asked.lock().unwrap(),
        [format!("uploaded {MERN_07}/{n}"), format!("retry {MERN_07}/{n}")]
    );

    // THEN every write is in the audit trail, in the staff member's name
    // (Writes within one millisecond may be listed in either order.)
    let mut trail: Vec<String> =
        console.trail_actions().await.into_iter().map(|(a, _, o)| format!("{a} {o}")).collect();
    trail.sort();
    let mut written = [
        "lecture.delete ok",
        "lecture.retry ok",
        "lecture.captions ok",
        "lecture.complete ok",
        "lecture.upload ok",
        "lecture.update ok",
        "lecture.create ok",
        "lecture.create ok",
    ];
    written.sort();
    assert_eq!(trail, written);
    let page = console.staff("GET", "/api/staff/audit", None).await.expect(200);
    assert!(page["items"].as_array().unwrap().iter().all(|e| e["actorEmail"] == STAFF_EMAIL));
}

// ---- what is refused ------------------------------------------------------------------------------

async fn bad_lectures_uploads_and_captions_are_refused_as_json(store: Store) {
    let console = Console::open(store).await;
    let n = console.recording("To refuse").await;
    let long = |n: usize| "x".repeat(n);
    // WHEN a lecture's fields are wrong THEN 400 naming the field
    for (body, field) in [
        (json!({"title": " "}), "title"),
        (json!({"title": long(201)}), "title"),
        (json!({"title": "Fine", "description": long(2001)}), "description"),
        (json!({"title": "Fine", "lectureNumber": 0}), "lectureNumber"),
        (json!({"title": "Fine", "lectureNumber": 100_000}), "lectureNumber"),
        (json!({"title": "Fine", "embedUrl": "http://www.youtube.com/embed/x"}), "embedUrl"),
        (json!({"title": "Fine", "embedUrl": "https://youtube.com.evil.test/x"}), "embedUrl"),
        (json!({"title": "Fine", "embedUrl": "https://example.com/a.mp4"}), "embedUrl"),
    ] {
        let answer = console.staff("POST", &lectures(), Some(body.clone())).await;
        answer.refused(400, "invalid");
        assert!(answer.json()["fields"][field].is_string(), "{body}: {}", answer.text());
    }
    for body in [json!({"title": "Fine", "colour": "red"}), json!({"title": 7}), json!([])] {
        console.staff("POST", &lectures(), Some(body)).await.refused(400, "bad_request");
    }
    console.staff("PATCH", &lecture(n), Some(json!({"title": long(201)}))).await.refused(400, "invalid");
    // A taken number, a malformed batch, an unknown batch or lecture
    console
        .staff("POST", &lectures(), Some(json!({"title": "Twin", "lectureNumber": 1})))
        .await
        .refused(409, "conflict");
    console.staff("PATCH", &lecture(n), Some(json!({"lectureNumber": 1}))).await.refused(409, "conflict");
    console.staff("GET", "/api/staff/batches/nope/lectures", None).await.refused(400, "bad_request");
    console.staff("GET", "/api/staff/batches/ffffffffffffffffffffffff/lectures", None).await.refused(404, "not_found");
    for missing in ["abc", "0", "99999", "4294967296"] {
        let path = format!("{}/{missing}", lectures());
        console.staff("PATCH", &path, Some(json!({"title": "x"}))).await.refused(404, "not_found");
    }

    // WHEN an upload's file is wrong THEN 400 naming the field
    let upload = format!("{}/upload", lecture(n));
    for (body, field) in [
        (json!({"fileName": "a.mp4", "size": 0, "contentType": "video/mp4"}), "size"),
        (json!({"fileName": "a.mp4", "size": 10_737_418_241_u64, "contentType": "video/mp4"}), "size"),
        (json!({"fileName": "a.mp3", "size": 10, "contentType": "audio/mpeg"}), "contentType"),
        (json!({"fileName": "a.mp4", "size": 10, "contentType": "video/mp4; codecs=avc1"}), "contentType"),
        (json!({"fileName": "../a.mp4", "size": 10, "contentType": "video/mp4"}), "fileName"),
        (json!({"fileName": "a\\b.mp4", "size": 10, "contentType": "video/mp4"}), "fileName"),
        (json!({"fileName": "   ", "size": 10, "contentType": "video/mp4"}), "fileName"),
        (json!({"fileName": long(256), "size": 10, "contentType": "video/mp4"}), "fileName"),
    ] {
        let answer = console.staff("POST", &upload, Some(body.clone())).await;
        answer.refused(400, "invalid");
        assert!(answer.json()["fields"][field].is_string(), "{body}: {}", answer.text());
    }
    // …and a completion whose parts are malformed, or not this upload's
    let complete = format!("{}/upload/complete", lecture(n));
    for parts in [json!([]), json!([{"number": 0, "etag": "\"a\""}]), json!([{"number": 10_001, "etag": "\"a\""}])] {
        let body = json!({"uploadId": "u", "parts": parts});
        console.staff("POST", &complete, Some(body)).await.refused(400, "invalid");
    }
    let blank = json!({"uploadId": "u", "parts": [{"number": 1, "etag": "  "}]});
    console.staff("POST", &complete, Some(blank)).await.refused(400, "invalid");
    let unknown = json!({"uploadId": "u", "parts": [{"number": 1, "etag": "\"a\""}]});
    console.staff("POST", &complete, Some(unknown)).await.refused(409, "conflict");
    // A lecture not awaiting an upload: an embed, or a recording already uploaded; retry unfailed
    let embed = json!({"title": "An embed", "embedUrl": "https://player.vimeo.com/video/1"});
    let embed = console.staff("POST", &lectures(), Some(embed)).await.expect(201)["lectureNumber"].as_u64().unwrap();
    let file = json!({"fileName": "a.mp4", "size": 10, "contentType": "video/mp4"});
    console.staff("POST", &format!("{}/upload", lecture(embed as u32)), Some(file)).await.refused(409, "conflict");
    console.staff("POST", &format!("{}/retry", lecture(n)), None).await.refused(409, "conflict");
    console.staff("POST", &format!("{}/retry", lecture(1)), None).await.refused(409, "conflict");

    // WHEN captions are not WebVTT, not sent as text/vtt, too large, or for an embed THEN refused
    let captions = format!("{}/captions", lecture(n));
    console
        .captions(&captions, "text/vtt", "1\n00:00:00,000 --> 00:00:01,000\nSRT\n")
        .await
        .refused(400, "bad_request");
    console.captions(&captions, "text/vtt", "WEBVTTX\n").await.refused(400, "bad_request");
    console.captions(&captions, "text/plain", "WEBVTT\n").await.refused(400, "bad_request");
    let huge = format!("WEBVTT\n\n{}", "a".repeat(1_000_000));
    console.captions(&captions, "text/vtt", &huge).await.refused(413, "payload_too_large");
    let embed_captions = format!("{}/captions", lecture(embed as u32));
    console.captions(&embed_captions, "text/vtt", "WEBVTT\n").await.refused(409, "conflict");
    let done = console.captions(&captions, "text/vtt; charset=utf-8", "\u{feff}WEBVTT - lecture\n").await.expect(200);
    assert_eq!(done["hasCaptions"], true);
    // A method a route does not answer
    console.staff("GET", &lecture(n), None).await.refused(405, "method_not_allowed");

    // THEN every refused write is in the trail as refused
    let trail = console.trail_actions().await;
    for action in
        ["lecture.create", "lecture.update", "lecture.upload", "lecture.complete", "lecture.retry", "lecture.captions"]
    {
        assert!(trail.iter().any(|(a, _, o)| a == action && o == "refused"), "{action}: {trail:?}");
    }
}

// ---- numbers --------------------------------------------------------------------------------------

async fn twenty_lectures_added_at_once_take_twenty_numbers(store: Store) {
    // GIVEN MERN-07 with lectures 1 to 6
    let console = Arc::new(Console::open(store).await);
    // WHEN twenty are added at once
    let adds = (0..20).map(|i| {
        let console = console.clone();
        tokio::spawn(async move {
            let body = json!({"title": format!("Concurrent {i}")});
            console.staff("POST", &lectures(), Some(body)).await.expect(201)["lectureNumber"].as_u64().unwrap()
        })
    });
    let mut numbers: Vec<u64> = Vec::new();
    for add in adds.collect::<Vec<_>>() {
        numbers.push(add.await.unwrap());
    }
    // THEN each took a number of its own, the next ones free
    numbers.sort_unstable();
    assert_eq!(numbers, (7..=26).collect::<Vec<u64>>());
    let listed = console.staff("GET", &lectures(), None).await.expect(200);
    let listed: Vec<u64> =
        listed["lectures"].as_array().unwrap().iter().map(|l| l["lectureNumber"].as_u64().unwrap()).collect();
    assert_eq!(listed, (1..=26).collect::<Vec<u64>>(), "ordered by number");
}

async fn a_lecture_moves_to_a_free_number_hides_and_deletes_with_its_files(store: Store) {
    let console = Console::open(store).await;
    let n = console.recording("Mover").await;
    let captions = format!("{}/captions", lecture(n));
    console.captions(&captions, "text/vtt", "WEBVTT\n").await.expect(200);
    // WHEN it moves to a free number and is hidden
    let moved = console.staff("PATCH", &lecture(n), Some(json!({"lectureNumber": 40, "published": false}))).await;
    let moved = moved.expect(200);
    assert_eq!((moved["lectureNumber"].as_u64(), moved["published"].as_bool()), (Some(40), Some(false)));
    // THEN the old number is free and the lecture (same id, same files) is at the new one
    let store = &console.state.store;
    assert!(store.get_lecture(MERN_07, n).await.unwrap().is_none());
    let video = store.get_lecture(MERN_07, 40).await.unwrap().unwrap();
    assert_eq!(video.id, moved["id"].as_str().unwrap());
    let folder = console.folder.join(format!("lectures/{MERN_07}/{}", video.id));
    assert!(folder.join("captions").is_dir());
    // WHEN it is deleted THEN the record and its folder are gone
    console.staff("DELETE", &lecture(40), None).await.expect(204);
    assert!(store.get_lecture(MERN_07, 40).await.unwrap().is_none());
    assert!(!folder.exists());
    console.staff("DELETE", &lecture(40), None).await.refused(404, "not_found");
    // An imported lecture's shared file is not its folder: deleting lecture 1 leaves it alone.
    console.staff("DELETE", &lecture(1), None).await.expect(204);
}

// ---- uploads --------------------------------------------------------------------------------------

/// One recording's upload: begun, interrupted after `first` parts, resumed (the same file again:
/// the same upload, its stored parts listed), a part sent twice (a wrong copy, then the right one),
/// then completed. Checks the answers, and hands back the completed lecture.
async fn upload_resumed<F, Fut>(console: &Console, n: u32, bytes: &[u8], first: usize, put: F) -> Value
where
    F: Fn(String, Vec<u8>) -> Fut,
    Fut: std::future::Future<Output = String>,
{
    let upload = format!("{}/upload", lecture(n));
    let file = json!({"fileName": "Week 1.mp4", "size": bytes.len(), "contentType": "video/mp4"});
    let started = console.staff("POST", &upload, Some(file.clone())).await.expect(200);
    let part_size = started["partSize"].as_u64().unwrap() as usize;
    let urls: Vec<String> =
        started["parts"].as_array().unwrap().iter().map(|p| p["url"].as_str().unwrap().to_owned()).collect();
    assert_eq!(urls.len(), bytes.len().div_ceil(part_size));
    assert!(urls.len() > first, "the test interrupts before the end");
    assert_eq!(started["uploaded"], json!([]));
    let listed = console.staff("GET", &lectures(), None).await.expect(200);
    let mine = listed["lectures"].as_array().unwrap().iter().find(|l| l["lectureNumber"] == n).unwrap().clone();
    assert_eq!(mine["upload"]["uploadId"], started["uploadId"], "the console can resume after a reload");

    // WHEN the first parts are sent and the page reloads
    let mut etags = Vec::new();
    for (i, url) in urls.iter().take(first).enumerate() {
        etags.push(put(url.clone(), part_of(bytes, part_size, i + 1).to_vec()).await);
    }
    let resumed = console.staff("POST", &upload, Some(file)).await.expect(200);
    // THEN the same upload answers with its stored parts
    assert_eq!(resumed["uploadId"], started["uploadId"]);
    let stored: Vec<(u64, String)> = resumed["uploaded"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| (p["number"].as_u64().unwrap(), p["etag"].as_str().unwrap().to_owned()))
        .collect();
    let sent: Vec<(u64, String)> = etags.iter().enumerate().map(|(i, e)| (i as u64 + 1, e.clone())).collect();
    assert_eq!(stored, sent);
    // WHEN only the missing parts are sent, the next one twice (a wrong copy, then the right one)
    let urls: Vec<String> =
        resumed["parts"].as_array().unwrap().iter().map(|p| p["url"].as_str().unwrap().to_owned()).collect();
    for (i, url) in urls.iter().enumerate().skip(first) {
        let right = part_of(bytes, part_size, i + 1).to_vec();
        if i == first {
            let wrong = vec![0u8; right.len()];
            put(url.clone(), wrong).await;
        }
        etags.push(put(url.clone(), right).await);
    }
    let parts: Vec<Value> = etags.iter().enumerate().map(|(i, e)| json!({"number": i + 1, "etag": e})).collect();
    // A part left out is refused, and the upload stays open
    let short = json!({"uploadId": started["uploadId"], "parts": parts[..parts.len() - 1]});
    console.staff("POST", &format!("{upload}/complete"), Some(short)).await.refused(409, "conflict");
    let complete = json!({"uploadId": started["uploadId"], "parts": parts});
    let done = console.staff("POST", &format!("{upload}/complete"), Some(complete)).await.expect(200);
    assert_eq!((done["state"].as_str(), done["upload"].is_null()), (Some("processing"), true));
    assert_eq!(*console.queue.asked.lock().unwrap(), [format!("uploaded {MERN_07}/{n}")]);
    // Completing again is refused: nothing is awaited
    let again = json!({"uploadId": started["uploadId"], "parts": [{"number": 1, "etag": etags[0]}]});
    console.staff("POST", &format!("{upload}/complete"), Some(again)).await.refused(409, "conflict");
    done
}

async fn a_recording_uploads_in_parts_to_the_local_folder_and_resumes(store: Store) {
    // GIVEN a recording awaiting a file of five parts
    let console = Console::open(store).await;
    let n = console.recording("Local upload").await;
    let bytes = recording_bytes(4 * LOCAL_MIN_PART as usize + 4321);
    // WHEN it is uploaded through the local part route, interrupted after two parts
    let parts = console.parts.clone();
    let done = upload_resumed(&console, n, &bytes, 2, |url, body| {
        let parts = parts.clone();
        async move {
            let (path, query) = url.split_once('?').unwrap();
            let (upload, part) = path.strip_prefix("/upload/").unwrap().split_once('/').unwrap();
            let answer = parts.put_part(upload, part, Some(query), &body).await;
            assert_eq!(answer.status(), 200);
            answer.headers()["etag"].to_str().unwrap().to_owned()
        }
    })
    .await;
    // THEN the recording is whole in the lecture's folder, and no part is left behind
    let video = console.state.store.get_lecture(MERN_07, n).await.unwrap().unwrap();
    let source = video.media.unwrap().source.unwrap();
    let key = source.strip_prefix("s3://local/").unwrap();
    assert!(key.starts_with(&format!("lectures/{MERN_07}/{}/source/", done["id"].as_str().unwrap())), "{key}");
    assert_eq!(std::fs::read(console.folder.join(key)).unwrap(), bytes);
    let leftovers = std::fs::read_dir(console.folder.join(".uploads")).unwrap().count();
    assert_eq!(leftovers, 0, "the parts are removed once joined");
    // WHEN it is deleted THEN its folder goes
    console.staff("DELETE", &lecture(n), None).await.expect(204);
    assert!(!console.folder.join(key).exists());
}

async fn a_part_url_is_refused_altered_expired_oversized_or_for_a_closed_upload(store: Store) {
    let console = Console::open(store).await;
    let n = console.recording("Part refusals").await;
    let file = json!({"fileName": "a.mp4", "size": 2 * LOCAL_MIN_PART, "contentType": "video/mp4"});
    let started = console.staff("POST", &format!("{}/upload", lecture(n)), Some(file)).await.expect(200);
    let url = started["parts"][0]["url"].as_str().unwrap();
    let (path, query) = url.split_once('?').unwrap();
    let (upload, _) = path.strip_prefix("/upload/").unwrap().split_once('/').unwrap();
    let status = |answer: lambda_http::Response<Body>| answer.status().as_u16();
    // Another part's number, an altered expiry, no signature, too many bytes
    assert_eq!(status(console.parts.put_part(upload, "2", Some(query), b"x").await), 403);
    let later = query.replacen("expires=", "expires=9", 1);
    assert_eq!(status(console.parts.put_part(upload, "1", Some(&later), b"x").await), 403);
    assert_eq!(status(console.parts.put_part(upload, "1", None, b"x").await), 403);
    let big = vec![1u8; LOCAL_MIN_PART as usize + 1];
    assert_eq!(status(console.parts.put_part(upload, "1", Some(query), &big).await), 413);
    // A new file replaces the open upload: the old one's parts are refused
    let other = json!({"fileName": "b.mp4", "size": 10, "contentType": "video/webm"});
    let replaced = console.staff("POST", &format!("{}/upload", lecture(n)), Some(other)).await.expect(200);
    assert_ne!(replaced["uploadId"], started["uploadId"]);
    assert_eq!(status(console.parts.put_part(upload, "1", Some(query), b"x").await), 409);
}

async fn a_completed_upload_on_a_server_without_a_transcoder_fails_saying_so(store: Store) {
    let mut console = Console::open(store).await;
    console.state.staff_lectures.queue = Arc::new(academy_core::platform::local::NoTranscoder);
    let n = console.recording("No transcoder").await;
    let file = json!({"fileName": "a.mp4", "size": 5, "contentType": "video/mp4"});
    let started = console.staff("POST", &format!("{}/upload", lecture(n)), Some(file)).await.expect(200);
    let etag = console.put_part(started["parts"][0]["url"].as_str().unwrap(), b"hello").await;
    assert_eq!(etag, "\"5d41402abc4b2a76b9719d911017c592\"", "an S3 ETag: the part's MD5 in quotes");
    let complete = json!({"uploadId": started["uploadId"], "parts": [{"number": 1, "etag": etag}]});
    let done = console.staff("POST", &format!("{}/upload/complete", lecture(n)), Some(complete)).await.expect(200);
    assert_eq!(done["state"], "failed");
    assert_eq!(done["failure"], "transcoding is not set up on this server");
}

/// The lectures bucket in moto, and an S3 client on it (path-style: moto serves every bucket on one host).
async fn moto_bucket() -> (aws_sdk_s3::Client, String) {
    let config = support::moto_config().await;
    let s3 = aws_sdk_s3::Client::from_conf(support::moto_s3(&config).build());
    let bucket = format!("academy-lectures-{}", academy_core::ids::generate());
    support::create_bucket(&s3, &bucket).await;
    (s3, bucket)
}

async fn a_recording_uploads_in_parts_to_s3_and_resumes(store: Store) {
    // GIVEN the lectures bucket in moto, and a recording awaiting a file of two parts (moto
    // keeps S3's rule: every part but the last at least 5 MiB)
    let mut console = Console::open(store).await;
    let (s3, bucket) = moto_bucket().await;
    console.state.staff_lectures.uploads = Arc::new(S3Uploads::new(s3.clone(), &bucket));
    console.state.part_uploads = None;
    let n = console.recording("S3 upload").await;
    let bytes = recording_bytes(16 * 1024 * 1024 + 1000);
    // WHEN the browser PUTs each part to its presigned URL, interrupted after the first
    let http = reqwest::Client::new();
    let done = upload_resumed(&console, n, &bytes, 1, |url, body| {
        let http = http.clone();
        async move {
            assert!(url.contains("X-Amz-Signature="), "a presigned URL: {url}");
            let answer = http.put(&url).body(body).send().await.unwrap();
            assert_eq!(answer.status(), 200);
            answer.headers()["etag"].to_str().unwrap().to_owned()
        }
    })
    .await;
    // THEN the object is the whole recording
    let video = console.state.store.get_lecture(MERN_07, n).await.unwrap().unwrap();
    let source = video.media.as_ref().unwrap().source.clone().unwrap();
    let key = source.strip_prefix(&format!("s3://{bucket}/")).unwrap().to_owned();
    assert!(key.starts_with(&format!("lectures/{MERN_07}/{}/source/", done["id"].as_str().unwrap())), "{key}");
    let object = s3.get_object().bucket(&bucket).key(&key).send().await.unwrap();
    assert_eq!(object.content_length(), Some(bytes.len() as i64));
    assert_eq!(object.body.collect().await.unwrap().into_bytes().to_vec(), bytes);
    // WHEN captions are added and the lecture is deleted THEN every object of its folder is gone
    console.captions(&format!("{}/captions", lecture(n)), "text/vtt", "WEBVTT\n").await.expect(200);
    let folder = format!("lectures/{MERN_07}/{}/", video.id);
    let count = |s3: aws_sdk_s3::Client, bucket: String, folder: String| async move {
        let listed = s3.list_objects_v2().bucket(bucket).prefix(folder).send().await.unwrap();
        listed.key_count().unwrap_or_default()
    };
    assert_eq!(count(s3.clone(), bucket.clone(), folder.clone()).await, 2, "the recording and its captions");
    console.staff("DELETE", &lecture(n), None).await.expect(204);
    assert_eq!(count(s3.clone(), bucket.clone(), folder).await, 0);
}

async fn a_new_file_aborts_the_open_s3_upload(store: Store) {
    let mut console = Console::open(store).await;
    let (s3, bucket) = moto_bucket().await;
    console.state.staff_lectures.uploads = Arc::new(S3Uploads::new(s3.clone(), &bucket));
    let n = console.recording("Replaced").await;
    let upload = format!("{}/upload", lecture(n));
    let first = json!({"fileName": "first.mp4", "size": 100, "contentType": "video/mp4"});
    let first = console.staff("POST", &upload, Some(first)).await.expect(200);
    let second = json!({"fileName": "second.mov", "size": 200, "contentType": "video/quicktime"});
    let second = console.staff("POST", &upload, Some(second)).await.expect(200);
    assert_ne!(first["uploadId"], second["uploadId"]);
    let open = s3.list_multipart_uploads().bucket(&bucket).send().await.unwrap();
    let open: Vec<&str> = open.uploads().iter().filter_map(|u| u.upload_id()).collect();
    assert_eq!(open, [second["uploadId"].as_str().unwrap()], "the first upload was aborted");
}

/// A lecture being processed by the local worker, its ffprobe wedged (limits far away), is deleted
/// from the console: the run and its child are killed, and the lecture stays deleted.
async fn deleting_a_processing_lecture_kills_its_run(store: Store) {
    use academy_core::domain::{LectureMedia, LectureState};
    use academy_core::media::ffmpeg::Limits;
    use academy_core::media::uploads::LectureUploads;
    use academy_core::media::worker::LocalWorker;
    let mut console = Console::open(store).await;
    let far = std::time::Duration::from_secs(600);
    let limits = Limits { short_run: far, transcode_base: far, per_media_second: 10.0, stall: far };
    let (tools, dir) = support::wedging_tools(limits);
    let worker = Arc::new(LocalWorker::start(console.state.store.clone(), &console.folder, tools));
    console.state.staff_lectures.queue = worker.clone();
    let n = console.recording("Wedged").await;
    let store = console.state.store.clone();
    let mut video = store.get_lecture(MERN_07, n).await.unwrap().unwrap();
    let key = academy_core::media::source_key(MERN_07, &video.id, "wedge-ffprobe", "mp4");
    std::fs::create_dir_all(console.folder.join(&key).parent().unwrap()).unwrap();
    std::fs::write(console.folder.join(&key), support::sample_clip()).unwrap();
    video.media = Some(LectureMedia {
        state: LectureState::Processing,
        source: Some(console.parts.location(&key)),
        updated_at: 1,
        ..LectureMedia::default()
    });
    store.put_lecture(&video).await.unwrap();
    worker.uploaded(MERN_07, n).await.unwrap();
    let pids = support::wedged_pids(&dir, "ffprobe").await;
    assert!(pids.iter().all(|p| support::is_running(*p)));

    // WHEN staff delete it
    console.staff("DELETE", &lecture(n), None).await.expect(204);

    // THEN no process of its run is left, and nothing writes the lecture back
    assert!(support::all_stopped(&pids).await, "the deleted lecture's run is still alive: {pids:?}");
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    assert!(store.get_lecture(MERN_07, n).await.unwrap().is_none());
    assert!(!console.folder.join(format!("lectures/{MERN_07}/{}", video.id)).exists());
    let _ = std::fs::remove_dir_all(&dir);
}

on_both_stores!(
    deleting_a_processing_lecture_kills_its_run,
    every_lecture_route_answers_401_without_a_token_403_to_a_student_and_2xx_to_staff,
    bad_lectures_uploads_and_captions_are_refused_as_json,
    twenty_lectures_added_at_once_take_twenty_numbers,
    a_lecture_moves_to_a_free_number_hides_and_deletes_with_its_files,
    a_recording_uploads_in_parts_to_the_local_folder_and_resumes,
    a_part_url_is_refused_altered_expired_oversized_or_for_a_closed_upload,
    a_completed_upload_on_a_server_without_a_transcoder_fails_saying_so,
    a_recording_uploads_in_parts_to_s3_and_resumes,
    a_new_file_aborts_the_open_s3_upload,
);

//! Lecture files behind signed links, as a player meets them: the link from the videos answer,
//! then the file through the lecture endpoint — the bytes (with Range) from the local folder, or
//! a redirect to a presigned S3 GET that moto serves. Every way of bending a link is a 403 JSON.

use crate::support;

use academy_core::http::routes::Service as _;
use academy_core::learning::api::PlaybackApi;
use academy_core::learning::lecture::{LectureKeys, LectureLinks, S3Files};
use academy_core::platform::lambda;
use academy_core::platform::lambda::dispatch_as;
use academy_core::platform::local::AppState;
use academy_core::store::GrantRecords;
use academy_core::time;
use lambda_http::http::HeaderMap;
use lambda_http::{Body, Response};
use std::sync::Arc;
use support::{assert_error, call, request};

const MERN_07: &str = "665f1c2a9b3e4d0012a1c001";
const MERN_08: &str = "665f1c2a9b3e4d0012a1c002";
const VIEWER: &str = "198.51.100.20";

async fn state() -> AppState {
    support::app_state(support::seeded(support::sqlite_store()).await).await
}

/// The signed link of `lecture` in `batch`'s videos answer, for the holder of `secret`.
async fn link_of(state: &AppState, batch: &str, secret: &str, lecture: u64) -> String {
    let path = format!("/api/batches/{batch}/videos");
    let (status, _, body) = call(state, request("GET", &path, &[("x-secret-id", secret)], VIEWER)).await;
    assert_eq!(status, 200, "{body}");
    let video = body["videos"].as_array().unwrap().iter().find(|v| v["lectureNumber"] == lecture).unwrap();
    video["url"].as_str().unwrap().to_owned()
}

async fn fetch(state: &AppState, link: &str, headers: &[(&str, &str)]) -> Response<Body> {
    dispatch_as::<lambda::Lecture>(state, request("GET", link, headers, VIEWER)).await
}

fn bytes(response: Response<Body>) -> (u16, HeaderMap, Vec<u8>) {
    let (parts, body) = response.into_parts();
    (parts.status.as_u16(), parts.headers, body.to_vec())
}

fn with_param(link: &str, name: &str, value: &str) -> String {
    let (path, query) = link.split_once('?').unwrap();
    let query: Vec<String> = form_urlencoded::parse(query.as_bytes())
        .map(|(k, v)| format!("{k}={}", if k == name { value.to_owned() } else { v.into_owned() }))
        .collect();
    format!("{path}?{}", query.join("&"))
}

fn param(link: &str, name: &str) -> String {
    let query = link.split_once('?').unwrap().1;
    form_urlencoded::parse(query.as_bytes()).find(|(k, _)| k == name).unwrap().1.into_owned()
}

#[tokio::test]
async fn a_signed_link_plays_the_file_with_ranges() {
    let state = state().await;
    let (secret, _) = support::grant(&state.store, MERN_07).await;
    let link = link_of(&state, MERN_07, &secret, 1).await;
    let clip = support::sample_clip();

    let (status, headers, body) = bytes(fetch(&state, &link, &[]).await);
    assert_eq!(status, 200);
    assert_eq!(headers["content-type"], "video/mp4");
    assert_eq!(headers["accept-ranges"], "bytes");
    assert_eq!(body, clip);

    let (status, headers, body) = bytes(fetch(&state, &link, &[("range", "bytes=100-1099")]).await);
    assert_eq!(status, 206);
    assert_eq!(headers["content-range"], format!("bytes 100-1099/{}", clip.len()));
    assert_eq!(body, clip[100..1100]);

    let (status, headers, body) = bytes(fetch(&state, &link, &[("range", "bytes=-10")]).await);
    assert_eq!((status, body.as_slice()), (206, &clip[clip.len() - 10..]));
    assert_eq!(headers["content-range"], format!("bytes {}-{}/{}", clip.len() - 10, clip.len() - 1, clip.len()));

    let beyond = format!("bytes={}-", clip.len() + 5);
    let (status, headers, _) = bytes(fetch(&state, &link, &[("range", &beyond)]).await);
    assert_eq!(status, 416);
    assert_eq!(headers["content-range"], format!("bytes */{}", clip.len()));
}

#[tokio::test]
async fn bent_links_are_refused() {
    let state = state().await;
    let (secret, _) = support::grant(&state.store, MERN_07).await;
    let (secret_08, grant_08) = support::grant(&state.store, MERN_08).await;
    let link = link_of(&state, MERN_07, &secret, 1).await;
    let link_08 = link_of(&state, MERN_08, &secret_08, 1).await;
    let signature = param(&link, "signature");
    let flipped = format!("{}{}", if signature.starts_with('A') { "B" } else { "A" }, &signature[1..]);
    let expired = state.videos.links.sign(MERN_07, 1, &param(&link, "grant"), time::now() - 3600).await.unwrap();
    // A correctly signed link for a grant of another batch (as if the signer were fooled).
    let foreign = state.videos.links.sign(MERN_07, 1, &grant_08.secret_hash, time::now()).await.unwrap();

    let bent = [
        ("tampered signature", with_param(&link, "signature", &flipped)),
        ("later expiry", with_param(&link, "expires", &(time::now() + 86_400).to_string())),
        ("other key id", with_param(&link, "key", "k9")),
        ("no signature", link.split("&signature=").next().unwrap().to_owned()),
        ("other lecture", link.replacen(&format!("/{MERN_07}/1?"), &format!("/{MERN_07}/3?"), 1)),
        ("other batch", link_08.replacen(MERN_08, MERN_07, 1)),
        ("expired", expired),
        ("grant of another batch", foreign),
    ];
    for (what, bent) in bent {
        assert_ne!(bent, link, "{what}");
        assert_error(&call(&state, request("GET", &bent, &[], VIEWER)).await, 403, "forbidden");
    }
    let (status, _, _) = bytes(fetch(&state, &link, &[]).await);
    assert_eq!(status, 200, "the untouched link still plays");
}

#[tokio::test]
async fn revoking_the_secret_id_stops_the_next_fetch() {
    let state = state().await;
    let (secret, grant) = support::grant(&state.store, MERN_07).await;
    let link = link_of(&state, MERN_07, &secret, 1).await;
    assert_eq!(fetch(&state, &link, &[("range", "bytes=0-99")]).await.status(), 206);
    state.store.revoke_grant(&grant, time::now()).await.unwrap();
    let answer = call(&state, request("GET", &link, &[("range", "bytes=100-199")], VIEWER)).await;
    assert_error(&answer, 403, "forbidden");
}

#[tokio::test]
async fn unknown_lectures_and_embeds_are_not_files() {
    let state = state().await;
    let (_, grant) = support::grant(&state.store, MERN_07).await;
    let links = &state.videos.links;
    let embed = links.sign(MERN_07, 2, &grant.secret_hash, time::now()).await.unwrap();
    let missing = links.sign(MERN_07, 999, &grant.secret_hash, time::now()).await.unwrap();
    for link in [embed, missing, format!("/lecture/{MERN_07}/one?grant=x"), "/lecture/nope/1".into()] {
        assert_error(&call(&state, request("GET", &link, &[], VIEWER)).await, 404, "not_found");
    }
    let post = request("POST", &format!("/lecture/{MERN_07}/1"), &[], VIEWER);
    assert_error(&call(&state, post).await, 405, "method_not_allowed");
}

/// In AWS: the lecture function on DynamoDB redirects to a presigned GET that S3 (moto) honours,
/// Range included; revoked, the same link is refused.
#[tokio::test]
async fn in_aws_a_signed_link_redirects_to_the_s3_object() {
    let store = support::seeded(support::moto_store().await).await;
    let config = support::moto_config().await;
    let s3 = aws_sdk_s3::Client::from_conf(aws_sdk_s3::config::Builder::from(&config).force_path_style(true).build());
    let bucket = "academy-lectures-demo";
    support::create_bucket(&s3, bucket).await;
    let clip = support::sample_clip();
    s3.put_object().bucket(bucket).key("sample-lecture.mp4").body(clip.clone().into()).send().await.unwrap();

    let keys = academy_core::learning::lecture::KeySource::fixed(LectureKeys::random());
    let links = Arc::new(LectureLinks::new(keys, 900));
    let files = Arc::new(S3Files::new(s3, std::time::Duration::from_secs(600)));
    let state =
        AppState::with(store.clone(), links.clone(), files.clone(), academy_core::assistant::ModelProvider::offline());
    let lecture = PlaybackApi { store: store.clone(), links, files };
    let (secret, grant) = support::grant(&store, MERN_07).await;
    let link = link_of(&state, MERN_07, &secret, 1).await;

    let request_of = |range: Option<&str>| {
        let headers: Vec<(&str, &str)> = range.map(|r| ("range", r)).into_iter().collect();
        request("GET", &link, &headers, VIEWER)
    };
    let route = academy_core::http::routes::resolve::<academy_core::learning::api::PlaybackRoute>(
        link.split('?').next().unwrap(),
    )
    .unwrap();
    let answer = lecture.answer(route.clone(), &request_of(None)).await.unwrap();
    assert_eq!(answer.status(), 302);
    assert_eq!(answer.headers()["cache-control"], "no-store");
    let target = answer.headers()["location"].to_str().unwrap().to_owned();
    assert!(target.starts_with(support::moto_endpoint()), "{target}");
    assert!(target.contains("X-Amz-Expires=600") && target.contains("X-Amz-Signature="), "{target}");
    let whole = reqwest::get(&target).await.unwrap();
    assert_eq!(whole.status(), 200);
    assert_eq!(whole.bytes().await.unwrap().to_vec(), clip);
    let slice = reqwest::Client::new().get(&target).header("range", "bytes=10-19").send().await.unwrap();
    assert_eq!(slice.status(), 206);
    assert_eq!(slice.bytes().await.unwrap().to_vec(), clip[10..20]);

    store.revoke_grant(&grant, time::now()).await.unwrap();
    let refused = lecture.answer(route, &request_of(Some("bytes=0-"))).await.unwrap_err();
    assert_eq!(refused.status(), 403);
}

//! Each Lambda binary booted for real: a small server speaking the Lambda Runtime API hands it
//! an API Gateway v2 event from `infra/events/`, and the answer it posts back is checked.

use academy_core::catalog::{import, ImportOutcome};
use academy_core::store::StoreUrl;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::routing::{get, post};
use axum::Router;
use serde_json::Value;
use std::process::Stdio;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{mpsc, Mutex};

const REQUEST_ID: &str = "8476a536-e9f4-11e8-9739-2dfe598c3fcd";

/// The runtime side: one event to hand out, and where the function's reply goes.
struct RuntimeApi {
    event: Mutex<Option<String>>,
    replies: mpsc::Sender<(String, Value)>,
}

async fn next(State(api): State<Arc<RuntimeApi>>) -> (HeaderMap, String) {
    let Some(event) = api.event.lock().await.take() else {
        // Later polls wait, as the real Runtime API does between invocations.
        std::future::pending::<()>().await;
        unreachable!()
    };
    let mut headers = HeaderMap::new();
    headers.insert("lambda-runtime-aws-request-id", REQUEST_ID.parse().unwrap());
    headers.insert("lambda-runtime-deadline-ms", "32503680000000".parse().unwrap());
    headers.insert(
        "lambda-runtime-invoked-function-arn",
        "arn:aws:lambda:eu-west-2:123456789012:function:test".parse().unwrap(),
    );
    headers.insert("lambda-runtime-trace-id", "Root=1-5759e988-bd862e3fe1be46a994272793".parse().unwrap());
    (headers, event)
}

async fn reply(State(api): State<Arc<RuntimeApi>>, Path((id, kind)): Path<(String, String)>, body: String) {
    let body = serde_json::from_str(&body).unwrap_or(Value::String(body));
    let _ = api.replies.send((format!("{id}/{kind}"), body)).await;
}

async fn init_error(State(api): State<Arc<RuntimeApi>>, body: String) {
    let _ = api.replies.send(("init/error".into(), Value::String(body))).await;
}

async fn seeded_store() -> String {
    let path = std::env::temp_dir().join(format!("academy-lambda-{}.db", academy_core::ids::generate()));
    let url = format!("embedded:{}", path.display());
    let store = url.parse::<StoreUrl>().unwrap().open().await.unwrap();
    let catalog =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../infra/seed/catalog.json")).unwrap();
    assert!(matches!(import(&store, &catalog).await.unwrap(), ImportOutcome::Written { .. }));
    url
}

fn fixture(name: &str) -> String {
    std::fs::read_to_string(format!("{}/../../infra/events/{name}.json", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// Boots `binary` against a fresh Runtime API with the fixture `name` as its one event, on a
/// seeded store; returns the API Gateway response it posted.
async fn invoke(binary: &str, name: &str) -> Value {
    invoke_with(binary, &fixture(name), &seeded_store().await, &[]).await
}

/// As `invoke`, with the event text, the store and extra environment given.
async fn invoke_with(binary: &str, event: &str, store: &str, env: &[(&str, &str)]) -> Value {
    let event = event.to_owned();
    let (tx, mut rx) = mpsc::channel(4);
    let api = Arc::new(RuntimeApi { event: Mutex::new(Some(event)), replies: tx });
    let app = Router::new()
        .route("/2018-06-01/runtime/invocation/next", get(next))
        .route("/2018-06-01/runtime/invocation/{id}/{kind}", post(reply))
        .route("/2018-06-01/runtime/init/error", post(init_error))
        .with_state(api);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let address = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await });

    let mut child = tokio::process::Command::new(binary)
        .env_clear()
        .env("AWS_LAMBDA_RUNTIME_API", address.to_string())
        .env("AWS_LAMBDA_FUNCTION_NAME", "test")
        .env("AWS_LAMBDA_FUNCTION_MEMORY_SIZE", "256")
        .env("AWS_LAMBDA_FUNCTION_VERSION", "$LATEST")
        .env("AWS_LAMBDA_LOG_STREAM_NAME", "test")
        .env("AWS_LAMBDA_LOG_GROUP_NAME", "test")
        .env("AWS_REGION", "eu-west-2")
        .env("AWS_ACCESS_KEY_ID", "testing")
        .env("AWS_SECRET_ACCESS_KEY", "testing")
        .env("ACADEMY_STORE", store)
        .envs(env.iter().copied())
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .kill_on_drop(true)
        .spawn()
        .expect("the Lambda binary starts");
    let (kind, body) = tokio::time::timeout(Duration::from_secs(30), rx.recv())
        .await
        .expect("the function answered within 30 s")
        .expect("a reply");
    child.kill().await.unwrap();
    assert_eq!(kind, format!("{REQUEST_ID}/response"), "{body}");
    body
}

fn status_and_body(response: &Value) -> (u64, Value) {
    let body = response["body"].as_str().expect("a text body");
    (response["statusCode"].as_u64().unwrap(), serde_json::from_str(body).expect("JSON"))
}

#[tokio::test]
async fn courses_lambda_lists_courses() {
    let (status, body) = status_and_body(&invoke(env!("CARGO_BIN_EXE_courses"), "courses").await);
    assert_eq!(status, 200);
    assert_eq!(body.as_array().unwrap().len(), 4);
}

#[tokio::test]
async fn outline_lambda_answers_and_rejects_bad_ids() {
    let (status, body) = status_and_body(&invoke(env!("CARGO_BIN_EXE_outline"), "outline").await);
    assert_eq!((status, body["courseId"].as_str()), (200, Some("665f1c2a9b3e4d0012a1b001")));
    let (status, body) = status_and_body(&invoke(env!("CARGO_BIN_EXE_outline"), "outline-bad-id").await);
    assert_eq!((status, body["error"].as_str()), (400, Some("bad_request")));
}

#[tokio::test]
async fn batches_lambda_serves_its_three_routes() {
    let binary = env!("CARGO_BIN_EXE_batches");
    let (status, all) = status_and_body(&invoke(binary, "batches").await);
    assert_eq!((status, all.as_array().unwrap().len()), (200, 12));
    let (status, one) = status_and_body(&invoke(binary, "batch").await);
    assert_eq!((status, one["name"].is_string()), (200, true));
    let (status, of_course) = status_and_body(&invoke(binary, "batches-of-course").await);
    assert_eq!((status, of_course.as_array().unwrap().len()), (200, 3));
}

#[tokio::test]
async fn videos_lambda_wants_a_secret_id() {
    let (status, body) = status_and_body(&invoke(env!("CARGO_BIN_EXE_videos"), "videos-no-secret").await);
    assert_eq!((status, body["error"].as_str()), (401, Some("unauthorized")));
}

#[tokio::test]
async fn health_lambda_is_alive() {
    let (status, body) = status_and_body(&invoke(env!("CARGO_BIN_EXE_health"), "health").await);
    assert_eq!((status, body["status"].as_str()), (200, Some("ok")));
}

#[tokio::test]
async fn a_lambda_refuses_another_endpoints_route() {
    let (status, body) = status_and_body(&invoke(env!("CARGO_BIN_EXE_courses"), "batches").await);
    assert_eq!((status, body["error"].as_str()), (404, Some("not_found")));
}

#[tokio::test]
async fn send_email_lambda_stores_the_enquiry() {
    let store = seeded_store().await;
    let response = invoke_with(env!("CARGO_BIN_EXE_send-email"), &fixture("send-email"), &store, &[]).await;
    let (status, body) = status_and_body(&response);
    assert_eq!((status, body["submissionId"].as_str()), (200, Some("5d1c9e2a-7b3f-4c8d-9e0f-1a2b3c4d5e6f")));
    let stored = store.parse::<StoreUrl>().unwrap().open().await.unwrap();
    let submission = stored.get_submission("5d1c9e2a-7b3f-4c8d-9e0f-1a2b3c4d5e6f").await.unwrap().unwrap();
    assert_eq!(submission.form_data["lastName"], "Qureshi");
}

#[tokio::test]
async fn geo_lambda_reads_the_viewer_country() {
    let (status, body) = status_and_body(&invoke(env!("CARGO_BIN_EXE_geo"), "geo").await);
    assert_eq!((status, body["country"].as_str()), (200, Some("Pakistan")));
}

#[tokio::test]
async fn mailer_lambda_mails_inserted_submissions_from_the_stream() {
    let store = seeded_store().await;
    let id = "3f2b8c1e-4d5a-4e6f-8a7b-9c0d1e2f3a4b";
    let opened = store.parse::<StoreUrl>().unwrap().open().await.unwrap();
    let form_data = serde_json::json!({"firstName": "Hamza", "lastName": "Qureshi", "email": "hamza.q@example.pk", "message": "Weekend batches?"});
    let submission = academy_core::domain::Submission {
        id: id.into(),
        form_type: "contact-form".into(),
        form_data: form_data.as_object().unwrap().clone(),
        status: academy_core::domain::SubmissionStatus::Pending,
        attempts: 0,
        created_at: 1_790_000_000,
        last_error: None,
    };
    opened.insert_submission(&submission).await.unwrap();
    let outbox = std::env::temp_dir().join(format!("academy-lambda-outbox-{}", academy_core::ids::generate()));
    let env = [("ACADEMY_MAILER", "outbox"), ("ACADEMY_OUTBOX", outbox.to_str().unwrap())];
    let response = invoke_with(env!("CARGO_BIN_EXE_mailer"), &fixture("submission-stream"), &store, &env).await;
    assert_eq!(response, serde_json::json!({"batchItemFailures": []}));
    let messages: Vec<_> = std::fs::read_dir(&outbox).unwrap().flatten().collect();
    assert_eq!(messages.len(), 1);
    let sent = opened.get_submission(id).await.unwrap().unwrap();
    assert_eq!(sent.status, academy_core::domain::SubmissionStatus::Sent);
}

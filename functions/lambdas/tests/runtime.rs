//! Each Lambda binary booted for real: a small server speaking the Lambda Runtime API hands it
//! an API Gateway v2 (or function URL) event from `infra/events/`, and the answer it posts back is
//! checked. The functions run as in AWS: on a DynamoDB table, with their keys in Secrets Manager
//! and mail through SES, all on a moto server.

#[path = "../../core/tests/support/mod.rs"]
mod support;

use academy_core::learning::lecture::{KeySource, LectureKeys, LectureLinks};
use academy_core::store::Store;
use academy_core::store::SubmissionRecords;
use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::routing::{get, post};
use axum::Router;
use serde_json::{json, Value};
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

/// The lecture link keys every function of a test world shares (`ACADEMY_LECTURE_KEY_SECRET`).
const LECTURE_KEYS: &str = r#"{"current": "k1", "k1": "k1-0123456789abcdef0123456789abcdef"}"#;

/// A seeded DynamoDB table on moto, the lecture key secret beside it, and the environment that
/// points a function at both.
struct World {
    store: Store,
    env: Vec<(String, String)>,
}

impl World {
    async fn new() -> Self {
        let (store, table) = support::moto_table().await;
        let store = support::seeded(store).await;
        let config = support::moto_config().await;
        let secret = format!("academy/lecture-key-{}", academy_core::ids::generate());
        let secrets = aws_sdk_secretsmanager::Client::new(&config);
        secrets.create_secret().name(&secret).secret_string(LECTURE_KEYS).send().await.unwrap();
        let env = [
            ("AWS_ENDPOINT_URL", support::moto_endpoint()),
            ("ACADEMY_STORE", &format!("dynamodb:{table}")),
            ("ACADEMY_LECTURE_KEY_SECRET", &secret),
        ];
        Self { store, env: env.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect() }
    }

    fn with(mut self, name: &str, value: &str) -> Self {
        self.env.push((name.into(), value.into()));
        self
    }

    /// The same table and secrets, with `extra` in the environment too.
    fn and(&self, extra: &[(&str, &str)]) -> Self {
        let mut env = self.env.clone();
        env.extend(extra.iter().map(|(k, v)| (k.to_string(), v.to_string())));
        Self { store: self.store.clone(), env }
    }
}

fn fixture(name: &str) -> String {
    std::fs::read_to_string(format!("{}/../../infra/events/{name}.json", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// Boots `binary` against a fresh Runtime API with the fixture `name` as its one event, in a
/// fresh world; returns the API Gateway response it posted.
async fn invoke(binary: &str, name: &str) -> Value {
    invoke_with(binary, &fixture(name), &World::new().await).await
}

/// As `invoke`, with the event text and the world given.
async fn invoke_with(binary: &str, event: &str, world: &World) -> Value {
    let (kind, body) = start(binary, event, &world.env).await;
    assert_eq!(kind, format!("{REQUEST_ID}/response"), "{body}");
    body
}

/// Boots `binary` with `env` and one event; the first thing it posts: (`<id>/response`, answer)
/// or (`init/error`, why).
async fn start(binary: &str, event: &str, env: &[(String, String)]) -> (String, Value) {
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
        .envs(env.iter().map(|(k, v)| (k, v)))
        .stdout(Stdio::null())
        .stderr(Stdio::inherit())
        .kill_on_drop(true)
        .spawn()
        .expect("the Lambda binary starts");
    let (kind, body) = tokio::time::timeout(Duration::from_secs(30), rx.recv())
        .await
        .expect("the function answered within 30 s")
        .expect("a reply");
    let _ = child.kill().await;
    (kind, body)
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
    let world = World::new().await;
    let response = invoke_with(env!("CARGO_BIN_EXE_send-email"), &fixture("send-email"), &world).await;
    let (status, body) = status_and_body(&response);
    assert_eq!((status, body["submissionId"].as_str()), (200, Some("5d1c9e2a-7b3f-4c8d-9e0f-1a2b3c4d5e6f")));
    let submission = world.store.get_submission("5d1c9e2a-7b3f-4c8d-9e0f-1a2b3c4d5e6f").await.unwrap().unwrap();
    assert_eq!(submission.form_data["lastName"], "Qureshi");
}

#[tokio::test]
async fn lecture_lambda_redirects_a_signed_link_and_refuses_a_bent_one() {
    let world = World::new().await;
    let (_, grant) = support::grant(&world.store, "665f1c2a9b3e4d0012a1c001").await;
    let links = LectureLinks::new(KeySource::fixed(LectureKeys::from_json(LECTURE_KEYS).unwrap()), 900);
    let link = links.sign("665f1c2a9b3e4d0012a1c001", 1, &grant.secret_hash, academy_core::time::now()).await.unwrap();
    let query = link.split_once('?').unwrap().1;
    let mut event: Value = serde_json::from_str(&fixture("lecture")).unwrap();
    event["rawQueryString"] = query.into();
    event["queryStringParameters"] = form_urlencoded_pairs(query);
    let binary = env!("CARGO_BIN_EXE_lecture");
    let response = invoke_with(binary, &event.to_string(), &world).await;
    assert_eq!(response["statusCode"], 302, "{response}");
    let location = response["headers"]["location"].as_str().expect("a Location header");
    assert!(location.contains("sample-lecture.mp4") && location.contains("X-Amz-Signature="), "{location}");

    // The fixture's own link is not signed with the world's key.
    let (status, body) = status_and_body(&invoke_with(binary, &fixture("lecture"), &world).await);
    assert_eq!((status, body["error"].as_str()), (403, Some("forbidden")));
}

fn form_urlencoded_pairs(query: &str) -> Value {
    query
        .split('&')
        .filter_map(|pair| pair.split_once('='))
        .map(|(k, v)| (k.to_owned(), Value::String(v.to_owned())))
        .collect::<serde_json::Map<_, _>>()
        .into()
}

/// A Lambda has no embedded store: it stops at init, saying what it needs.
#[tokio::test]
async fn a_lambda_will_not_start_on_the_embedded_store() {
    let output = tokio::process::Command::new(env!("CARGO_BIN_EXE_courses"))
        .env_clear()
        .env("AWS_LAMBDA_RUNTIME_API", "127.0.0.1:9")
        .env("AWS_REGION", "eu-west-2")
        .env("ACADEMY_STORE", "embedded:/tmp/academy-lambda.db")
        .output()
        .await
        .unwrap();
    assert!(!output.status.success());
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(said.contains("dynamodb:TABLE"), "{said}");
}

#[tokio::test]
async fn geo_lambda_reads_the_viewer_country() {
    let (status, body) = status_and_body(&invoke(env!("CARGO_BIN_EXE_geo"), "geo").await);
    assert_eq!((status, body["country"].as_str()), (200, Some("Pakistan")));
}

#[tokio::test]
async fn mailer_lambda_mails_inserted_submissions_from_the_stream() {
    let sender = format!("no-reply-{}@runtime.academy.test", academy_core::ids::generate());
    let ses = aws_sdk_sesv2::Client::new(&support::moto_config().await);
    ses.create_email_identity().email_identity(&sender).send().await.unwrap();
    let world = World::new()
        .await
        .with("ACADEMY_MAIL_FROM", &sender)
        .with("ACADEMY_MAIL_TO", "admissions@runtime.academy.test");
    let id = "3f2b8c1e-4d5a-4e6f-8a7b-9c0d1e2f3a4b";
    let form_data = serde_json::json!({"firstName": "Hamza", "lastName": "Qureshi", "email": "hamza.q@example.pk", "message": "Weekend batches?"});
    let submission = academy_core::domain::Submission {
        id: id.into(),
        form_type: "contact-form".into(),
        form_data: form_data.as_object().unwrap().clone(),
        status: academy_core::domain::SubmissionStatus::Pending,
        attempts: 0,
        created_at: 1_790_000_000,
        last_error: None,
        handling: None,
    };
    world.store.insert_submission(&submission).await.unwrap();
    let response = invoke_with(env!("CARGO_BIN_EXE_mailer"), &fixture("submission-stream"), &world).await;
    assert_eq!(response, serde_json::json!({"batchItemFailures": []}));
    let sent = world.store.get_submission(id).await.unwrap().unwrap();
    assert_eq!(sent.status, academy_core::domain::SubmissionStatus::Sent, "{sent:?}");
}

/// The transcode function on its EventBridge fixture (an upload's "Object Created"): it finds the
/// lecture, reads the recording's first bytes from S3 (a real MP4, so it is a video), and with
/// MediaConvert unreachable (a closed port) records the lecture failed with why, so staff see it and
/// can retry.
#[tokio::test]
async fn transcode_lambda_takes_an_upload_event_and_records_what_came_of_it() {
    use academy_core::domain::{Lecture, LectureMedia, LectureState};
    use academy_core::store::CatalogRecords;
    let world = World::new()
        .await
        .with("ACADEMY_MEDIACONVERT_ROLE", "arn:aws:iam::123456789012:role/academy-MediaConvertRole")
        .with("ACADEMY_MEDIACONVERT_ENDPOINT", "http://127.0.0.1:9");
    let event: Value = serde_json::from_str(&fixture("transcode")).unwrap();
    let key = event["detail"]["object"]["key"].as_str().unwrap();
    let parts: Vec<&str> = key.split('/').collect();
    let video = Lecture {
        id: parts[2].into(),
        batch_id: parts[1].into(),
        batch_number: "07".into(),
        lecture_number: 30,
        title: "Uploaded".into(),
        url: String::new(),
        description: None,
        duration_secs: None,
        published: true,
        media: Some(LectureMedia { state: LectureState::Processing, updated_at: 1, ..LectureMedia::default() }),
    };
    world.store.put_lecture(&video).await.unwrap();
    let bucket = event["detail"]["bucket"]["name"].as_str().unwrap();
    let s3 = aws_sdk_s3::Client::from_conf(support::moto_s3(&support::moto_config().await).build());
    support::create_bucket(&s3, bucket).await;
    s3.put_object().bucket(bucket).key(key).body(support::sample_clip().into()).send().await.unwrap();
    let response = invoke_with(env!("CARGO_BIN_EXE_transcode"), &fixture("transcode"), &world).await;
    assert_eq!(response, Value::Null);
    let media = world.store.get_lecture(parts[1], 30).await.unwrap().unwrap().media.unwrap();
    assert_eq!(media.state, LectureState::Failed);
    assert!(media.failure.as_deref().unwrap().contains("could not be reached"), "{media:?}");
    assert_eq!(media.source.as_deref(), Some(format!("s3://academy-lectures/{key}").as_str()));
}

/// The demo functions boot with their link key from the environment (resolved from the secret at
/// deploy): `demo` lists the open slots (none on a fresh store), and `demo-reminder` takes
/// EventBridge Scheduler's digest event.
#[tokio::test]
async fn demo_lambdas_start_with_their_key_and_answer() {
    let world = World::new()
        .await
        .with("ACADEMY_DEMO_KEY", &"k".repeat(64))
        .with("ACADEMY_DEMO_REMINDER_ARN", "arn:aws:lambda:eu-west-2:123456789012:function:demo-reminder")
        .with("ACADEMY_DEMO_SCHEDULER_ROLE_ARN", "arn:aws:iam::123456789012:role/academy-DemoSchedulerRole");
    let (status, body) = status_and_body(&invoke_with(env!("CARGO_BIN_EXE_demo"), &fixture("demo"), &world).await);
    assert_eq!((status, body), (200, json!({"slots": []})));
    let answer = invoke_with(env!("CARGO_BIN_EXE_demo-reminder"), &fixture("demo-reminder"), &world).await;
    assert_eq!(answer, json!("no classes today"));
    // Without its key, a demo function does not start, and says why.
    let output = tokio::process::Command::new(env!("CARGO_BIN_EXE_demo"))
        .env_clear()
        .env("AWS_LAMBDA_RUNTIME_API", "127.0.0.1:9")
        .env("AWS_REGION", "eu-west-2")
        .env("AWS_ACCESS_KEY_ID", "testing")
        .env("AWS_SECRET_ACCESS_KEY", "testing")
        .envs(world.env.iter().filter(|(k, _)| k != "ACADEMY_DEMO_KEY").map(|(k, v)| (k, v)))
        .output()
        .await
        .unwrap();
    assert!(!output.status.success());
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(said.contains("ACADEMY_DEMO_KEY is not set"), "{said}");
}

/// The certificate functions boot and answer their events: a signed-in student with none yet, and
/// staff's certificates section of a batch (its lectures and enrolled students).
#[tokio::test]
async fn certificate_lambdas_answer_a_student_and_staff() {
    let world = World::new().await.with("ACADEMY_LECTURES_BUCKET", "academy-lectures");
    let mine = invoke_with(env!("CARGO_BIN_EXE_certificates"), &fixture("certificates"), &world).await;
    let (status, body) = status_and_body(&mine);
    assert_eq!(status, 200, "{body}");
    assert_eq!(body["certificates"], json!([]), "{body}");
    let staff = invoke_with(env!("CARGO_BIN_EXE_staff-certificates"), &fixture("staff-certificates"), &world).await;
    let (status, body) = status_and_body(&staff);
    assert_eq!(status, 200, "{body}");
    // MERN-07 as seeded: six lectures, no student enrolled on a fresh table.
    assert_eq!(body, json!({"lecturesTotal": 6, "students": []}));
}

/// The Stripe settings of the payments worlds: Stripe's API is a localstripe of the test's own.
const STRIPE_SECRET_KEY: &str = "sk_test_runtime";
const STRIPE_PUBLISHABLE_KEY: &str = "pk_test_runtime";
const STRIPE_WEBHOOK_SECRET: &str = "whsec_runtime";

/// The webhook fixture's event under a fresh id, signed now with `secret` as Stripe signs
/// (what infra/scripts/bench_lambdas.py does at each start).
fn signed_webhook_event(secret: &str) -> String {
    let mut event: Value = serde_json::from_str(&fixture("payments-webhook")).unwrap();
    let mut stripe_event: Value = serde_json::from_str(event["body"].as_str().unwrap()).unwrap();
    stripe_event["id"] = format!("evt_runtime{}", &academy_core::ids::generate()[..16]).into();
    let body = stripe_event.to_string();
    let signature =
        academy_core::payments::stripe::signature_header(academy_core::time::now(), body.as_bytes(), secret);
    event["body"] = body.into();
    event["headers"]["stripe-signature"] = signature.into();
    event.to_string()
}

/// The payments functions boot with the Stripe settings template.yaml gives each (the secret key to
/// all four, the publishable key to `payments` only, the webhook secret to `payments-webhook` only) and
/// answer their fixtures: the options with the publishable key; a validly signed event naming no
/// payment received and not applied, and a badly signed one refused; staff's empty list; the daily
/// round on a fresh table. Without a setting it needs, a payments function does not start, and says which.
#[tokio::test]
async fn payments_lambdas_start_with_their_stripe_settings_and_answer() {
    let world = World::new().await;
    let stripe = world
        .and(&[("ACADEMY_STRIPE_SECRET_KEY", STRIPE_SECRET_KEY), ("ACADEMY_STRIPE_API_BASE", support::localstripe())]);
    let payments = stripe.and(&[("ACADEMY_STRIPE_PUBLISHABLE_KEY", STRIPE_PUBLISHABLE_KEY)]);
    let webhook = stripe.and(&[("ACADEMY_STRIPE_WEBHOOK_SECRET", STRIPE_WEBHOOK_SECRET)]);

    let (status, options) =
        status_and_body(&invoke_with(env!("CARGO_BIN_EXE_payments"), &fixture("payments"), &payments).await);
    assert_eq!(status, 200, "{options}");
    assert_eq!(options["card"]["publishableKey"], STRIPE_PUBLISHABLE_KEY, "{options}");
    assert_eq!(options["card"]["stripeJs"], "https://js.stripe.com/v3/", "{options}");

    let binary = env!("CARGO_BIN_EXE_payments-webhook");
    let answer = invoke_with(binary, &signed_webhook_event(STRIPE_WEBHOOK_SECRET), &webhook).await;
    assert_eq!(status_and_body(&answer), (200, json!({"received": true, "applied": false})), "{answer}");
    for refused in [signed_webhook_event("whsec_another"), fixture("payments-webhook")] {
        let (status, body) = status_and_body(&invoke_with(binary, &refused, &webhook).await);
        assert_eq!((status, body["error"].as_str()), (400, Some("bad_request")), "{body}");
    }

    let staff = invoke_with(env!("CARGO_BIN_EXE_staff-payments"), &fixture("staff-payments"), &stripe).await;
    let (status, body) = status_and_body(&staff);
    assert_eq!((status, &body["items"]), (200, &json!([])), "{body}");

    let round = invoke_with(env!("CARGO_BIN_EXE_payments-renewals"), &fixture("payments-renewals"), &stripe).await;
    assert_eq!(round, json!("0 charged, 0 failed, 0 reminded, 0 overdue, 0 paused"));

    // The webhook without its secret, the card step without its publishable key: neither starts.
    for (binary, missing) in [
        (env!("CARGO_BIN_EXE_payments-webhook"), "ACADEMY_STRIPE_WEBHOOK_SECRET"),
        (env!("CARGO_BIN_EXE_payments"), "ACADEMY_STRIPE_PUBLISHABLE_KEY"),
    ] {
        let output = tokio::process::Command::new(binary)
            .env_clear()
            .env("AWS_LAMBDA_RUNTIME_API", "127.0.0.1:9")
            .env("AWS_REGION", "eu-west-2")
            .env("AWS_ACCESS_KEY_ID", "testing")
            .env("AWS_SECRET_ACCESS_KEY", "testing")
            .envs(stripe.env.iter().map(|(k, v)| (k, v)))
            .output()
            .await
            .unwrap();
        assert!(!output.status.success(), "{binary} started without {missing}");
        let said = String::from_utf8_lossy(&output.stderr);
        assert!(said.contains(&format!("{missing} must be set with ACADEMY_STRIPE_SECRET_KEY")), "{binary}: {said}");
    }
}

/// Every Lambda binary is linked position-dependent (build.rs: `-no-pie`), an ELF `EXEC`, not a
/// `DYN` the loader must relocate at each cold start.
#[test]
fn every_lambda_binary_is_position_dependent() {
    let binaries = [
        env!("CARGO_BIN_EXE_health"),
        env!("CARGO_BIN_EXE_courses"),
        env!("CARGO_BIN_EXE_outline"),
        env!("CARGO_BIN_EXE_batches"),
        env!("CARGO_BIN_EXE_videos"),
        env!("CARGO_BIN_EXE_lecture"),
        env!("CARGO_BIN_EXE_send-email"),
        env!("CARGO_BIN_EXE_mailer"),
        env!("CARGO_BIN_EXE_geo"),
        env!("CARGO_BIN_EXE_chat"),
        env!("CARGO_BIN_EXE_me"),
        env!("CARGO_BIN_EXE_staff-enquiries"),
        env!("CARGO_BIN_EXE_staff-enrolments"),
        env!("CARGO_BIN_EXE_staff-reports"),
        env!("CARGO_BIN_EXE_staff-audit"),
        env!("CARGO_BIN_EXE_staff-lectures"),
        env!("CARGO_BIN_EXE_certificates"),
        env!("CARGO_BIN_EXE_staff-certificates"),
        env!("CARGO_BIN_EXE_transcode"),
        env!("CARGO_BIN_EXE_demo"),
        env!("CARGO_BIN_EXE_staff-demo"),
        env!("CARGO_BIN_EXE_demo-reminder"),
        env!("CARGO_BIN_EXE_sessions"),
        env!("CARGO_BIN_EXE_staff-sessions"),
        env!("CARGO_BIN_EXE_assignments"),
        env!("CARGO_BIN_EXE_staff-assignments"),
        env!("CARGO_BIN_EXE_payments"),
        env!("CARGO_BIN_EXE_payments-webhook"),
        env!("CARGO_BIN_EXE_staff-payments"),
        env!("CARGO_BIN_EXE_payments-renewals"),
    ];
    const ET_EXEC: u16 = 2;
    for binary in binaries {
        let mut header = [0u8; 18];
        std::io::Read::read_exact(&mut std::fs::File::open(binary).unwrap(), &mut header).unwrap();
        assert_eq!(&header[..4], b"\x7fELF", "{binary}");
        assert_eq!(u16::from_le_bytes([header[16], header[17]]), ET_EXEC, "{binary} is not position-dependent");
    }
}

/// The assignment functions boot with the files key from the environment (resolved from the
/// secret at deploy): a student with no batch has no assignments; without the key, or with one
/// that is not an RSA key, they and the lecture function do not start, and say why.
#[tokio::test]
async fn assignment_lambdas_start_with_the_files_key_and_answer() {
    let (pem, _) = support::files_key_pem();
    let world = World::new()
        .await
        .with("ACADEMY_LECTURES_BUCKET", "academy-lectures")
        .with("ACADEMY_FILES_KEY_ID", "K2JCJMDEHXQW5F")
        .with("ACADEMY_FILES_KEY", &pem);
    let (status, body) =
        status_and_body(&invoke_with(env!("CARGO_BIN_EXE_assignments"), &fixture("assignments"), &world).await);
    assert_eq!((status, body), (200, json!({"assignments": []})));
    for (binary, drop, bad_key, said) in [
        (
            env!("CARGO_BIN_EXE_assignments"),
            "ACADEMY_FILES_KEY",
            None,
            "ACADEMY_FILES_KEY_ID is set without ACADEMY_FILES_KEY",
        ),
        (env!("CARGO_BIN_EXE_staff-assignments"), "ACADEMY_FILES_KEY_ID", None, "ACADEMY_FILES_KEY is set without"),
        (
            env!("CARGO_BIN_EXE_staff-assignments"),
            "",
            Some("not a key"),
            "the CloudFront private key is not PEM or base64",
        ),
        // The lecture function signs a playlist's segments with it (decision 0047).
        (env!("CARGO_BIN_EXE_lecture"), "", Some("not a key"), "the CloudFront private key is not PEM or base64"),
        (
            env!("CARGO_BIN_EXE_lecture"),
            "ACADEMY_FILES_KEY",
            None,
            "ACADEMY_FILES_KEY_ID is set without ACADEMY_FILES_KEY",
        ),
    ] {
        let output = tokio::process::Command::new(binary)
            .env_clear()
            .env("AWS_LAMBDA_RUNTIME_API", "127.0.0.1:9")
            .env("AWS_REGION", "eu-west-2")
            .env("AWS_ACCESS_KEY_ID", "testing")
            .env("AWS_SECRET_ACCESS_KEY", "testing")
            .envs(world.env.iter().filter(|(k, _)| k != drop).map(|(k, v)| {
                let v = if k == "ACADEMY_FILES_KEY" { bad_key.unwrap_or(v) } else { v };
                (k, v)
            }))
            .output()
            .await
            .unwrap();
        assert!(!output.status.success(), "{binary} without {drop}");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert!(stderr.contains(said), "{binary}: {stderr}");
    }
}

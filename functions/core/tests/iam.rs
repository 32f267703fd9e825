//! Least privilege, from the code's side: every function's paths run against moto with a recorder
//! on its AWS clients, and the calls made must equal `infra/iam/actions.json`, the file
//! `infra/tests/test_template.py` checks the template's roles against. A new store call that the
//! role does not allow, or a grant the code no longer needs, fails one side or the other.

mod support;

use academy_core::assistant::provider::{Endpoint as ModelEndpoint, ModelProvider};
use academy_core::http::routes::Endpoint;
use academy_core::leads::mail::{deliver, MailSettings, SesMailer};
use academy_core::learning::lecture::{KeySource, LectureLinks, S3Files, DEFAULT_LINK_SECS};
use academy_core::platform::local::dispatch;
use academy_core::platform::local::AppState;
use academy_core::store::dynamodb::{create_table, DynamoItems};
use academy_core::store::Store;
use academy_core::store::{Counters, GrantRecords};
use academy_core::{ids, time};
use aws_sdk_dynamodb::config::{ConfigBag, Intercept};
use aws_smithy_runtime_api::box_error::BoxError;
use aws_smithy_runtime_api::client::interceptors::context::BeforeSerializationInterceptorContextRef;
use aws_smithy_runtime_api::client::orchestrator::Metadata;
use lambda_http::Body;
use serde_json::{json, Value};
use std::collections::{BTreeMap, BTreeSet};
use std::sync::{Arc, Mutex};
use support::{as_student, moto_config, request, request_with_body};

const MERN: &str = "665f1c2a9b3e4d0012a1b001";
const MERN_07: &str = "665f1c2a9b3e4d0012a1c001";

/// Records `<service>:<Operation>` for every call a client starts.
#[derive(Clone, Debug)]
struct Recorder {
    service: &'static str,
    calls: Arc<Mutex<BTreeSet<String>>>,
}

impl Intercept for Recorder {
    fn name(&self) -> &'static str {
        "iam-recorder"
    }

    fn read_before_serialization(
        &self,
        _context: &BeforeSerializationInterceptorContextRef<'_>,
        _components: &aws_sdk_dynamodb::config::RuntimeComponents,
        cfg: &mut ConfigBag,
    ) -> Result<(), BoxError> {
        let operation = cfg.load::<Metadata>().expect("every operation carries its metadata").name();
        self.calls.lock().unwrap().insert(format!("{}:{operation}", self.service));
        Ok(())
    }
}

/// One function's world on moto: a seeded table, its clients recording into one set.
struct World {
    calls: Arc<Mutex<BTreeSet<String>>>,
    state: AppState,
    config: aws_config::SdkConfig,
    secrets: aws_sdk_secretsmanager::Client,
    /// The lecture link keys' secret.
    key_secret: String,
}

impl World {
    async fn new() -> Self {
        let config = moto_config().await;
        let calls = Arc::new(Mutex::new(BTreeSet::new()));
        let recorder = |service| Recorder { service, calls: calls.clone() };
        let dynamodb = aws_sdk_dynamodb::Client::from_conf(
            aws_sdk_dynamodb::config::Builder::from(&config).interceptor(recorder("dynamodb")).build(),
        );
        let table = format!("academy-{}", ids::generate());
        create_table(&dynamodb, &table).await.unwrap();
        let store = support::seeded(Store::new(Arc::new(DynamoItems::new(dynamodb, &table)))).await;
        let s3 = aws_sdk_s3::Client::from_conf(
            aws_sdk_s3::config::Builder::from(&config).force_path_style(true).interceptor(recorder("s3")).build(),
        );
        let secrets = aws_sdk_secretsmanager::Client::from_conf(
            aws_sdk_secretsmanager::config::Builder::from(&config).interceptor(recorder("secretsmanager")).build(),
        );
        let key_secret = format!("academy/lecture-key-{}", ids::generate());
        let key = "k1-0123456789abcdef0123456789abcdef";
        let keys = json!({"current": "k1", "k1": key}).to_string();
        secrets.create_secret().name(&key_secret).secret_string(keys).send().await.unwrap();
        let links = Arc::new(LectureLinks::new(KeySource::secret(secrets.clone(), &key_secret), DEFAULT_LINK_SECS));
        let files = Arc::new(S3Files::new(s3, std::time::Duration::from_secs(3600)));
        let state = AppState::with(store, links, files, ModelProvider::offline());
        let world = Self { calls, state, config, secrets, key_secret };
        world.forget();
        world
    }

    /// The lecture function's own view of the link keys (a container of its own reads them).
    fn fresh_lecture_links(&self) -> Arc<LectureLinks> {
        Arc::new(LectureLinks::new(KeySource::secret(self.secrets.clone(), &self.key_secret), DEFAULT_LINK_SECS))
    }

    fn recorder(&self, service: &'static str) -> Recorder {
        Recorder { service, calls: self.calls.clone() }
    }

    /// Setting up is not the function's doing.
    fn forget(&self) {
        self.calls.lock().unwrap().clear();
    }

    async fn call(&self, endpoint: Endpoint, req: lambda_http::Request) -> u16 {
        dispatch(&self.state, req, Some(endpoint)).await.status().as_u16()
    }

    /// A counter of the current window whose expiry has passed (TTL deletes such items late),
    /// so the limit's next count takes its other path: a fresh put instead of an increment.
    async fn expired_counter(&self, scope: &str, key: &str, window_secs: i64) {
        let now = time::now();
        let start = now - now.rem_euclid(window_secs);
        self.state.store.rate_add(scope, key, start, 1, now - 1, now - 2).await.unwrap();
        self.forget();
    }

    fn made(&self) -> BTreeSet<String> {
        self.calls.lock().unwrap().clone()
    }
}

fn get(path: &str, headers: &[(&str, &str)], ip: &str) -> lambda_http::Request {
    request("GET", path, headers, ip)
}

fn post(path: &str, body: Value, ip: &str) -> lambda_http::Request {
    send("POST", path, body, ip)
}

fn send(method: &str, path: &str, body: Value, ip: &str) -> lambda_http::Request {
    request_with_body(method, path, &[("content-type", "application/json")], ip, Body::Text(body.to_string()))
}

fn declared() -> BTreeMap<String, BTreeSet<String>> {
    let text = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../infra/iam/actions.json")).unwrap();
    let file: BTreeMap<String, Value> = serde_json::from_str(&text).unwrap();
    file.into_iter()
        .filter(|(name, _)| !name.starts_with('$'))
        .map(|(name, actions)| {
            let actions = actions.as_array().unwrap().iter().map(|a| a.as_str().unwrap().to_owned()).collect();
            (name, actions)
        })
        .collect()
}

async fn requests(endpoint: Endpoint, paths: &[String]) -> BTreeSet<String> {
    let world = World::new().await;
    for path in paths {
        world.call(endpoint, get(path, &[], "198.51.100.1")).await;
    }
    world.made()
}

async fn videos() -> BTreeSet<String> {
    let world = World::new().await;
    let (secret, _) = support::grant(&world.state.store, MERN_07).await;
    let guesser = "203.0.113.90";
    let limit = academy_core::limits::SECRET_ID_GUESSES;
    world.expired_counter(limit.scope, &format!("{MERN_07}#{guesser}"), limit.window_secs).await;
    let path = format!("/api/batches/{MERN_07}/videos");
    assert_eq!(world.call(Endpoint::Videos, get(&path, &[("x-secret-id", "guess")], guesser)).await, 403);
    assert_eq!(world.call(Endpoint::Videos, get(&path, &[("x-secret-id", "guess")], "203.0.113.91")).await, 403);
    assert_eq!(world.call(Endpoint::Videos, get(&path, &[("x-secret-id", &secret)], "203.0.113.92")).await, 200);
    world.made()
}

/// The me function as it runs behind the JWT authorizer (the gateway's claims name the student):
/// a wrong Secret ID (its guess counter's fresh put, then its increment), the right one linked,
/// the linked batches listed (the recorded gateway event), a lecture's progress saved and the
/// batch's progress read.
async fn me() -> BTreeSet<String> {
    let world = World::new().await;
    let (secret, _) = support::grant(&world.state.store, MERN_07).await;
    // The student of infra/events/me.json, the event API Gateway hands the function.
    let student = "7c1e5a2b-4d3f-4e8a-9b6c-2f0d1e3a5b7c";
    let guesser = "203.0.113.70";
    let limit = academy_core::limits::SECRET_ID_GUESSES;
    world.expired_counter(limit.scope, &format!("{MERN_07}#{guesser}"), limit.window_secs).await;
    let link = |secret: &str, ip: &str| {
        as_student(post("/api/me/batches", json!({"batchId": MERN_07, "secretId": secret}), ip), student)
    };
    assert_eq!(world.call(Endpoint::Me, link("guess", guesser)).await, 403);
    assert_eq!(world.call(Endpoint::Me, link("guess", "203.0.113.71")).await, 403);
    assert_eq!(world.call(Endpoint::Me, link(&secret, "203.0.113.72")).await, 200);
    assert_eq!(world.call(Endpoint::Me, support::fixture("me")).await, 200);
    let ip = "203.0.113.73";
    let position = json!({"positionSeconds": 42.5, "completed": false});
    let put = send("PUT", &format!("/api/me/progress/{MERN_07}/1"), position, ip);
    assert_eq!(world.call(Endpoint::Me, as_student(put, student)).await, 200);
    let progress = get(&format!("/api/me/progress/{MERN_07}"), &[], ip);
    assert_eq!(world.call(Endpoint::Me, as_student(progress, student)).await, 200);
    world.made()
}

/// The lecture function: a signed link (made before the recording starts), fetched in full and
/// in part, then with a revoked grant.
async fn lecture() -> BTreeSet<String> {
    let mut world = World::new().await;
    let (secret, grant) = support::grant(&world.state.store, MERN_07).await;
    let videos = format!("/api/batches/{MERN_07}/videos");
    let answer = dispatch(&world.state, get(&videos, &[("x-secret-id", &secret)], "203.0.113.80"), None).await;
    let body: Value = match answer.body() {
        Body::Text(text) => serde_json::from_str(text).unwrap(),
        other => panic!("unexpected body {other:?}"),
    };
    let link = body["videos"][0]["url"].as_str().unwrap().to_owned();
    world.state.lecture.links = world.fresh_lecture_links();
    world.forget();
    assert_eq!(world.call(Endpoint::Lecture, get(&link, &[], "203.0.113.81")).await, 302);
    assert_eq!(world.call(Endpoint::Lecture, get(&link, &[("range", "bytes=0-")], "203.0.113.81")).await, 302);
    let mut made = world.made();
    world.state.store.revoke_grant(&grant, time::now()).await.unwrap();
    world.forget();
    assert_eq!(world.call(Endpoint::Lecture, get(&link, &[], "203.0.113.81")).await, 403);
    made.extend(world.made());
    made
}

async fn send_email() -> BTreeSet<String> {
    let world = World::new().await;
    let visitor = "203.0.113.93";
    let limit = academy_core::limits::ENQUIRIES;
    world.expired_counter(limit.scope, visitor, limit.window_secs).await;
    let enrol = json!({"formType": "enrollment-form", "formData": {"firstName": "Iqra", "lastName": "Nadeem",
        "email": "iqra@example.pk", "phone": "03001234567", "course": "Data Analysis"}});
    assert_eq!(world.call(Endpoint::SendEmail, post("/api/send-email", enrol, visitor)).await, 200);
    let contact = json!({"formType": "contact-form", "formData": {"firstName": "Hamza", "lastName": "Qureshi",
        "email": "hamza.q@example.pk", "phone": "+92 300 1234567", "message": "Weekend batches?"}});
    assert_eq!(world.call(Endpoint::SendEmail, post("/api/send-email", contact, "203.0.113.94")).await, 200);
    world.made()
}

async fn chat() -> BTreeSet<String> {
    let mut world = World::new().await;
    let secrets = aws_sdk_secretsmanager::Client::from_conf(
        aws_sdk_secretsmanager::config::Builder::from(&world.config)
            .interceptor(world.recorder("secretsmanager"))
            .build(),
    );
    let name = format!("academy/model-key-{}", ids::generate());
    secrets.create_secret().name(&name).secret_string("key").send().await.unwrap();
    // The model answers nowhere (a closed port): the assistant falls back to its offline answer.
    let nowhere = ModelEndpoint { base_url: "http://127.0.0.1:9".into(), model: "m".into() };
    world.state.chat.model = ModelProvider::secret(secrets, &name, nowhere);
    let asker = "203.0.113.95";
    let limit = academy_core::limits::CHAT_QUESTIONS;
    world.expired_counter(limit.scope, asker, limit.window_secs).await;
    let question = json!({"question": "How long is the free demo?"});
    assert_eq!(world.call(Endpoint::Chat, post("/api/chat", question.clone(), asker)).await, 200);
    assert_eq!(world.call(Endpoint::Chat, post("/api/chat", question, "203.0.113.96")).await, 200);
    world.made()
}

async fn mailer() -> BTreeSet<String> {
    let world = World::new().await;
    let contact = json!({"formType": "contact-form", "formData": {"firstName": "Sana", "lastName": "Iamtest",
        "email": "sana@example.pk", "phone": "+92 300 7654321", "message": "Hello"}});
    let answer = dispatch(&world.state, post("/api/send-email", contact, "203.0.113.97"), None).await;
    let body: Value = match answer.body() {
        Body::Text(text) => serde_json::from_str(text).unwrap(),
        other => panic!("unexpected body {other:?}"),
    };
    let id = body["submissionId"].as_str().unwrap().to_owned();
    let ses = aws_sdk_sesv2::Client::from_conf(
        aws_sdk_sesv2::config::Builder::from(&world.config).interceptor(world.recorder("ses")).build(),
    );
    let sender = "no-reply@iam.academy.test";
    ses.create_email_identity().email_identity(sender).send().await.unwrap();
    world.forget();
    // With the acknowledgement on (the stack's AutoReply parameter), as it may be deployed: its
    // per-address limit is a counter (an update).
    let settings = MailSettings { inbox: "admissions@iam.academy.test".into(), from: sender.into(), auto_reply: true };
    deliver(&world.state.store, &SesMailer::new(ses, None), &settings, &id, false).await.unwrap();
    world.made()
}

#[tokio::test]
async fn every_function_calls_exactly_what_its_role_allows() {
    let made: BTreeMap<&str, BTreeSet<String>> = BTreeMap::from([
        ("health", requests(Endpoint::Health, &["/api/health".into()]).await),
        ("geo", requests(Endpoint::Geo, &["/api/geo".into()]).await),
        ("courses", requests(Endpoint::Courses, &["/api/courses".into()]).await),
        (
            "outline",
            requests(
                Endpoint::Outline,
                &[format!("/api/outline/{MERN}"), "/api/outline/ffffffffffffffffffffffff".into()],
            )
            .await,
        ),
        (
            "batches",
            requests(
                Endpoint::Batches,
                &[
                    "/api/batches".into(),
                    format!("/api/batches/{MERN_07}"),
                    format!("/api/batches/course/{MERN}"),
                    "/api/batches/course/ffffffffffffffffffffffff".into(),
                ],
            )
            .await,
        ),
        ("videos", videos().await),
        ("me", me().await),
        ("lecture", lecture().await),
        ("send-email", send_email().await),
        ("chat", chat().await),
        ("mailer", mailer().await),
    ]);
    let declared = declared();
    assert_eq!(declared.keys().map(String::as_str).collect::<Vec<_>>(), made.keys().copied().collect::<Vec<_>>());
    for (function, calls) in made {
        assert_eq!(calls, declared[function], "{function}: calls made vs infra/iam/actions.json");
    }
}

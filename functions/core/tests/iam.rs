//! Least privilege, from the code's side: every function's paths run against moto with a recorder
//! on its AWS clients, and the calls made must equal `infra/iam/actions.json`, the file
//! `infra/tests/test_template.py` checks the template's roles against. A new store call that the
//! role does not allow, or a grant the code no longer needs, fails one side or the other.

use crate::support;

use academy_core::assistant::provider::{Endpoint as ModelEndpoint, ModelProvider};
use academy_core::enrolment::Mailing;
use academy_core::leads::api::InlineMailer;
use academy_core::leads::mail::deliver;
use academy_core::learning::lecture::{KeySource, LectureLinks, S3Files, DEFAULT_LINK_SECS};
use academy_core::mail::{MailSettings, Mailer, SesMailer};
use academy_core::media::mediaconvert::MediaConvert;
use academy_core::media::transcode::on_event;
use academy_core::platform::lambda::dispatch_as;
use academy_core::platform::lambda::{self, Function};
use academy_core::platform::local::AppState;
use academy_core::platform::routes::dispatch;
use academy_core::store::dynamodb::{create_table, DynamoItems};
use academy_core::store::Store;
use academy_core::store::{Counters, GrantRecords};
use academy_core::{ids, time};
use aws_sdk_dynamodb::config::{ConfigBag, Intercept};
use aws_smithy_runtime_api::box_error::BoxError;
use aws_smithy_runtime_api::client::interceptors::context::BeforeSerializationInterceptorContextRef;
use aws_smithy_runtime_api::client::orchestrator::Metadata;
use lambda_http::request::RequestContext;
use lambda_http::{Body, RequestExt};
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
        self.calls.lock().unwrap().insert(format!("{}:{}", self.service, iam_action(self.service, operation)));
        Ok(())
    }
}

/// The IAM action that allows an operation: its own name, but for the S3 operations IAM groups
/// under another (a multipart upload's steps are all `s3:PutObject`).
fn iam_action<'a>(service: &str, operation: &'a str) -> &'a str {
    match (service, operation) {
        ("s3", "CreateMultipartUpload" | "UploadPart" | "CompleteMultipartUpload") => "PutObject",
        ("s3", "ListParts") => "ListMultipartUploadParts",
        ("s3", "ListObjectsV2") => "ListBucket",
        ("s3", "DeleteObjects") => "DeleteObject",
        // HEAD of an object is allowed by s3:GetObject.
        ("s3", "HeadObject") => "GetObject",
        _ => operation,
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

    async fn call<F: Function>(&self, req: lambda_http::Request) -> u16 {
        dispatch_as::<F>(&self.state, req).await.status().as_u16()
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

async fn requests<F: Function>(paths: &[String]) -> BTreeSet<String> {
    let world = World::new().await;
    for path in paths {
        world.call::<F>(get(path, &[], "198.51.100.1")).await;
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
    assert_eq!(world.call::<lambda::Videos>(get(&path, &[("x-secret-id", "guess")], guesser)).await, 403);
    assert_eq!(world.call::<lambda::Videos>(get(&path, &[("x-secret-id", "guess")], "203.0.113.91")).await, 403);
    assert_eq!(world.call::<lambda::Videos>(get(&path, &[("x-secret-id", &secret)], "203.0.113.92")).await, 200);
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
    assert_eq!(world.call::<lambda::Me>(link("guess", guesser)).await, 403);
    assert_eq!(world.call::<lambda::Me>(link("guess", "203.0.113.71")).await, 403);
    assert_eq!(world.call::<lambda::Me>(link(&secret, "203.0.113.72")).await, 200);
    assert_eq!(world.call::<lambda::Me>(support::fixture("me")).await, 200);
    let ip = "203.0.113.73";
    let position = json!({"positionSeconds": 42.5, "completed": false});
    let put = send("PUT", &format!("/api/me/progress/{MERN_07}/1"), position, ip);
    assert_eq!(world.call::<lambda::Me>(as_student(put, student)).await, 200);
    let progress = get(&format!("/api/me/progress/{MERN_07}"), &[], ip);
    assert_eq!(world.call::<lambda::Me>(as_student(progress, student)).await, 200);
    world.made()
}

/// A ready HLS recording as lecture `n` of MERN_07: a master and one media playlist in the (moto)
/// lectures bucket, written by a client that records nothing (the transcoding wrote them).
async fn hls_recording(world: &World, n: u32) {
    use academy_core::domain::{Lecture, LectureMedia, LectureState};
    use academy_core::store::CatalogRecords;
    let s3 =
        aws_sdk_s3::Client::from_conf(aws_sdk_s3::config::Builder::from(&world.config).force_path_style(true).build());
    let bucket = format!("academy-lectures-{}", ids::generate());
    support::create_bucket(&s3, &bucket).await;
    let folder = academy_core::media::hls_folder(MERN_07, "v-hls", "j1");
    let master = "#EXTM3U\n#EXT-X-STREAM-INF:BANDWIDTH=400000,RESOLUTION=640x360\n360p.m3u8\n";
    let media =
        "#EXTM3U\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXT-X-MAP:URI=\"init.mp4\"\n#EXTINF:6,\nseg_1.m4s\n#EXT-X-ENDLIST\n";
    for (name, text) in [("master.m3u8", master), ("360p.m3u8", media)] {
        let key = format!("{folder}{name}");
        s3.put_object().bucket(&bucket).key(key).body(text.as_bytes().to_vec().into()).send().await.unwrap();
    }
    let first = world.state.store.get_lecture(MERN_07, 1).await.unwrap().unwrap();
    let media = LectureMedia {
        state: LectureState::Ready,
        master: Some(format!("s3://{bucket}/{folder}master.m3u8")),
        ..LectureMedia::default()
    };
    let video = Lecture { id: "v-hls".into(), lecture_number: n, media: Some(media), ..first };
    world.state.store.put_lecture(&video).await.unwrap();
}

/// The lecture function: a signed link (made before the recording starts), fetched in full and
/// in part, then with a revoked grant; an HLS recording's playlists (read from S3, every segment
/// presigned) likewise.
async fn lecture() -> BTreeSet<String> {
    let mut world = World::new().await;
    hls_recording(&world, 40).await;
    let (secret, grant) = support::grant(&world.state.store, MERN_07).await;
    let videos = format!("/api/batches/{MERN_07}/videos");
    let answer = dispatch(&world.state, get(&videos, &[("x-secret-id", &secret)], "203.0.113.80")).await;
    let body: Value = match answer.body() {
        Body::Text(text) => serde_json::from_str(text).unwrap(),
        other => panic!("unexpected body {other:?}"),
    };
    let link = body["videos"][0]["url"].as_str().unwrap().to_owned();
    let recording = body["videos"].as_array().unwrap().iter().find(|v| v["lectureNumber"] == 40).unwrap();
    let master = recording["url"].as_str().unwrap().to_owned();
    world.state.lecture.links = world.fresh_lecture_links();
    world.forget();
    assert_eq!(world.call::<lambda::Lecture>(get(&link, &[], "203.0.113.81")).await, 302);
    assert_eq!(world.call::<lambda::Lecture>(get(&link, &[("range", "bytes=0-")], "203.0.113.81")).await, 302);
    let answer = dispatch_as::<lambda::Lecture>(&world.state, get(&master, &[], "203.0.113.81")).await;
    assert_eq!(answer.status(), 200);
    let variant = match answer.body() {
        Body::Text(text) => text.lines().find(|l| l.starts_with("/lecture/")).unwrap().to_owned(),
        other => panic!("unexpected body {other:?}"),
    };
    assert_eq!(world.call::<lambda::Lecture>(get(&variant, &[], "203.0.113.81")).await, 200);
    let mut made = world.made();
    world.state.store.revoke_grant(&grant, time::now()).await.unwrap();
    world.forget();
    assert_eq!(world.call::<lambda::Lecture>(get(&link, &[], "203.0.113.81")).await, 403);
    assert_eq!(world.call::<lambda::Lecture>(get(&variant, &[], "203.0.113.81")).await, 403);
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
    assert_eq!(world.call::<lambda::SendEmail>(post("/api/send-email", enrol, visitor)).await, 200);
    let contact = json!({"formType": "contact-form", "formData": {"firstName": "Hamza", "lastName": "Qureshi",
        "email": "hamza.q@example.pk", "phone": "+92 300 1234567", "message": "Weekend batches?"}});
    assert_eq!(world.call::<lambda::SendEmail>(post("/api/send-email", contact, "203.0.113.94")).await, 200);
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
    assert_eq!(world.call::<lambda::Chat>(post("/api/chat", question.clone(), asker)).await, 200);
    assert_eq!(world.call::<lambda::Chat>(post("/api/chat", question, "203.0.113.96")).await, 200);
    world.made()
}

async fn mailer() -> BTreeSet<String> {
    let world = World::new().await;
    let contact = json!({"formType": "contact-form", "formData": {"firstName": "Sana", "lastName": "Iamtest",
        "email": "sana@example.pk", "phone": "+92 300 7654321", "message": "Hello"}});
    let answer = dispatch(&world.state, post("/api/send-email", contact, "203.0.113.97")).await;
    let body: Value = match answer.body() {
        Body::Text(text) => serde_json::from_str(text).unwrap(),
        other => panic!("unexpected body {other:?}"),
    };
    let id = body["submissionId"].as_str().unwrap().to_owned();
    let ses = aws_sdk_sesv2::Client::from_conf(
        aws_sdk_sesv2::config::Builder::from(&world.config).interceptor(world.recorder("ses")).build(),
    );
    let sender = SENDER;
    ses.create_email_identity().email_identity(sender).send().await.unwrap();
    world.forget();
    // With the acknowledgement on (the stack's AutoReply parameter), as it may be deployed: its
    // per-address limit is a counter (an update).
    let settings = MailSettings { inbox: "admissions@iam.academy.test".into(), from: sender.into(), auto_reply: true };
    deliver(&world.state.store, &SesMailer::new(ses, None), &settings, &id, false).await.unwrap();
    world.made()
}

/// The sender of the staff functions' mail (an SES identity made in moto before recording).
const SENDER: &str = "no-reply@iam.academy.test";

/// `req` as API Gateway passes it on after its JWT authorizer verified a Cognito access token of a
/// member of staff: the gateway hands the list `cognito:groups` over as text, and Cognito's access
/// tokens carry no e-mail (the function would ask the userinfo endpoint; none is set up here).
fn as_staff(req: lambda_http::Request) -> lambda_http::Request {
    let req = as_student(req, "5d2f9a1c-0b7e-4c3d-8e6f-a1b2c3d4e5f6");
    let Some(RequestContext::ApiGatewayV2(mut context)) = req.request_context_ref().cloned() else {
        panic!("an API Gateway request")
    };
    let jwt = context.authorizer.as_mut().and_then(|a| a.jwt.as_mut()).expect("the authorizer's claims");
    jwt.claims.insert("cognito:groups".into(), "[staff]".into());
    req.with_request_context(RequestContext::ApiGatewayV2(context))
}

/// The JSON of an answer (the staff API answers JSON except for its spreadsheets).
fn json_of(answer: lambda_http::Response<Body>) -> (u16, Value) {
    let status = answer.status().as_u16();
    let body = match answer.body() {
        Body::Text(text) => serde_json::from_str(text).unwrap_or(Value::Null),
        _ => Value::Null,
    };
    (status, body)
}

impl World {
    /// SES through this world's recorder, sending as `SENDER` (verified in moto beforehand).
    async fn ses(&self) -> Arc<dyn Mailer> {
        let ses = aws_sdk_sesv2::Client::from_conf(
            aws_sdk_sesv2::config::Builder::from(&self.config).interceptor(self.recorder("ses")).build(),
        );
        ses.create_email_identity().email_identity(SENDER).send().await.unwrap();
        self.forget();
        Arc::new(SesMailer::new(ses, None))
    }

    /// A staff function's answer to a request of a member of staff.
    async fn staff<F: Function>(&self, req: lambda_http::Request) -> (u16, Value) {
        json_of(dispatch_as::<F>(&self.state, as_staff(req)).await)
    }

    /// An enquiry sent through the contact form (not the staff function's doing).
    async fn enquiry(&self, email: &str) -> String {
        let contact = json!({"formType": "contact-form", "formData": {"firstName": "Sana", "lastName": "Iamtest",
            "email": email, "phone": "+92 300 7654321", "message": "Hello"}});
        let (status, body) = json_of(dispatch(&self.state, post("/api/send-email", contact, "203.0.113.60")).await);
        assert_eq!(status, 200);
        self.forget();
        body["submissionId"].as_str().unwrap().to_owned()
    }

    /// A student's account linking `secret` to `batch` (the me function's doing, not recorded).
    async fn link(&self, batch: &str, secret: &str, student: &str) {
        let link = post("/api/me/batches", json!({"batchId": batch, "secretId": secret}), "203.0.113.61");
        assert_eq!(self.call::<lambda::Me>(as_student(link, student)).await, 200);
        let position = json!({"positionSeconds": 42.5, "completed": false});
        let put = send("PUT", &format!("/api/me/progress/{batch}/1"), position, "203.0.113.61");
        assert_eq!(self.call::<lambda::Me>(as_student(put, student)).await, 200);
        self.forget();
    }
}

/// Staff's enquiries: the list (plain, filtered, a second page), the spreadsheet, one enquiry, marked
/// handled (and audited), and its mail sent again by SES (and audited).
async fn staff_enquiries() -> BTreeSet<String> {
    let mut world = World::new().await;
    let settings = MailSettings { inbox: "admissions@iam.academy.test".into(), from: SENDER.into(), auto_reply: false };
    world.state.staff_enquiries.mail = Some(InlineMailer { mailer: world.ses().await, settings });
    let id = world.enquiry("sana@example.pk").await;
    world.enquiry("omar@example.pk").await;
    let ip = "203.0.113.62";
    let (status, page) = world.staff::<lambda::StaffEnquiries>(get("/api/staff/enquiries?limit=1", &[], ip)).await;
    assert_eq!(status, 200);
    let next = page["nextCursor"].as_str().expect("a second page");
    let second = format!("/api/staff/enquiries?limit=1&cursor={next}");
    assert_eq!(world.staff::<lambda::StaffEnquiries>(get(&second, &[], ip)).await.0, 200);
    let filtered = "/api/staff/enquiries?q=sana&handled=false&formType=contact-form&delivery=pending";
    assert_eq!(world.staff::<lambda::StaffEnquiries>(get(filtered, &[], ip)).await.0, 200);
    assert_eq!(world.staff::<lambda::StaffEnquiries>(get("/api/staff/enquiries.csv", &[], ip)).await.0, 200);
    let one = format!("/api/staff/enquiries/{id}");
    assert_eq!(world.staff::<lambda::StaffEnquiries>(get(&one, &[], ip)).await.0, 200);
    let handled = send("PATCH", &one, json!({"handled": true, "note": "Called back"}), ip);
    assert_eq!(world.staff::<lambda::StaffEnquiries>(handled).await.0, 200);
    let resend = post(&format!("{one}/resend"), json!({}), ip);
    let (status, enquiry) = world.staff::<lambda::StaffEnquiries>(resend).await;
    assert_eq!((status, enquiry["delivery"].as_str()), (200, Some("sent")));
    world.made()
}

/// Staff's enrolments: the batches with their counts; a student enrolled from an enquiry (grant,
/// enrolment, welcome by SES, the enquiry marked handled, audited); the batch's roster; a new Secret
/// ID (the old grant revoked) that the student then links; a roster pasted (enrolled, already
/// enrolled, invalid lines); the enrolment revoked (its grant, and the account's link deleted).
async fn staff_enrolments() -> BTreeSet<String> {
    let mut world = World::new().await;
    let mailer = world.ses().await;
    world.state.staff_enrolments.mailing =
        Some(Mailing { mailer, from: SENDER.into(), site_url: "https://academy.test".into() });
    let enquiry = world.enquiry("ayesha@example.pk").await;
    let ip = "203.0.113.63";
    assert_eq!(world.staff::<lambda::StaffEnrolments>(get("/api/staff/batches", &[], ip)).await.0, 200);
    let enrol = json!({"batchId": MERN_07, "name": "Ayesha Khan", "email": "ayesha@example.pk", "enquiryId": enquiry});
    let (status, enrolled) = world.staff::<lambda::StaffEnrolments>(post("/api/staff/enrolments", enrol, ip)).await;
    assert_eq!(status, 201, "{enrolled}");
    let id = enrolled["enrolment"]["id"].as_str().unwrap().to_owned();
    let roster = format!("/api/staff/batches/{MERN_07}/enrolments");
    assert_eq!(world.staff::<lambda::StaffEnrolments>(get(&roster, &[], ip)).await.0, 200);
    let resend = post(&format!("/api/staff/enrolments/{id}/resend"), json!({}), ip);
    let (status, resent) = world.staff::<lambda::StaffEnrolments>(resend).await;
    assert_eq!(status, 200, "{resent}");
    let mut made = world.made();
    world.link(MERN_07, resent["secretId"].as_str().unwrap(), "0f1e2d3c-4b5a-6978-8a9b-acbdcedf0011").await;
    let csv = "name,email\nBilal Ahmed,bilal@example.pk\nAyesha Khan,ayesha@example.pk\nNo Address,not-an-email\n";
    let bulk = post(&format!("{roster}/bulk"), json!({"csv": csv}), ip);
    let (status, lines) = world.staff::<lambda::StaffEnrolments>(bulk).await;
    assert_eq!(
        (status, &lines["enrolled"], &lines["alreadyEnrolled"], &lines["invalid"]),
        (200, &json!(1), &json!(1), &json!(1))
    );
    let revoke = request("DELETE", &format!("/api/staff/enrolments/{id}"), &[], ip);
    let (status, revoked) = world.staff::<lambda::StaffEnrolments>(revoke).await;
    assert_eq!(
        (status, revoked["status"].as_str(), revoked["accountLinked"].as_bool()),
        (200, Some("revoked"), Some(false))
    );
    made.extend(world.made());
    made
}

/// Staff's reports: a batch with an enrolled student who watched a lecture and an account that
/// linked a Secret ID issued outside the console (its grant's label read), as JSON and CSV.
async fn staff_reports() -> BTreeSet<String> {
    let mut world = World::new().await;
    world.state.staff_enrolments.mailing = None;
    let ip = "203.0.113.64";
    let enrol = json!({"batchId": MERN_07, "name": "Ayesha Khan", "email": "ayesha@example.pk"});
    let (status, enrolled) = world.staff::<lambda::StaffEnrolments>(post("/api/staff/enrolments", enrol, ip)).await;
    assert_eq!(status, 201);
    world.link(MERN_07, enrolled["secretId"].as_str().unwrap(), "1a2b3c4d-0000-4000-8000-000000000001").await;
    let (secret, _) = support::grant(&world.state.store, MERN_07).await;
    world.link(MERN_07, &secret, "1a2b3c4d-0000-4000-8000-000000000002").await;
    let report = format!("/api/staff/batches/{MERN_07}/report");
    let (status, body) = world.staff::<lambda::StaffReports>(get(&report, &[], ip)).await;
    assert_eq!((status, body["students"].as_array().map(Vec::len)), (200, Some(2)));
    assert_eq!(world.staff::<lambda::StaffReports>(get(&format!("{report}.csv"), &[], ip)).await.0, 200);
    world.made()
}

/// Staff's audit trail: a page, and the next one.
async fn staff_audit() -> BTreeSet<String> {
    let world = World::new().await;
    let ip = "203.0.113.65";
    for email in ["a@example.pk", "b@example.pk"] {
        let enrol = json!({"batchId": MERN_07, "name": "Student", "email": email});
        assert_eq!(world.staff::<lambda::StaffEnrolments>(post("/api/staff/enrolments", enrol, ip)).await.0, 201);
    }
    world.forget();
    let (status, page) = world.staff::<lambda::StaffAudit>(get("/api/staff/audit?limit=1", &[], ip)).await;
    assert_eq!(status, 200);
    let next = format!("/api/staff/audit?limit=1&cursor={}", page["nextCursor"].as_str().expect("a second page"));
    assert_eq!(world.staff::<lambda::StaffAudit>(get(&next, &[], ip)).await.0, 200);
    world.made()
}

/// Staff's lectures: the list; a recording added, edited, moved; its upload begun (S3 multipart,
/// presigned parts), a part PUT by the browser, the upload resumed (its parts listed) and completed;
/// captions; a failed transcode retried (an event on the default bus); a second recording whose
/// upload is replaced by another file (the first aborted); a lecture deleted with its folder.
async fn staff_lectures() -> BTreeSet<String> {
    use academy_core::media::events::EventBridgeQueue;
    use academy_core::media::uploads::S3Uploads;
    use academy_core::store::CatalogRecords;
    let mut world = World::new().await;
    let ip = "203.0.113.66";
    let s3 = aws_sdk_s3::Client::from_conf(support::moto_s3(&world.config).interceptor(world.recorder("s3")).build());
    let bucket = format!("academy-lectures-{}", ids::generate());
    support::create_bucket(&s3, &bucket).await;
    let events = aws_sdk_eventbridge::Client::from_conf(
        aws_sdk_eventbridge::config::Builder::from(&world.config).interceptor(world.recorder("events")).build(),
    );
    world.state.staff_lectures.uploads = Arc::new(S3Uploads::new(s3, &bucket));
    world.state.staff_lectures.queue = Arc::new(EventBridgeQueue::new(events));
    world.forget();
    let lectures = format!("/api/staff/batches/{MERN_07}/lectures");
    type E = lambda::StaffLectures;
    assert_eq!(world.staff::<E>(get(&lectures, &[], ip)).await.0, 200);
    let (status, added) = world.staff::<E>(post(&lectures, json!({"title": "IAM recording"}), ip)).await;
    assert_eq!(status, 201, "{added}");
    let moved = send("PATCH", &format!("{lectures}/{}", added["lectureNumber"]), json!({"lectureNumber": 50}), ip);
    assert_eq!(world.staff::<E>(moved).await.0, 200);
    let one = format!("{lectures}/50");
    let file = json!({"fileName": "iam.mp4", "size": 10, "contentType": "video/mp4"});
    let (status, started) = world.staff::<E>(post(&format!("{one}/upload"), file.clone(), ip)).await;
    assert_eq!(status, 200, "{started}");
    let url = started["parts"][0]["url"].as_str().unwrap();
    let put = reqwest::Client::new().put(url).body(vec![7u8; 10]).send().await.unwrap();
    let etag = put.headers()["etag"].to_str().unwrap().to_owned();
    let (status, resumed) = world.staff::<E>(post(&format!("{one}/upload"), file, ip)).await;
    assert_eq!((status, resumed["uploaded"][0]["etag"].as_str()), (200, Some(etag.as_str())));
    let complete = json!({"uploadId": started["uploadId"], "parts": [{"number": 1, "etag": etag}]});
    assert_eq!(world.staff::<E>(post(&format!("{one}/upload/complete"), complete, ip)).await.0, 200);
    let vtt = request_with_body(
        "PUT",
        &format!("{one}/captions"),
        &[("content-type", "text/vtt")],
        ip,
        Body::Text("WEBVTT\n".into()),
    );
    assert_eq!(world.staff::<E>(vtt).await.0, 200);
    // The transcoder reports a failure (its doing, not this function's).
    let mut video = world.state.store.get_lecture(MERN_07, 50).await.unwrap().unwrap();
    video.media.as_mut().unwrap().state = academy_core::domain::LectureState::Failed;
    world.state.store.put_lecture(&video).await.unwrap();
    assert_eq!(world.staff::<E>(request("POST", &format!("{one}/retry"), &[], ip)).await.0, 200);
    let (_, second) = world.staff::<E>(post(&lectures, json!({"title": "IAM second"}), ip)).await;
    let two = format!("{lectures}/{}", second["lectureNumber"]);
    for name in ["first.mp4", "second.mp4"] {
        let file = json!({"fileName": name, "size": 10, "contentType": "video/mp4"});
        assert_eq!(world.staff::<E>(post(&format!("{two}/upload"), file, ip)).await.0, 200);
    }
    assert_eq!(world.staff::<E>(request("DELETE", &one, &[], ip)).await.0, 204);
    assert_eq!(world.staff::<E>(request("DELETE", &two, &[], ip)).await.0, 204);
    world.made()
}

/// Certificates' PDFs in a fresh moto bucket, through this world's recorder.
async fn certificate_bucket(world: &mut World) {
    use academy_core::certificates::files::S3Certificates;
    let s3 = aws_sdk_s3::Client::from_conf(support::moto_s3(&world.config).interceptor(world.recorder("s3")).build());
    let bucket = format!("academy-lectures-{}", ids::generate());
    support::create_bucket(&s3, &bucket).await;
    world.state.keep_certificates(Arc::new(S3Certificates::new(s3, &bucket)));
    world.forget();
}

/// A linked student of MERN_07 who now watches all of it, the clock driven at their pace: each
/// lecture file from its start to its end, each embed's page open ten minutes (the me function's
/// doing, not recorded).
async fn watches_the_rest(world: &World, student: &str) {
    use academy_core::store::CatalogRecords;
    let clock = world.state.clock();
    for video in world.state.store.list_lectures(MERN_07).await.unwrap() {
        let (steps, wait, position) = match video.known_length() {
            Some(length) => (1, length, length),
            None => (10, 60.0, 0.0),
        };
        let path = format!("/api/me/progress/{MERN_07}/{}", video.lecture_number);
        for step in 0..=steps {
            let at = if step == steps { position } else { 0.0 };
            clock.advance(if step == 0 { 0.0 } else { wait });
            let put = send("PUT", &path, json!({"positionSeconds": at, "completed": false}), "203.0.113.67");
            assert_eq!(world.call::<lambda::Me>(as_student(put, student)).await, 200);
        }
    }
    world.forget();
}

/// The certificates function: a claim refused (not complete), a claim issued (its PDF stored) and
/// claimed again, the list, the holder's PDF, a PDF lost from the bucket made again; the public
/// look-up (its limit's fresh put, then its increment) and the public PDF.
async fn certificates() -> BTreeSet<String> {
    let mut world = World::new().await;
    certificate_bucket(&mut world).await;
    let visitor = "203.0.113.69";
    let limit = academy_core::limits::CERTIFICATE_CHECKS;
    world.expired_counter(limit.scope, visitor, limit.window_secs).await;
    let student = "3e4f5a6b-0000-4000-8000-00000000c001";
    let (secret, _) = support::grant(&world.state.store, MERN_07).await;
    world.link(MERN_07, &secret, student).await;
    let claim = || {
        as_student(
            post("/api/me/certificates", json!({"batchId": MERN_07, "name": "Zoë Khan"}), "203.0.113.68"),
            student,
        )
    };
    assert_eq!(world.call::<lambda::Certificates>(claim()).await, 409);
    let mut made = world.made();
    watches_the_rest(&world, student).await;
    let (status, issued) = json_of(dispatch_as::<lambda::Certificates>(&world.state, claim()).await);
    assert_eq!(status, 201, "{issued}");
    assert_eq!(world.call::<lambda::Certificates>(claim()).await, 200);
    let id = issued["id"].as_str().unwrap().to_owned();
    let mine = |path: &str| as_student(get(path, &[], "203.0.113.68"), student);
    assert_eq!(world.call::<lambda::Certificates>(mine("/api/me/certificates")).await, 200);
    assert_eq!(world.call::<lambda::Certificates>(mine(&format!("/api/me/certificates/{id}/pdf"))).await, 200);
    assert_eq!(world.call::<lambda::Certificates>(get(&format!("/api/certificates/{id}"), &[], visitor)).await, 200);
    assert_eq!(
        world.call::<lambda::Certificates>(get(&format!("/api/certificates/{id}/pdf"), &[], visitor)).await,
        200
    );
    let unknown = get("/api/certificates/SKY-0000-0000-0000-0000", &[], visitor);
    assert_eq!(world.call::<lambda::Certificates>(unknown).await, 404);
    made.extend(world.made());
    made
}

/// Staff's certificates: the batch's list, a student marked complete and unmarked, a certificate
/// issued for them (its PDF stored), renamed (stored again) and revoked.
async fn staff_certificates() -> BTreeSet<String> {
    let mut world = World::new().await;
    certificate_bucket(&mut world).await;
    let student = "3e4f5a6b-0000-4000-8000-00000000c002";
    let (secret, _) = support::grant(&world.state.store, MERN_07).await;
    world.link(MERN_07, &secret, student).await;
    let ip = "203.0.113.70";
    type E = lambda::StaffCertificates;
    let base = format!("/api/staff/batches/{MERN_07}");
    assert_eq!(world.staff::<E>(get(&format!("{base}/certificates"), &[], ip)).await.0, 200);
    let mark = |complete: bool| {
        send("PUT", &format!("{base}/students/{student}/completion"), json!({"complete": complete}), ip)
    };
    assert_eq!(world.staff::<E>(mark(true)).await.0, 200);
    let issue = post(&format!("{base}/students/{student}/certificate"), json!({"name": "Ayesha Khan"}), ip);
    let (status, issued) = world.staff::<E>(issue).await;
    assert_eq!(status, 201, "{issued}");
    assert_eq!(world.staff::<E>(mark(false)).await.0, 200);
    let id = issued["id"].as_str().unwrap();
    let rename = send("PATCH", &format!("/api/staff/certificates/{id}"), json!({"name": "Ayesha Khan Niazi"}), ip);
    assert_eq!(world.staff::<E>(rename).await.0, 200);
    let revoke = post(&format!("/api/staff/certificates/{id}/revoke"), json!({"reason": "Issued in error"}), ip);
    assert_eq!(world.staff::<E>(revoke).await.0, 200);
    world.made()
}

/// A MediaConvert speaking its wire format that records, for each call, the permissions it is
/// made with: Probe reads the recording with the caller's own S3 permission, and CreateJob hands
/// MediaConvert the job's role (`iam:PassRole`).
async fn recording_mediaconvert(calls: Arc<Mutex<BTreeSet<String>>>) -> MediaConvert {
    use axum::extract::{Path, State};
    use axum::routing::post;
    async fn api(
        State(calls): State<Arc<Mutex<BTreeSet<String>>>>,
        Path(operation): Path<String>,
        body: String,
    ) -> (axum::http::StatusCode, String) {
        let body: Value = serde_json::from_str(&body).unwrap();
        let mut calls = calls.lock().unwrap();
        match operation.as_str() {
            "probe" => {
                calls.extend(["mediaconvert:Probe".to_owned(), "s3:GetObject".to_owned()]);
                let tracks =
                    json!([{"trackType": "video", "videoProperties": {"height": 720}}, {"trackType": "audio"}]);
                (axum::http::StatusCode::OK, json!({"probeResults": [{"container": {"tracks": tracks}}]}).to_string())
            }
            _ => {
                calls.insert("mediaconvert:CreateJob".to_owned());
                if body["role"].is_string() {
                    calls.insert("iam:PassRole".to_owned());
                }
                (axum::http::StatusCode::CREATED, json!({"job": {"id": ids::generate()}}).to_string())
            }
        }
    }
    let app = axum::Router::new().route("/2017-08-29/{operation}", post(api)).with_state(calls);
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await });
    let credentials = aws_credential_types::provider::SharedCredentialsProvider::new(
        aws_credential_types::Credentials::new("AKIDTEST", "secret", None, None, "iam"),
    );
    MediaConvert::new("eu-west-2", Some(base), credentials, "arn:aws:iam::123456789012:role/mc".into(), None).unwrap()
}

/// The transcode function: an upload (probe, job), its progress and completion, a staff retry
/// after a failure, and the retried job's error.
async fn transcode() -> BTreeSet<String> {
    use academy_core::domain::{Lecture, LectureMedia, LectureState};
    use academy_core::store::CatalogRecords;
    let world = World::new().await;
    let mediaconvert = recording_mediaconvert(world.calls.clone()).await;
    let store = &world.state.store;
    let video_id = "0123456789abcdef01234567";
    let key = format!("lectures/{MERN_07}/{video_id}/source/20261125.mp4");
    let media = LectureMedia {
        state: LectureState::Processing,
        source: Some(format!("s3://academy-lectures/{key}")),
        updated_at: 1,
        ..LectureMedia::default()
    };
    let video = Lecture {
        id: video_id.into(),
        batch_id: MERN_07.into(),
        batch_number: "07".into(),
        lecture_number: 9,
        title: "Recorded".into(),
        url: String::new(),
        description: None,
        duration_secs: None,
        published: true,
        media: Some(media),
    };
    store.put_lecture(&video).await.unwrap();
    // The recording in the lectures bucket; the function reads its first bytes with its own client.
    let s3 = aws_sdk_s3::Client::from_conf(
        aws_sdk_s3::config::Builder::from(&world.config)
            .force_path_style(true)
            .interceptor(Recorder { service: "s3", calls: world.calls.clone() })
            .build(),
    );
    support::create_bucket(&s3, "academy-lectures").await;
    s3.put_object().bucket("academy-lectures").key(&key).body(support::sample_clip().into()).send().await.unwrap();
    world.forget();
    let upload = json!({"source": "aws.s3", "detail-type": "Object Created",
        "detail": {"bucket": {"name": "academy-lectures"}, "object": {"key": key}}});
    on_event(store, &mediaconvert, &s3, &upload, 10).await.unwrap();
    let job = store.get_lecture(MERN_07, 9).await.unwrap().unwrap().media.unwrap().job_id.unwrap();
    let meta = json!({"batchId": MERN_07, "lectureNumber": "9", "videoId": video_id, "app": "academy"});
    let state = |job: &str, status: &str, extra: Value| {
        let mut detail = json!({"jobId": job, "status": status, "userMetadata": meta});
        detail.as_object_mut().unwrap().extend(extra.as_object().unwrap().clone());
        json!({"source": "aws.mediaconvert", "detail-type": "MediaConvert Job State Change", "detail": detail})
    };
    let progress = state(&job, "STATUS_UPDATE", json!({"jobProgress": {"jobPercentComplete": 50}}));
    on_event(store, &mediaconvert, &s3, &progress, 11).await.unwrap();
    let error = state(&job, "ERROR", json!({"errorMessage": "Unsupported codec"}));
    on_event(store, &mediaconvert, &s3, &error, 12).await.unwrap();
    let mut failed = store.get_lecture(MERN_07, 9).await.unwrap().unwrap();
    failed.media.as_mut().unwrap().state = LectureState::Processing;
    store.put_lecture(&failed).await.unwrap(); // the console's doing
    let retry = json!({"source": "academy.lectures", "detail-type": "Lecture transcode requested",
        "detail": {"batchId": MERN_07, "lectureNumber": 9}});
    on_event(store, &mediaconvert, &s3, &retry, 13).await.unwrap();
    let job = store.get_lecture(MERN_07, 9).await.unwrap().unwrap().media.unwrap().job_id.unwrap();
    let folder = format!("s3://academy-lectures/lectures/{MERN_07}/{video_id}/hls/j/");
    let outputs = json!({"outputGroupDetails": [{"type": "HLS_GROUP", "playlistFilePaths": [format!("{folder}master.m3u8")],
        "outputDetails": [{"durationInMs": 1000, "videoDetails": {"heightInPx": 360}}]}]});
    on_event(store, &mediaconvert, &s3, &state(&job, "COMPLETE", outputs), 14).await.unwrap();
    assert_eq!(store.get_lecture(MERN_07, 9).await.unwrap().unwrap().state(), LectureState::Ready);
    world.made()
}

/// A demo function's world: its link key (resolved into its environment at deploy: no call),
/// mail by SES as `SENDER`, reminders scheduled in moto's EventBridge Scheduler; two open slots.
async fn demo_world() -> (World, Vec<String>) {
    use academy_core::demo::reminders::SchedulerReminders;
    use academy_core::demo::tokens::DemoKey;
    let mut world = World::new().await;
    let scheduler = aws_sdk_scheduler::Client::from_conf(
        aws_sdk_scheduler::config::Builder::from(&world.config).interceptor(world.recorder("scheduler")).build(),
    );
    let group = format!("academy-demo-{}", &ids::generate()[..8]);
    scheduler.create_schedule_group().name(&group).send().await.unwrap();
    let settings = MailSettings { inbox: "admissions@iam.academy.test".into(), from: SENDER.into(), auto_reply: false };
    world.state.mail_inline(world.ses().await, settings);
    let reminders = Arc::new(SchedulerReminders {
        client: scheduler,
        group,
        target_arn: "arn:aws:lambda:eu-west-2:123456789012:function:demo-reminder".into(),
        role_arn: "arn:aws:iam::123456789012:role/demo-scheduler".into(),
    });
    world.state.demo.reminders = reminders.clone();
    world.state.staff_demo.reminders = reminders;
    let mut slots = Vec::new();
    for days in [3, 4] {
        let body = json!({"startsAt": academy_core::demo::zones::rfc3339(time::now() + days * 86_400), "minutes": 40,
            "seats": 1, "meetingUrl": "https://meet.example.com/iam"});
        let (status, published) =
            world.staff::<lambda::StaffDemo>(post("/api/staff/demo/slots", body, "203.0.113.70")).await;
        assert_eq!(status, 201, "{published}");
        slots.push(published["slots"][0]["id"].as_str().unwrap().to_owned());
    }
    world.state.sign_demo_links(DemoKey::new(b"0123456789abcdef0123456789abcdef0123456789".to_vec()).unwrap());
    world.forget();
    (world, slots)
}

/// What a demo function called, with the role each schedule is created with handed to Scheduler
/// (`iam:PassRole`, which IAM checks on CreateSchedule: no call of its own to record).
fn with_passed_role(mut made: BTreeSet<String>) -> BTreeSet<String> {
    if made.contains("scheduler:CreateSchedule") {
        made.insert("iam:PassRole".into());
    }
    made
}

async fn demo_call(world: &World, req: lambda_http::Request) -> (u16, Value) {
    json_of(dispatch_as::<lambda::Demo>(&world.state, req).await)
}

/// The demo function: the open slots, a booking (its reminders scheduled, its invitation mailed),
/// the same e-mail again, a full slot refused, the booking opened, moved and cancelled by its link.
async fn demo() -> BTreeSet<String> {
    let (world, slots) = demo_world().await;
    let ip = "203.0.113.71";
    assert_eq!(demo_call(&world, get("/api/demo/slots", &[], ip)).await.0, 200);
    let visitor = |email: &str, slot: &str| json!({"slotId": slot, "name": "Iam Visitor", "email": email, "phone": "+44 7700 900123", "courseId": ""});
    let (status, booked) = demo_call(&world, post("/api/demo/bookings", visitor("v@example.com", &slots[0]), ip)).await;
    assert_eq!(status, 201, "{booked}");
    assert_eq!(demo_call(&world, post("/api/demo/bookings", visitor("v@example.com", &slots[0]), ip)).await.0, 200);
    assert_eq!(demo_call(&world, post("/api/demo/bookings", visitor("w@example.com", &slots[0]), ip)).await.0, 409);
    let (id, token) = (booked["booking"]["id"].as_str().unwrap(), booked["token"].as_str().unwrap());
    let path = format!("/api/demo/bookings/{id}?token={token}");
    assert_eq!(demo_call(&world, get(&path, &[], ip)).await.0, 200);
    let (status, moved) = demo_call(&world, send("PATCH", &path, json!({"slotId": slots[1]}), ip)).await;
    assert_eq!(status, 200, "{moved}");
    let path = format!("/api/demo/bookings/{id}?token={}", moved["token"].as_str().unwrap());
    assert_eq!(demo_call(&world, request("DELETE", &path, &[], ip)).await.0, 200);
    with_passed_role(world.made())
}

/// Staff's demo classes: the list, a slot published, a visitor's booking (not recorded), the slot
/// moved (the booking mailed and its reminders scheduled again), its bookings, attendance, the
/// slot cancelled (the booking's seat given back, mailed, reminders removed), all audited.
async fn staff_demo() -> BTreeSet<String> {
    let (world, slots) = demo_world().await;
    let ip = "203.0.113.72";
    let booking =
        json!({"slotId": slots[0], "name": "Iam Visitor", "email": "v@example.com", "phone": "+44 7700 900123"});
    let (status, booked) = demo_call(&world, post("/api/demo/bookings", booking, ip)).await;
    assert_eq!(status, 201, "{booked}");
    world.forget();
    type E = lambda::StaffDemo;
    assert_eq!(world.staff::<E>(get("/api/staff/demo/slots", &[], ip)).await.0, 200);
    let later = academy_core::demo::zones::rfc3339(time::now() + 5 * 86_400);
    let slot = format!("/api/staff/demo/slots/{}", slots[0]);
    let (status, moved) = world.staff::<E>(send("PATCH", &slot, json!({"startsAt": later}), ip)).await;
    assert_eq!(status, 200, "{moved}");
    assert_eq!(world.staff::<E>(get(&format!("{slot}/bookings"), &[], ip)).await.0, 200);
    let marked = send(
        "PATCH",
        &format!("/api/staff/demo/bookings/{}", booked["booking"]["id"].as_str().unwrap()),
        json!({"attendance": "attended"}),
        ip,
    );
    assert_eq!(world.staff::<E>(marked).await.0, 200);
    assert_eq!(world.staff::<E>(request("DELETE", &slot, &[], ip)).await.0, 200);
    with_passed_role(world.made())
}

/// The demo-reminder function: a reminder that goes out, one for an older sequence that is
/// dropped, and the morning digest.
async fn demo_reminder() -> BTreeSet<String> {
    use academy_core::demo::reminders::on_event;
    let (world, slots) = demo_world().await;
    let booking =
        json!({"slotId": slots[0], "name": "Iam Visitor", "email": "v@example.com", "phone": "+44 7700 900123"});
    let (status, booked) = demo_call(&world, post("/api/demo/bookings", booking, "203.0.113.73")).await;
    assert_eq!(status, 201, "{booked}");
    let id = booked["booking"]["id"].as_str().unwrap();
    let starts = academy_core::demo::zones::parse_rfc3339(booked["booking"]["startsAt"].as_str().unwrap()).unwrap();
    world.forget();
    let (store, desk) = (&world.state.store, &world.state.demo.desk);
    let due = json!({"bookingId": id, "kind": "1h", "sequence": 0});
    assert_eq!(on_event(store, desk, &due, starts - 3600).await.unwrap(), "reminder 1h sent");
    let stale = json!({"bookingId": id, "kind": "24h", "sequence": 7});
    assert!(on_event(store, desk, &stale, starts - 86_400).await.unwrap().contains("dropped"));
    assert_eq!(on_event(store, desk, &json!({"kind": "digest"}), starts).await.unwrap(), "digest sent");
    world.made()
}

/// The demo-reminder function on a live class's reminder: the session read, its batch's students mailed.
async fn class_reminder() -> BTreeSet<String> {
    let (world, _, session) = live_world().await;
    let event = json!({"bookingId": session, "kind": academy_core::live::reminders::KIND, "sequence": 0});
    let said =
        academy_core::live::reminders::on_event(&world.state.store, &world.state.sessions.desk, &event, time::now())
            .await
            .unwrap();
    assert_eq!(said, "class reminder sent to 1 students");
    world.made()
}

/// A live class function's world: the demo class's schedule in moto (class reminders go there), mail by
/// SES, a batch of its own whose term runs from today, a student enrolled in it with their account linked,
/// and a session 5 minutes ahead (Join is open).
async fn live_world() -> (World, String, String) {
    use academy_core::domain::{Batch, BatchLink, Enrolment};
    use academy_core::live::LiveRecords;
    use academy_core::live::{LiveSession, SessionStatus};
    use academy_core::store::{CatalogRecords, EnrolmentRecords, StudentRecords};
    let (mut world, _) = demo_world().await;
    world.state.staff_sessions.reminders =
        Arc::new(academy_core::platform::local::DemoScheduler(world.state.staff_demo.reminders.clone()));
    let store = world.state.store.clone();
    let today = time::date(time::now());
    let later = time::date(time::now() + 60 * 86_400);
    let batch = ids::generate();
    let record = Batch {
        id: batch.clone(),
        course_id: MERN.into(),
        name: "IAM-01".into(),
        mode: "Online".into(),
        schedule: String::new(),
        timing: String::new(),
        instructor: "Iam".into(),
        start_date: today,
        end_date: later,
        price: "0".into(),
        seats: 10,
        enrolled: 0,
        description: "IAM".into(),
    };
    store.put_batch(&record).await.unwrap();
    let (_, grant) = support::grant(&store, &batch).await;
    let enrolment = Enrolment {
        batch_id: batch.clone(),
        name: "Iam Student".into(),
        email: "student@example.com".into(),
        secret_hash: grant.secret_hash.clone(),
        enrolled_at: time::now(),
        enrolled_by: "iam".into(),
        access_until: None,
        enquiry_id: None,
        revoked_at: None,
        welcome_sent: true,
        revoked_accounts: Vec::new(),
    };
    store.insert_enrolment(&enrolment).await.unwrap();
    let link = BatchLink {
        sub: LIVE_STUDENT.into(),
        batch_id: batch.clone(),
        secret_hash: grant.secret_hash,
        linked_at: time::now(),
    };
    store.put_link(&link).await.unwrap();
    let session = LiveSession {
        id: ids::generate(),
        batch_id: batch.clone(),
        starts_at: time::now() + 300,
        minutes: 60,
        status: SessionStatus::Scheduled,
        reason: None,
        sequence: 0,
        meeting_url: "https://meet.example.com/iam".into(),
        slot: None,
        origin: None,
        edited: false,
        recording: None,
        created_at: time::now(),
    };
    store.put_session(&session).await.unwrap();
    world.forget();
    (world, batch, session.id)
}

const LIVE_STUDENT: &str = "3e9a7c1d-live-student";

/// The sessions function: the calendar made, the sessions listed, Join by the calendar token (attendance
/// recorded), reminders off, the feed read, and its token reset.
async fn sessions() -> BTreeSet<String> {
    let (world, _, session) = live_world().await;
    let ip = "203.0.113.80";
    let call = |req| dispatch_as::<lambda::Sessions>(&world.state, req);
    let (status, calendar) = json_of(call(as_student(get("/api/me/calendar", &[], ip), LIVE_STUDENT)).await);
    assert_eq!(status, 200, "{calendar}");
    let (status, mine) = json_of(call(as_student(get("/api/me/sessions", &[], ip), LIVE_STUDENT)).await);
    assert_eq!(status, 200, "{mine}");
    let join = mine["sessions"][0]["joinUrl"].as_str().unwrap();
    let join = &join[join.find("/api/").unwrap()..];
    assert_eq!(call(get(join, &[], ip)).await.status().as_u16(), 302);
    let off = send("PATCH", "/api/me/calendar", json!({"reminders": false}), ip);
    assert_eq!(call(as_student(off, LIVE_STUDENT)).await.status().as_u16(), 200);
    let url = calendar["url"].as_str().unwrap();
    assert_eq!(call(get(&url[url.find("/calendar/").unwrap()..], &[], ip)).await.status().as_u16(), 200);
    let reset = send("POST", "/api/me/calendar/token", json!({}), ip);
    assert_eq!(call(as_student(reset, LIVE_STUDENT)).await.status().as_u16(), 200);
    let _ = session;
    world.made()
}

/// Staff's live classes: a timetable saved (sessions stored, reminders scheduled, the card rewritten) and saved
/// again on other days (future sessions removed, their schedules deleted, the student mailed), the lists, a
/// one-off added, a session moved and cancelled, attendance read, corrected and exported, the minimum set and
/// cleared: all audited.
async fn staff_sessions() -> BTreeSet<String> {
    let (world, batch, session) = live_world().await;
    let ip = "203.0.113.81";
    type E = lambda::StaffSessions;
    let timetable = |day: &str| {
        json!({"timeZone": "Asia/Karachi", "slots": [{"weekday": day, "start": "19:00", "minutes": 120}],
        "meetingUrl": "https://meet.example.com/iam"})
    };
    let path = format!("/api/staff/batches/{batch}/timetable");
    let (status, saved) = world.staff::<E>(send("PUT", &path, timetable("mon"), ip)).await;
    assert_eq!(status, 200, "{saved}");
    assert_eq!(world.staff::<E>(send("PUT", &path, timetable("tue"), ip)).await.0, 200);
    assert_eq!(world.staff::<E>(get(&path, &[], ip)).await.0, 200);
    assert_eq!(world.staff::<E>(get(&format!("/api/staff/batches/{batch}/sessions"), &[], ip)).await.0, 200);
    let extra = json!({"startsAt": academy_core::zones::rfc3339(time::now() + 3 * 86_400), "minutes": 60});
    let (status, added) = world.staff::<E>(post(&format!("/api/staff/batches/{batch}/sessions"), extra, ip)).await;
    assert_eq!(status, 201, "{added}");
    let added = format!("/api/staff/sessions/{}", added["id"].as_str().unwrap());
    let moved = json!({"startsAt": academy_core::zones::rfc3339(time::now() + 4 * 86_400)});
    assert_eq!(world.staff::<E>(send("PATCH", &added, moved, ip)).await.0, 200);
    let cancel = json!({"status": "cancelled", "reason": "IAM"});
    assert_eq!(world.staff::<E>(send("PATCH", &added, cancel, ip)).await.0, 200);
    assert_eq!(world.staff::<E>(get(&format!("/api/staff/sessions/{session}/attendance"), &[], ip)).await.0, 200);
    let mark = send(
        "PUT",
        &format!("/api/staff/sessions/{session}/attendance/{LIVE_STUDENT}"),
        json!({"mark": "excused"}),
        ip,
    );
    assert_eq!(world.staff::<E>(mark).await.0, 200);
    assert_eq!(world.staff::<E>(get(&format!("/api/staff/batches/{batch}/attendance"), &[], ip)).await.0, 200);
    let csv =
        dispatch_as::<E>(&world.state, as_staff(get(&format!("/api/staff/batches/{batch}/attendance.csv"), &[], ip)))
            .await;
    assert_eq!(csv.status().as_u16(), 200);
    let minimum = format!("/api/staff/batches/{batch}/attendance/minimum");
    assert_eq!(world.staff::<E>(send("PUT", &minimum, json!({"percent": 75}), ip)).await.0, 200);
    assert_eq!(world.staff::<E>(send("PUT", &minimum, json!({"percent": null}), ip)).await.0, 200);
    with_passed_role(world.made())
}

/// A student's account whose token carries a verified e-mail (a review is mailed there).
fn as_mailed_student(req: lambda_http::Request, sub: &str) -> lambda_http::Request {
    let req = as_student(req, sub);
    let Some(RequestContext::ApiGatewayV2(mut context)) = req.request_context_ref().cloned() else {
        panic!("an API Gateway request")
    };
    let jwt = context.authorizer.as_mut().and_then(|a| a.jwt.as_mut()).expect("the authorizer's claims");
    jwt.claims.insert("email".into(), format!("{sub}@students.test"));
    jwt.claims.insert("email_verified".into(), "true".into());
    req.with_request_context(RequestContext::ApiGatewayV2(context))
}

/// Assignment files in a fresh moto bucket, through this world's recorder, downloaded as in AWS
/// by CloudFront signed links (signed with a key from the environment: no call).
async fn assignment_bucket(world: &mut World) {
    use academy_core::media::uploads::S3Uploads;
    use academy_core::platform::objects::CloudFrontDownloads;
    let s3 = aws_sdk_s3::Client::from_conf(support::moto_s3(&world.config).interceptor(world.recorder("s3")).build());
    let bucket = format!("academy-lectures-{}", ids::generate());
    support::create_bucket(&s3, &bucket).await;
    let (signer, _) = support::files_key("KIAMTEST");
    let files = CloudFrontDownloads::new(Arc::new(S3Uploads::new(s3, &bucket)), signer, "https://academy.test");
    world.state.keep_files(Arc::new(files));
    world.forget();
}

/// Uploads `bytes` through `base` (`…/files` or `…/attachments`) as `call` sends it: the completion's status and body.
async fn upload_one<F, Fut>(call: F, base: &str, name: &str, bytes: &[u8]) -> (u16, Value)
where
    F: Fn(lambda_http::Request) -> Fut,
    Fut: std::future::Future<Output = (u16, Value)>,
{
    let ip = "203.0.113.90";
    let file = json!({"fileName": name, "size": bytes.len(), "contentType": "application/pdf"});
    let (status, started) = call(post(base, file, ip)).await;
    assert_eq!(status, 201, "{started}");
    let url = started["parts"][0]["url"].as_str().unwrap();
    let put = reqwest::Client::new().put(url).body(bytes.to_vec()).send().await.unwrap();
    let etag = put.headers()["etag"].to_str().unwrap().to_owned();
    let complete = format!("{base}/{}/complete", started["fileId"].as_str().unwrap());
    call(post(&complete, json!({"parts": [{"number": 1, "etag": etag}]}), ip)).await
}

const IAM_PDF: &[u8] = b"%PDF-1.7\n%\xe2\xe3\xcf\xd3\ntrailer << >>\n%%EOF\n";

/// Staff's assignments: one posted, a file attached (S3 multipart, read back and checked) and
/// removed, the list and the queue, a student's hand-in opened and reviewed (the student mailed by
/// SES), the batch's certificate rule set.
async fn staff_assignments() -> BTreeSet<String> {
    let mut world = World::new().await;
    assignment_bucket(&mut world).await;
    let mailer = world.ses().await;
    world.state.staff_assignments.mailing =
        Some(Mailing { mailer, from: SENDER.into(), site_url: "https://academy.test".into() });
    let (secret, _) = support::grant(&world.state.store, MERN_07).await;
    let student = "iam-assignments-student";
    world.link(MERN_07, &secret, student).await;
    let ip = "203.0.113.91";
    type E = lambda::StaffAssignments;
    let due = time::iso(time::now() + 86_400);
    let body = json!({"title": "IAM week", "instructions": "Do it", "dueAt": due, "result": "pass"});
    let (status, posted) = world.staff::<E>(post(&format!("/api/staff/batches/{MERN_07}/assignments"), body, ip)).await;
    assert_eq!(status, 201, "{posted}");
    let id = posted["id"].as_str().unwrap().to_owned();
    // A student hands in (the assignments function's doing, not recorded).
    let mine = format!("/api/me/assignments/{id}");
    let draft = send("PUT", &format!("{mine}/submission"), json!({"text": "done"}), ip);
    assert_eq!(world.call::<lambda::Assignments>(as_mailed_student(draft, student)).await, 200);
    let submit = request("POST", &format!("{mine}/submission/submit"), &[], ip);
    assert_eq!(world.call::<lambda::Assignments>(as_mailed_student(submit, student)).await, 200);
    world.forget();
    let base = format!("/api/staff/assignments/{id}/attachments");
    let (status, attached) = upload_one(|req| world.staff::<E>(req), &base, "brief.pdf", IAM_PDF).await;
    assert_eq!(status, 200, "{attached}");
    let file = attached["attachments"][0]["id"].as_str().unwrap();
    assert_eq!(world.staff::<E>(request("DELETE", &format!("{base}/{file}"), &[], ip)).await.0, 200);
    assert_eq!(world.staff::<E>(get(&format!("/api/staff/batches/{MERN_07}/assignments"), &[], ip)).await.0, 200);
    assert_eq!(world.staff::<E>(get(&format!("/api/staff/assignments/{id}"), &[], ip)).await.0, 200);
    assert_eq!(world.staff::<E>(get(&format!("/api/staff/assignments/{id}/submissions"), &[], ip)).await.0, 200);
    let (status, queue) = world.staff::<E>(get("/api/staff/submissions", &[], ip)).await;
    assert_eq!(status, 200);
    let submission = queue["submissions"][0]["id"].as_str().unwrap().to_owned();
    assert_eq!(world.staff::<E>(get(&format!("/api/staff/submissions/{submission}"), &[], ip)).await.0, 200);
    let review = json!({"feedback": "Good", "result": "passed"});
    let (status, reviewed) =
        world.staff::<E>(post(&format!("/api/staff/submissions/{submission}/review"), review, ip)).await;
    assert_eq!(status, 200, "{reviewed}");
    let rule =
        send("PUT", &format!("/api/staff/batches/{MERN_07}/assignment-rule"), json!({"requireAllPassed": true}), ip);
    assert_eq!(world.staff::<E>(rule).await.0, 200);
    world.made()
}

/// A student's assignments: the list and one, a PDF uploaded in parts to S3 (read back, checked),
/// an HTML file named .pdf refused (removed), a draft with the file, handed in, read back with its
/// signed links.
async fn assignments() -> BTreeSet<String> {
    let mut world = World::new().await;
    assignment_bucket(&mut world).await;
    let (secret, _) = support::grant(&world.state.store, MERN_07).await;
    let student = "iam-assignments-student";
    world.link(MERN_07, &secret, student).await;
    let ip = "203.0.113.92";
    let due = time::iso(time::now() + 86_400);
    let body = json!({"title": "IAM week", "dueAt": due, "result": "pass"});
    let (status, posted) = world
        .staff::<lambda::StaffAssignments>(post(&format!("/api/staff/batches/{MERN_07}/assignments"), body, ip))
        .await;
    assert_eq!(status, 201, "{posted}");
    let id = posted["id"].as_str().unwrap().to_owned();
    world.forget();
    let call = |req| async {
        json_of(dispatch_as::<lambda::Assignments>(&world.state, as_mailed_student(req, student)).await)
    };
    assert_eq!(call(get("/api/me/assignments", &[], ip)).await.0, 200);
    let mine = format!("/api/me/assignments/{id}");
    assert_eq!(call(get(&mine, &[], ip)).await.0, 200);
    let (status, file) = upload_one(call, &format!("{mine}/files"), "work.pdf", IAM_PDF).await;
    assert_eq!(status, 200, "{file}");
    let (status, _) = upload_one(call, &format!("{mine}/files"), "fake.pdf", b"<html><body>x</body></html>").await;
    assert_eq!(status, 400);
    let draft = json!({"text": "mine", "links": ["https://github.com/a/b"], "files": [file["id"]]});
    assert_eq!(call(send("PUT", &format!("{mine}/submission"), draft, ip)).await.0, 200);
    assert_eq!(call(request("POST", &format!("{mine}/submission/submit"), &[], ip)).await.0, 200);
    let (status, handed) = call(get(&format!("{mine}/submission"), &[], ip)).await;
    assert_eq!(status, 200);
    let link = handed["versions"][0]["files"][0]["url"].as_str().unwrap_or_default();
    assert!(link.starts_with("https://academy.test/assignments/") && link.contains("&Signature="), "{handed}");
    world.made()
}

/// The card payments' publishable key and webhook secret in the payments worlds.
const PUBLISHABLE: &str = "pk_test_tests";
const WEBHOOK_SECRET: &str = "whsec_iam";
/// MERN-09: started, not ended, seats left.
const MERN_09: &str = "665f1c2a9b3e4d0012a1c003";
/// CS-04, a batch of CS starting next year: a plan cancelled before its start is refunded.
const CS: &str = "665f1c2a9b3e4d0012a1b004";
const CS_04: &str = "665f1c2a9b3e4d0012a1c00c";
/// Saved, then declined when charged.
const DECLINED_ON_CHARGE: &str = "4000000000000341";
const GOOD_CARD: &str = "4242424242424242";

/// A payments world: the payments desk on localstripe, its mail by SES as `SENDER` (the desks'
/// `mailing`, as the functions have it in AWS), bank transfer details.
async fn payments_world() -> World {
    use academy_core::payments::stripe::Stripe;
    use academy_core::payments::{how_to_pay, Cards, Desk};
    let mut world = World::new().await;
    let mailer = world.ses().await;
    world.state.payments.desk.mailing =
        Some(Mailing { mailer, from: SENDER.into(), site_url: "https://academy.test".into() });
    let stripe = Stripe::new(Some(support::localstripe().into()), "sk_test_tests".into()).unwrap();
    world.state.take_payments(Desk {
        cards: Some(Cards {
            stripe: Arc::new(stripe),
            publishable_key: PUBLISHABLE.into(),
            stripe_js: format!("{}/js.stripe.com/v3/", support::localstripe()),
            webhook_secret: WEBHOOK_SECRET.into(),
        }),
        how_to_pay: how_to_pay(Some("Bank: Demo Bank; IBAN: PK00DEMO".into()), None, None),
        mailing: None,
        grace_secs: 7 * 86_400,
    });
    assert!(world.state.staff_payments.desk.mailing.is_some() && world.state.payments_webhook.desk.mailing.is_some());
    world.forget();
    world
}

/// The address a payer's account token carries (`as_mailed_student`).
fn payer_email(sub: &str) -> String {
    format!("{sub}@students.test")
}

impl World {
    /// A checkout of `batch` of `course` by `email`, keyed by `key`, from `ip`.
    async fn checkout(&self, course: &str, batch: &str, email: &str, key: &str, ip: &str) -> (u16, Value) {
        let body = json!({"courseId": course, "batchId": batch, "plan": "standard", "firstName": "Iam", "lastName": "Payer",
            "email": email, "phone": "+44 7700 900123"});
        let headers = [("content-type", "application/json"), ("idempotency-key", key)];
        let req = request_with_body("POST", "/api/payments/checkout", &headers, ip, Body::Text(body.to_string()));
        json_of(dispatch_as::<lambda::Payments>(&self.state, req).await)
    }

    /// What the browser's Stripe.js (localstripe's stand-in) does with the card: confirms the SetupIntent.
    async fn set_up_card(&self, setup_secret: &str, number: &str) {
        let seti = setup_secret.split("_secret_").next().unwrap();
        let body = json!({"key": PUBLISHABLE, "use_stripe_sdk": true, "client_secret": setup_secret,
            "payment_method_data": {"type": "card", "card": {"number": number, "exp_month": 12, "exp_year": 2034, "cvc": "123"}}});
        let url = format!("{}/v1/setup_intents/{seti}/confirm", support::localstripe());
        let response = reqwest::Client::new()
            .post(url)
            .header("content-type", "application/json")
            .body(body.to_string())
            .send()
            .await
            .unwrap();
        assert_eq!(response.status(), 200, "{}", response.text().await.unwrap());
    }

    /// A secret-key request straight to localstripe (Stripe's dashboard, or Stripe itself).
    async fn at_stripe(&self, method: &str, path: &str, form: &str) -> Value {
        let url = format!("{}{path}", support::localstripe());
        let client = reqwest::Client::new();
        let builder = if method == "GET" { client.get(url) } else { client.post(url) };
        let response = builder
            .bearer_auth("sk_test_tests")
            .header("content-type", "application/x-www-form-urlencoded")
            .body(form.to_owned())
            .send()
            .await
            .unwrap();
        let status = response.status();
        let body: Value = serde_json::from_slice(&response.bytes().await.unwrap()).unwrap();
        assert!(status.is_success(), "{method} {path}: {body}");
        body
    }

    /// A checkout paid by card through the card step (the payments function's doing, not recorded):
    /// the checkout's answer.
    async fn paid_checkout(&self, course: &str, batch: &str, email: &str) -> Value {
        let key = format!("iam-{}", &ids::generate()[..12]);
        let (status, checkout) = self.checkout(course, batch, email, &key, "203.0.113.100").await;
        assert_eq!(status, 201, "{checkout}");
        self.set_up_card(checkout["setupSecret"].as_str().unwrap(), GOOD_CARD).await;
        let confirm = post(
            &format!("/api/payments/{}/confirm", checkout["paymentId"].as_str().unwrap()),
            json!({"clientSecret": checkout["clientSecret"]}),
            "203.0.113.100",
        );
        let (status, confirmed) = json_of(dispatch_as::<lambda::Payments>(&self.state, confirm).await);
        assert_eq!((status, confirmed["status"].as_str()), (200, Some("succeeded")), "{confirmed}");
        self.forget();
        checkout
    }

    /// `sub`'s account linked to the enrolment `email` has in `batch` (the me function's doing, not recorded).
    async fn linked(&self, batch: &str, email: &str, sub: &str) {
        use academy_core::domain::{BatchLink, Enrolment};
        use academy_core::store::{EnrolmentRecords, StudentRecords};
        let enrolment = self.state.store.get_enrolment(batch, &Enrolment::email_key(email)).await.unwrap().unwrap();
        let link = BatchLink {
            sub: sub.into(),
            batch_id: batch.into(),
            secret_hash: enrolment.secret_hash,
            linked_at: time::now(),
        };
        self.state.store.put_link(&link).await.unwrap();
        self.forget();
    }

    async fn payer(&self, req: lambda_http::Request, sub: &str) -> (u16, Value) {
        json_of(dispatch_as::<lambda::Payments>(&self.state, as_mailed_student(req, sub)).await)
    }
}

/// The payments function: the options; a checkout (its counter's fresh put, the key claimed), the
/// same key again (another client's counter, the key's plan read); the card set up at Stripe and
/// confirmed (enrolled, the welcome mailed by SES); the success page's poll; the payer's billing, a new
/// card started and taken into use, auto-renewal cancelled; and a plan of a batch that has not
/// started cancelled (refunded through Stripe, access ended: the account's link deleted).
async fn payments() -> BTreeSet<String> {
    let world = payments_world().await;
    let sub = "iam-payments-payer";
    let email = payer_email(sub);
    let (ip, other) = ("203.0.113.101", "203.0.113.102");
    let limit = academy_core::payments::checkout::CHECKOUTS;
    world.expired_counter(limit.scope, ip, limit.window_secs).await;
    let limit = academy_core::payments::checkout::PAYMENT_CHECKS;
    world.expired_counter(limit.scope, ip, limit.window_secs).await;
    let (status, options) =
        json_of(dispatch_as::<lambda::Payments>(&world.state, get("/api/payments/options", &[], ip)).await);
    assert_eq!((status, options["card"]["publishableKey"].as_str()), (200, Some(PUBLISHABLE)), "{options}");
    let (status, checkout) = world.checkout(MERN, MERN_09, &email, "iam-payments-key-1", ip).await;
    assert_eq!(status, 201, "{checkout}");
    let (status, again) = world.checkout(MERN, MERN_09, &email, "iam-payments-key-1", other).await;
    assert_eq!((status, &again["paymentId"]), (201, &checkout["paymentId"]), "{again}");
    world.set_up_card(checkout["setupSecret"].as_str().unwrap(), GOOD_CARD).await;
    let id = checkout["paymentId"].as_str().unwrap();
    let confirm = post(&format!("/api/payments/{id}/confirm"), json!({"clientSecret": checkout["clientSecret"]}), ip);
    let (status, confirmed) = json_of(dispatch_as::<lambda::Payments>(&world.state, confirm).await);
    assert_eq!((status, confirmed["status"].as_str()), (200, Some("succeeded")), "{confirmed}");
    let secret = checkout["clientSecret"].as_str().unwrap();
    let poll = get(&format!("/api/payments/{id}?secret={secret}"), &[], other);
    let (status, state) = json_of(dispatch_as::<lambda::Payments>(&world.state, poll).await);
    assert_eq!((status, state["enrolled"].as_bool()), (200, Some(true)), "{state}");
    let (status, billing) = world.payer(get("/api/me/billing", &[], ip), sub).await;
    assert_eq!(status, 200, "{billing}");
    let plan = billing["plans"][0]["id"].as_str().expect("the paid plan").to_owned();
    let card = format!("/api/me/billing/{plan}/card");
    let (status, setup) = world.payer(post(&card, json!({}), ip), sub).await;
    assert_eq!(status, 200, "{setup}");
    world.set_up_card(setup["setupSecret"].as_str().unwrap(), GOOD_CARD).await;
    let (status, used) = world.payer(send("PUT", &card, json!({}), ip), sub).await;
    assert_eq!(status, 200, "{used}");
    let cancel = format!("/api/me/billing/{plan}/cancel");
    let (status, cancelled) = world.payer(post(&cancel, json!({}), ip), sub).await;
    assert_eq!((status, cancelled["status"].as_str()), (200, Some("cancelled")), "{cancelled}");
    let mut made = world.made();
    // A plan of a batch that starts next year, its Secret ID linked to the payer's account.
    world.paid_checkout(CS, CS_04, &email).await;
    world.linked(CS_04, &email, sub).await;
    let (status, billing) = world.payer(get("/api/me/billing", &[], ip), sub).await;
    assert_eq!(status, 200, "{billing}");
    let plan = billing["plans"].as_array().unwrap().iter().find(|p| p["batchId"] == CS_04).unwrap()["id"].clone();
    let cancel = format!("/api/me/billing/{}/cancel", plan.as_str().unwrap());
    let (status, cancelled) = world.payer(post(&cancel, json!({}), ip), sub).await;
    assert_eq!((status, cancelled["status"].as_str()), (200, Some("refunded")), "{cancelled}");
    made.extend(world.made());
    made
}

/// A Stripe event of `kind` about `object`, signed now with the world's webhook secret, delivered.
async fn stripe_event(world: &World, id: &str, kind: &str, object: &Value) -> (u16, Value) {
    let at = time::now();
    let body =
        json!({"id": id, "object": "event", "type": kind, "created": at, "data": {"object": object}}).to_string();
    let signature = academy_core::payments::stripe::signature_header(at, body.as_bytes(), WEBHOOK_SECRET);
    let headers = [("content-type", "application/json; charset=utf-8"), ("stripe-signature", signature.as_str())];
    let req = request_with_body("POST", "/api/payments/stripe/webhook", &headers, "54.187.174.169", Body::Text(body));
    json_of(dispatch_as::<lambda::PaymentsWebhook>(&world.state, req).await)
}

/// The payments-webhook function: a PaymentIntent paid at Stripe (the card step never told), its
/// signed payment_intent.succeeded (enrolled, the welcome mailed), the same event again, and the
/// charge refunded at Stripe (the plan ended, access revoked: the account's link deleted).
async fn payments_webhook() -> BTreeSet<String> {
    let world = payments_world().await;
    let sub = "iam-webhook-payer";
    let email = payer_email(sub);
    let (status, checkout) = world.checkout(MERN, MERN_09, &email, "iam-webhook-key-1", "203.0.113.103").await;
    assert_eq!(status, 201, "{checkout}");
    world.set_up_card(checkout["setupSecret"].as_str().unwrap(), GOOD_CARD).await;
    let seti = checkout["setupSecret"].as_str().unwrap().split("_secret_").next().unwrap().to_owned();
    let pi = checkout["clientSecret"].as_str().unwrap().split("_secret_").next().unwrap().to_owned();
    let setup = world.at_stripe("GET", &format!("/v1/setup_intents/{seti}"), "").await;
    let pm = setup["payment_method"].as_str().unwrap();
    world.at_stripe("POST", &format!("/v1/payment_intents/{pi}"), &format!("payment_method={pm}")).await;
    world.at_stripe("POST", &format!("/v1/payment_intents/{pi}/confirm"), "").await;
    let intent = world.at_stripe("GET", &format!("/v1/payment_intents/{pi}"), "").await;
    assert_eq!(intent["status"], "succeeded", "{intent}");
    world.forget();
    let (status, applied) = stripe_event(&world, "evt_iam_paid", "payment_intent.succeeded", &intent).await;
    assert_eq!((status, applied["applied"].as_bool()), (200, Some(true)), "{applied}");
    let (status, replay) = stripe_event(&world, "evt_iam_paid", "payment_intent.succeeded", &intent).await;
    assert_eq!((status, replay["applied"].as_bool()), (200, Some(false)), "{replay}");
    let mut made = world.made();
    world.linked(MERN_09, &email, sub).await;
    let refund = world.at_stripe("POST", "/v1/refunds", &format!("payment_intent={pi}")).await;
    let charge = json!({"id": refund["charge"], "object": "charge", "payment_intent": pi, "refunded": true,
        "amount": intent["amount"], "amount_refunded": intent["amount"], "currency": intent["currency"],
        "refunds": {"object": "list", "data": [refund]}});
    world.forget();
    let (status, refunded) = stripe_event(&world, "evt_iam_refunded", "charge.refunded", &charge).await;
    assert_eq!((status, refunded["applied"].as_bool()), (200, Some(true)), "{refunded}");
    made.extend(world.made());
    made
}

/// Staff's payments: a receipt uploaded (S3 multipart, read back and checked), a bank transfer
/// recorded with it (the plan and payment, the student enrolled and the welcome mailed, audited)
/// and its receipt's link presigned, the list, the spreadsheet and the payer's ledger, the plan's
/// next due date set, and the payment refunded (access ended: the account's link deleted).
async fn staff_payments() -> BTreeSet<String> {
    use academy_core::media::uploads::S3Uploads;
    let mut world = payments_world().await;
    let s3 = aws_sdk_s3::Client::from_conf(support::moto_s3(&world.config).interceptor(world.recorder("s3")).build());
    let bucket = format!("academy-lectures-{}", ids::generate());
    support::create_bucket(&s3, &bucket).await;
    world.state.staff_payments.files = Some(Arc::new(S3Uploads::new(s3, &bucket)));
    world.forget();
    let ip = "203.0.113.104";
    type E = lambda::StaffPayments;
    let (status, receipt) =
        upload_one(|req| world.staff::<E>(req), "/api/staff/payments/receipts", "slip.pdf", IAM_PDF).await;
    assert_eq!(status, 200, "{receipt}");
    // Not an image or a PDF: refused on its content and removed.
    let page = b"<html><body>not a receipt</body></html>";
    let (status, _) = upload_one(|req| world.staff::<E>(req), "/api/staff/payments/receipts", "slip.png", page).await;
    assert_eq!(status, 400);
    let sub = "iam-staff-payer";
    let email = payer_email(sub);
    let body = json!({"email": email, "firstName": "Bilal", "lastName": "Ahmed", "batchId": MERN_09, "amount": 4_000_000,
        "currency": "pkr", "method": "bank", "reference": "MEZN-IAM", "paidOn": time::date(time::now()),
        "receiptId": receipt["id"]});
    let (status, recorded) = world.staff::<E>(post("/api/staff/payments/manual", body, ip)).await;
    assert_eq!((status, recorded["payment"]["status"].as_str()), (201, Some("paid")), "{recorded}");
    let link = format!("/api/staff/payments/{}/receipt", recorded["payment"]["id"].as_str().unwrap());
    let (status, link) = world.staff::<E>(get(&link, &[], ip)).await;
    assert!(status == 200 && link["url"].as_str().unwrap().contains("payment-receipts"), "{link}");
    assert_eq!(world.staff::<E>(get("/api/staff/payments?method=bank&q=mezn", &[], ip)).await.0, 200);
    let csv = dispatch_as::<E>(&world.state, as_staff(get("/api/staff/payments.csv", &[], ip))).await;
    assert_eq!(csv.status().as_u16(), 200);
    let (status, ledger) = world.staff::<E>(get(&format!("/api/staff/payments/ledger?email={email}"), &[], ip)).await;
    assert_eq!(status, 200, "{ledger}");
    let plan = recorded["payment"]["planId"].as_str().unwrap();
    let due = json!({"nextDueOn": time::date(time::now() + 20 * 86_400)});
    let (status, set) = world.staff::<E>(send("PUT", &format!("/api/staff/plans/{plan}/due"), due, ip)).await;
    assert_eq!(status, 200, "{set}");
    let mut made = world.made();
    world.linked(MERN_09, &email, sub).await;
    let id = recorded["payment"]["id"].as_str().unwrap();
    let (status, refunded) = world.staff::<E>(post(&format!("/api/staff/payments/{id}/refund"), json!({}), ip)).await;
    assert_eq!((status, refunded["status"].as_str()), (200, Some("refunded")), "{refunded}");
    made.extend(world.made());
    made
}

/// The payments-renewals function's round: a month on, the saved card pays month 2; the card swapped
/// for one declined when charged, month 3 fails (the student mailed); past the grace period the plan
/// pauses (its grant paused, the student mailed); a manual plan's student reminded before its due date,
/// the plan overdue after it and paused (mailed) past the grace period.
async fn payments_renewals() -> BTreeSet<String> {
    use academy_core::payments::renewals::run;
    let world = payments_world().await;
    let sub = "iam-renewals-payer";
    let email = payer_email(sub);
    world.paid_checkout(MERN, MERN_09, &email).await;
    let (store, desk, clock) = (&world.state.store, world.state.payments_desk(), world.state.clock());
    clock.advance(32.0 * 86_400.0);
    assert_eq!(run(store, desk, clock.now()).await.unwrap().charged, 1);
    let mut made = world.made();
    // The student swaps the card for one declined when charged (the payments function's doing).
    let (status, billing) = world.payer(get("/api/me/billing", &[], "203.0.113.105"), sub).await;
    assert_eq!(status, 200, "{billing}");
    let card = format!("/api/me/billing/{}/card", billing["plans"][0]["id"].as_str().unwrap());
    let (status, setup) = world.payer(post(&card, json!({}), "203.0.113.105"), sub).await;
    assert_eq!(status, 200, "{setup}");
    world.set_up_card(setup["setupSecret"].as_str().unwrap(), DECLINED_ON_CHARGE).await;
    assert_eq!(world.payer(send("PUT", &card, json!({}), "203.0.113.105"), sub).await.0, 200);
    world.forget();
    clock.advance(31.0 * 86_400.0);
    assert_eq!(run(store, desk, clock.now()).await.unwrap().failed, 1);
    clock.advance(8.0 * 86_400.0);
    assert_eq!(run(store, desk, clock.now()).await.unwrap().paused, 1);
    made.extend(world.made());
    // A bank transfer recorded, its next month due in two days (staff's doing).
    let body = json!({"email": payer_email("iam-renewals-bank"), "firstName": "Sana", "lastName": "Malik", "batchId": MERN_09,
        "amount": 14_900, "currency": "usd", "method": "bank", "reference": "IAM-RENEW", "paidOn": time::date(clock.now())});
    let (status, recorded) =
        world.staff::<lambda::StaffPayments>(post("/api/staff/payments/manual", body, "203.0.113.106")).await;
    assert_eq!(status, 201, "{recorded}");
    let due = json!({"nextDueOn": time::date(clock.now() + 2 * 86_400)});
    let path = format!("/api/staff/plans/{}/due", recorded["payment"]["planId"].as_str().unwrap());
    assert_eq!(world.staff::<lambda::StaffPayments>(send("PUT", &path, due, "203.0.113.106")).await.0, 200);
    world.forget();
    assert_eq!(run(store, desk, clock.now()).await.unwrap().reminded, 1);
    // Unpaid past its due date it is overdue, its access kept for the grace period, then paused (mailed).
    clock.advance(3.0 * 86_400.0);
    let round = run(store, desk, clock.now()).await.unwrap();
    assert_eq!((round.overdue, round.paused), (1, 0), "{round:?}");
    clock.advance(8.0 * 86_400.0);
    assert_eq!(run(store, desk, clock.now()).await.unwrap().paused, 1);
    made.extend(world.made());
    made
}

#[tokio::test]
async fn every_function_calls_exactly_what_its_role_allows() {
    let made: BTreeMap<&str, BTreeSet<String>> = BTreeMap::from([
        ("health", requests::<lambda::Health>(&["/api/health".into()]).await),
        ("geo", requests::<lambda::Geo>(&["/api/geo".into()]).await),
        ("courses", requests::<lambda::Courses>(&["/api/courses".into()]).await),
        (
            "outline",
            requests::<lambda::Outline>(&[
                format!("/api/outline/{MERN}"),
                "/api/outline/ffffffffffffffffffffffff".into(),
            ])
            .await,
        ),
        (
            "batches",
            requests::<lambda::Batches>(&[
                "/api/batches".into(),
                format!("/api/batches/{MERN_07}"),
                format!("/api/batches/course/{MERN}"),
                "/api/batches/course/ffffffffffffffffffffffff".into(),
            ])
            .await,
        ),
        ("videos", videos().await),
        ("me", me().await),
        ("lecture", lecture().await),
        ("send-email", send_email().await),
        ("chat", chat().await),
        ("mailer", mailer().await),
        ("staff-enquiries", staff_enquiries().await),
        ("staff-enrolments", staff_enrolments().await),
        ("staff-reports", staff_reports().await),
        ("staff-audit", staff_audit().await),
        ("staff-lectures", staff_lectures().await),
        ("certificates", certificates().await),
        ("staff-certificates", staff_certificates().await),
        ("transcode", transcode().await),
        ("demo", demo().await),
        ("staff-demo", staff_demo().await),
        ("demo-reminder", demo_reminder().await.into_iter().chain(class_reminder().await).collect()),
        ("sessions", sessions().await),
        ("staff-sessions", staff_sessions().await),
        ("assignments", assignments().await),
        ("staff-assignments", staff_assignments().await),
        ("payments", payments().await),
        ("payments-webhook", payments_webhook().await),
        ("staff-payments", staff_payments().await),
        ("payments-renewals", payments_renewals().await),
    ]);
    let declared = declared();
    assert_eq!(declared.keys().map(String::as_str).collect::<Vec<_>>(), made.keys().copied().collect::<Vec<_>>());
    let wrong: Vec<String> = made
        .iter()
        .filter(|(function, calls)| **calls != declared[**function])
        .map(|(function, calls)| format!("{function}: made {calls:?}, declared {:?}", declared[*function]))
        .collect();
    assert!(wrong.is_empty(), "calls made vs infra/iam/actions.json:\n{}", wrong.join("\n"));
}

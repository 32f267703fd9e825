//! Test support: stores of both kinds, and a real moto server (the AWS API over HTTP) started
//! once per test binary on a free loopback port.
#![allow(dead_code)]

pub mod console;
pub mod faults;

/// `on_both_stores!(case, …)`: each `async fn case(store: Store)` of the test file runs as two tests,
/// on SQLite and on DynamoDB in moto (`tests/main.rs` declares `#[macro_use] mod support;` before the modules that use it).
#[allow(unused_macros)]
macro_rules! on_both_stores {
    ($($case:ident),* $(,)?) => {
        mod sqlite {
            $( #[tokio::test] async fn $case() { super::$case(super::support::sqlite_store()).await } )*
        }
        mod dynamodb_on_moto {
            $( #[tokio::test] async fn $case() { super::$case(super::support::moto_store().await).await } )*
        }
    };
}

use academy_core::catalog::import::{import, ImportOutcome};
use academy_core::store::dynamodb::{create_table, DynamoItems};
use academy_core::store::sqlite::SqliteItems;
use academy_core::store::GrantRecords;
use academy_core::store::Store;
use aws_config::{BehaviorVersion, Region};
use lambda_http::aws_lambda_events::apigw::ApiGatewayV2httpRequestContext;
use lambda_http::request::RequestContext;
use lambda_http::{Body, Request, RequestExt};
use serde_json::Value;
use std::net::TcpListener;
use std::os::unix::process::CommandExt;
use std::process::{Command, Stdio};
use std::sync::{mpsc, Arc, OnceLock};
use std::time::{Duration, Instant};

/// The moto server's endpoint, e.g. `http://127.0.0.1:40123`.
pub fn moto_endpoint() -> &'static str {
    static ENDPOINT: OnceLock<String> = OnceLock::new();
    ENDPOINT.get_or_init(start_moto)
}

pub fn free_port() -> u16 {
    TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

/// moto, one request at a time (`infra/scripts/moto_serial.py` says why), run by the Python beside
/// `MOTO_SERVER` (the venv `make test` installs moto into); without it, `moto_server` as it is.
fn start_moto() -> String {
    let program = std::env::var("MOTO_SERVER").unwrap_or_else(|_| "moto_server".into());
    let python = std::path::Path::new(&program).with_file_name("python");
    let port = free_port();
    let mut command = if python.is_file() {
        let mut command = Command::new(python);
        command.arg(concat!(env!("CARGO_MANIFEST_DIR"), "/../../infra/scripts/moto_serial.py"));
        command
    } else {
        Command::new(&program)
    };
    command.args(["-H", "127.0.0.1", "-p", &port.to_string()]);
    let endpoint = serve_for_life(command, port, "`make test` installs moto into the venv");
    eprintln!("moto server (AWS API) at {endpoint}");
    endpoint
}

/// Starts `command` (a server that will listen on `port`) for as long as the test process lives,
/// and waits until it accepts connections. `hint` says how to install it when it cannot start.
pub fn serve_for_life(mut command: Command, port: u16, hint: &'static str) -> String {
    let (tx, rx) = mpsc::channel();
    let program = command.get_program().to_string_lossy().into_owned();
    // The child is spawned from a thread that lives as long as the test process, so the
    // parent-death signal below fires when the tests end, not when one test's thread does.
    std::thread::spawn(move || {
        command.stdin(Stdio::null()).stdout(Stdio::null()).stderr(Stdio::null());
        // SAFETY: prctl is async-signal-safe; it only asks the kernel to end the child with us.
        unsafe {
            command.pre_exec(|| {
                libc::prctl(libc::PR_SET_PDEATHSIG, libc::SIGTERM);
                Ok(())
            });
        }
        match command.spawn() {
            Ok(child) => {
                tx.send(Ok(())).unwrap();
                let _keep = child;
                loop {
                    std::thread::park();
                }
            }
            Err(e) => {
                let program = command.get_program().to_string_lossy();
                tx.send(Err(format!("cannot start {program} ({e}); {hint}"))).unwrap()
            }
        }
    });
    rx.recv().unwrap().unwrap_or_else(|e| panic!("{e}"));
    let deadline = Instant::now() + Duration::from_secs(30);
    while std::net::TcpStream::connect(("127.0.0.1", port)).is_err() {
        assert!(Instant::now() < deadline, "{program} did not start on port {port}");
        std::thread::sleep(Duration::from_millis(100));
    }
    format!("http://127.0.0.1:{port}")
}

/// SDK configuration pointing at moto with test credentials.
pub async fn moto_config() -> aws_config::SdkConfig {
    aws_config::defaults(BehaviorVersion::latest())
        .endpoint_url(moto_endpoint())
        .region(Region::new("eu-west-2"))
        .credentials_provider(aws_sdk_s3::config::Credentials::new("testing", "testing", None, None, "tests"))
        .load()
        .await
}

/// A store on a fresh DynamoDB table in moto.
pub async fn moto_store() -> Store {
    moto_table().await.0
}

/// A store on a fresh DynamoDB table in moto, and the table's name.
pub async fn moto_table() -> (Store, String) {
    let client = academy_core::store::dynamodb::Client::new(&moto_config().await);
    let table = format!("academy-{}", academy_core::ids::generate());
    create_table(&client, &table).await.expect("moto creates the table");
    (Store::new(Arc::new(DynamoItems::new(client, &table))), table)
}

/// A store in a fresh SQLite file.
pub fn sqlite_store() -> Store {
    Store::new(sqlite_items())
}

/// The key-value items of a fresh SQLite file (what `Store` is built on).
pub fn sqlite_items() -> Arc<SqliteItems> {
    let path = std::env::temp_dir().join(format!("academy-test-{}.db", academy_core::ids::generate()));
    Arc::new(SqliteItems::open(path.to_str().unwrap()).expect("sqlite opens"))
}

/// The key-value items of a fresh DynamoDB table in moto.
pub async fn moto_items() -> Arc<DynamoItems> {
    let client = academy_core::store::dynamodb::Client::new(&moto_config().await);
    let table = format!("academy-{}", academy_core::ids::generate());
    create_table(&client, &table).await.expect("moto creates the table");
    Arc::new(DynamoItems::new(client, &table))
}

pub fn demo_catalog() -> String {
    std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../infra/seed/catalog.json")).expect("seed file")
}

/// A store holding the demo catalog.
pub async fn seeded(store: Store) -> Store {
    match import(&store, &demo_catalog()).await.expect("import runs") {
        ImportOutcome::Written { .. } => store,
        ImportOutcome::Rejected(problems) => panic!("demo catalog rejected: {problems:?}"),
    }
}

/// The mail settings of a test inbox.
pub fn test_mail() -> academy_core::mail::MailSettings {
    academy_core::mail::MailSettings {
        inbox: "admissions@academy.test".into(),
        from: "no-reply@academy.test".into(),
        auto_reply: false,
    }
}

/// The demo lecture clip the seed's stored lectures (`s3://…/sample-lecture.mp4`) point at.
pub fn sample_clip() -> Vec<u8> {
    std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../../infra/seed/lectures/sample-lecture.mp4")).unwrap()
}

/// A fresh lecture folder holding the demo clip.
pub fn lecture_folder() -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("academy-lectures-{}", academy_core::ids::generate()));
    std::fs::create_dir_all(&dir).unwrap();
    std::fs::write(dir.join("sample-lecture.mp4"), sample_clip()).unwrap();
    dir
}

/// Everything a handler needs, as `academy serve` has it: the given store, lecture links signed
/// with a random key, lecture files from a fresh local folder, the offline assistant, no inline
/// mailer.
pub async fn app_state(store: Store) -> academy_core::platform::local::AppState {
    use academy_core::learning::lecture::{FolderFiles, KeySource, LectureKeys, LectureLinks, DEFAULT_LINK_SECS};
    let links = Arc::new(LectureLinks::new(KeySource::fixed(LectureKeys::random()), DEFAULT_LINK_SECS));
    let files = Arc::new(FolderFiles::new(lecture_folder()));
    academy_core::platform::local::AppState::with(
        store,
        links,
        files,
        academy_core::assistant::ModelProvider::offline(),
    )
}

/// A fresh Secret ID granted for `batch`, and its grant.
pub async fn grant(store: &Store, batch: &str) -> (String, academy_core::domain::AccessGrant) {
    let secret = academy_core::learning::secret::generate();
    let grant = academy_core::domain::AccessGrant {
        batch_id: batch.into(),
        secret_hash: academy_core::learning::secret::hash(&secret),
        label: None,
        created_at: academy_core::time::now(),
        revoked_at: None,
        access_until: None,
        paused_at: None,
    };
    store.insert_grant(&grant).await.unwrap();
    (secret, grant)
}

// Requests and answers

pub fn fixture(name: &str) -> Request {
    let path = format!("{}/../../infra/events/{name}.json", env!("CARGO_MANIFEST_DIR"));
    lambda_http::request::from_str(&std::fs::read_to_string(path).unwrap()).expect("fixture is an API Gateway event")
}

pub fn request(method: &str, path: &str, headers: &[(&str, &str)], ip: &str) -> Request {
    request_with_body(method, path, headers, ip, Body::Empty)
}

pub fn request_with_body(method: &str, path: &str, headers: &[(&str, &str)], ip: &str, body: Body) -> Request {
    let mut builder = lambda_http::http::Request::builder().method(method).uri(format!("https://api.test{path}"));
    for (name, value) in headers {
        builder = builder.header(*name, *value);
    }
    let mut context = ApiGatewayV2httpRequestContext::default();
    context.http.source_ip = Some(ip.into());
    builder.body(body).unwrap().with_request_context(RequestContext::ApiGatewayV2(context))
}

/// `req` as API Gateway passes it on after its JWT authorizer verified a token for `sub`.
pub fn as_student(req: Request, sub: &str) -> Request {
    use lambda_http::aws_lambda_events::apigw::{
        ApiGatewayRequestAuthorizer, ApiGatewayRequestAuthorizerJwtDescription,
    };
    let Some(RequestContext::ApiGatewayV2(mut context)) = req.request_context_ref().cloned() else {
        panic!("an API Gateway request")
    };
    let mut jwt = ApiGatewayRequestAuthorizerJwtDescription::default();
    jwt.claims.insert("sub".into(), sub.into());
    let mut authorizer = ApiGatewayRequestAuthorizer::default();
    authorizer.jwt = Some(jwt);
    context.authorizer = Some(authorizer);
    req.with_request_context(RequestContext::ApiGatewayV2(context))
}

pub fn get(path: &str) -> Request {
    request("GET", path, &[], "198.51.100.1")
}

/// Status, headers and JSON body of an answer.
pub async fn call(
    state: &academy_core::platform::local::AppState,
    req: Request,
) -> (u16, lambda_http::http::HeaderMap, Value) {
    let response = academy_core::platform::routes::dispatch(state, req).await;
    let (parts, body) = response.into_parts();
    assert_eq!(parts.headers["content-type"], "application/json");
    let json = match body {
        Body::Text(text) => serde_json::from_str(&text).expect("JSON body"),
        other => panic!("expected a text body, got {other:?}"),
    };
    (parts.status.as_u16(), parts.headers, json)
}

pub fn assert_error(answer: &(u16, lambda_http::http::HeaderMap, Value), status: u16, code: &str) {
    assert_eq!(answer.0, status, "{}", answer.2);
    assert_eq!(answer.2["error"], code);
    assert!(answer.2["message"].as_str().is_some_and(|m| !m.is_empty()), "a readable message");
}

// Enquiries and their mail

/// A contact form's fields, as a visitor fills them.
pub fn contact() -> Value {
    serde_json::json!({"firstName": "Hamza", "lastName": "Qureshi", "email": "hamza.q@example.pk",
                       "phone": "+92 300 1234567", "message": "Do you run <weekend> MERN batches?"})
}

/// `POST /api/send-email` with `body`, from the client address `ip`.
pub fn post(body: &Value, ip: &str) -> Request {
    request_with_body(
        "POST",
        "/api/send-email",
        &[("content-type", "application/json")],
        ip,
        Body::Text(body.to_string()),
    )
}

/// A fresh outbox folder (it is made by the first message).
pub fn outbox_dir() -> std::path::PathBuf {
    std::env::temp_dir().join(format!("academy-outbox-{}", academy_core::ids::generate()))
}

/// The messages in an outbox folder, sorted.
pub fn outbox_messages(dir: &std::path::Path) -> Vec<String> {
    let mut messages: Vec<String> = std::fs::read_dir(dir)
        .map(|entries| {
            entries
                .flatten()
                .filter(|e| e.path().extension().is_some_and(|x| x == "eml"))
                .map(|e| std::fs::read_to_string(e.path()).unwrap())
                .collect()
        })
        .unwrap_or_default();
    messages.sort();
    messages
}

/// SES on moto, sending with a configuration set as the stack's mailer does.
pub async fn ses() -> (academy_core::mail::SesMailer, aws_sdk_sesv2::Client) {
    let (client, set) = ses_configuration_set().await;
    (academy_core::mail::SesMailer::new(client.clone(), Some(set)), client)
}

/// An SES client on moto and a fresh configuration set made there.
pub async fn ses_configuration_set() -> (aws_sdk_sesv2::Client, String) {
    let client = aws_sdk_sesv2::Client::new(&moto_config().await);
    let set = format!("academy-mail-{}", academy_core::ids::generate());
    client.create_configuration_set().configuration_set_name(&set).send().await.expect("moto creates it");
    (client, set)
}

/// Raw messages moto's SES has accepted, as text, in the order it accepted them: what moto's state dump lists under
/// `ses.RawMessage`, answered by `infra/scripts/moto_serial.py` without dumping every other service's state too.
pub async fn ses_sent() -> Vec<String> {
    let url = format!("{}/_academy/ses/raw-messages", moto_endpoint());
    let answer = reqwest::get(&url).await.expect("moto answers");
    assert!(answer.status().is_success(), "GET {url}: {}", answer.status());
    serde_json::from_str(&answer.text().await.expect("moto's answer")).expect("a JSON array of raw messages")
}

// S3 on moto

/// An S3 client on moto: path-style (moto serves every bucket on one host). moto 5.1 (the version
/// `make test` installs) answers ListParts as S3 does; 5.2.1 names its root `ListPartsResponse`,
/// which the SDK refuses.
pub fn moto_s3(config: &aws_config::SdkConfig) -> aws_sdk_s3::config::Builder {
    aws_sdk_s3::config::Builder::from(config).force_path_style(true)
}

/// A bucket in eu-west-2 on moto (one that exists already, from an earlier test, will do).
pub async fn create_bucket(s3: &aws_sdk_s3::Client, name: &str) {
    use aws_sdk_s3::types::{BucketLocationConstraint, CreateBucketConfiguration};
    let location = CreateBucketConfiguration::builder().location_constraint(BucketLocationConstraint::EuWest2).build();
    if let Err(error) = s3.create_bucket().bucket(name).create_bucket_configuration(location).send().await {
        let exists = error.as_service_error().is_some_and(|e| e.is_bucket_already_owned_by_you());
        assert!(exists, "creating bucket {name}: {}", aws_sdk_s3::error::DisplayErrorContext(error));
    }
}

// ffmpeg that wedges

/// `ffprobe` and `ffmpeg` as scripts in a folder of their own: each runs the real program, except
/// on a recording whose path holds `wedge-ffprobe` (or `wedge-ffmpeg`) while the folder holds a
/// file of that name. Then it starts a `sleep` child, notes both ids in `{name}.pids`, and waits.
pub fn wedging_tools(
    limits: academy_core::media::ffmpeg::Limits,
) -> (academy_core::media::ffmpeg::Tools, std::path::PathBuf) {
    use std::os::unix::fs::PermissionsExt;
    let dir = std::env::temp_dir().join(format!("academy-tools-{}", academy_core::ids::generate()));
    std::fs::create_dir_all(&dir).unwrap();
    for name in ["ffprobe", "ffmpeg"] {
        let script = format!(
            "#!/bin/sh\ncase \"$*\" in *wedge-{name}*) if [ -e '{dir}/wedge-{name}' ]; then\n  sleep 600 &\n  echo \"$$ $!\" >> '{dir}/{name}.pids'\n  wait\n  exit 1\nfi;; esac\nexec {name} \"$@\"\n",
            dir = dir.display()
        );
        let path = dir.join(name);
        std::fs::write(&path, script).unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755)).unwrap();
        std::fs::write(dir.join(format!("wedge-{name}")), b"").unwrap();
    }
    let tools = academy_core::media::ffmpeg::Tools { ffmpeg: dir.join("ffmpeg"), ffprobe: dir.join("ffprobe"), limits };
    (tools, dir)
}

/// The process ids a wedging tool noted (the script and its `sleep`), once it noted some (at most 60 s).
pub async fn wedged_pids(dir: &std::path::Path, name: &str) -> Vec<u32> {
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let text = std::fs::read_to_string(dir.join(format!("{name}.pids"))).unwrap_or_default();
        let pids: Vec<u32> = text.split_whitespace().filter_map(|p| p.parse().ok()).collect();
        if !pids.is_empty() {
            return pids;
        }
        assert!(Instant::now() < deadline, "{name} never wedged");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// Whether process `pid` still runs (a zombie, killed and waiting to be reaped, does not).
pub fn is_running(pid: u32) -> bool {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    stat.rsplit_once(") ").is_some_and(|(_, rest)| !rest.starts_with('Z'))
}

/// Waits (at most 20 s) until none of `pids` runs; false if one still does.
pub async fn all_stopped(pids: &[u32]) -> bool {
    let deadline = Instant::now() + Duration::from_secs(20);
    while pids.iter().any(|p| is_running(*p)) {
        if Instant::now() > deadline {
            return false;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    true
}

/// localstripe (the local Stripe API), started once for the test process, checking every request
/// made with the secret key against Stripe's own parameter types (`infra/scripts/localstripe_server.py
/// --validate`), run by `STRIPE_PYTHON` (the venv `make test` installs it into).
pub fn localstripe() -> &'static str {
    static ENDPOINT: OnceLock<String> = OnceLock::new();
    ENDPOINT.get_or_init(|| {
        let python = std::env::var("STRIPE_PYTHON").unwrap_or_else(|_| "python3".into());
        let port = free_port();
        let mut command = Command::new(python);
        command.arg(concat!(env!("CARGO_MANIFEST_DIR"), "/../../infra/scripts/localstripe_server.py")).args([
            "--port",
            &port.to_string(),
            "--validate",
        ]);
        let endpoint = serve_for_life(command, port, "`make test` installs localstripe into the venv");
        eprintln!("localstripe (Stripe API) at {endpoint}");
        endpoint
    })
}

/// A fresh CloudFront files key's private half as PKCS#8 PEM (as Secrets Manager holds it) and
/// its public half's SPKI DER.
pub fn files_key_pem() -> (String, Vec<u8>) {
    use aws_lc_rs::encoding::AsDer;
    use aws_lc_rs::signature::KeyPair as _;
    use base64::Engine;
    let pair = aws_lc_rs::rsa::KeyPair::generate(aws_lc_rs::rsa::KeySize::Rsa2048).unwrap();
    let pkcs8 = base64::engine::general_purpose::STANDARD.encode(pair.as_der().unwrap().as_ref());
    let pem = format!("-----BEGIN PRIVATE KEY-----\n{pkcs8}\n-----END PRIVATE KEY-----\n");
    (pem, pair.public_key().as_der().unwrap().as_ref().to_vec())
}

/// A fresh CloudFront files key, as an operator makes one: the signer (from the PEM the
/// functions are given) and the public half's SPKI DER.
pub fn files_key(key_id: &str) -> (academy_core::objects::cloudfront::CloudFrontSigner, Vec<u8>) {
    let (pem, public) = files_key_pem();
    (academy_core::objects::cloudfront::CloudFrontSigner::new(key_id, &pem).unwrap(), public)
}

/// Whether `url` carries a CloudFront signature (`Hash-Algorithm=SHA256`) of its own resource and
/// `Expires` that the public key `spki` verifies.
pub fn cloudfront_signed(url: &str, spki: &[u8]) -> bool {
    use base64::Engine;
    let Some((resource, tail)) = url.split_once("&Expires=") else { return false };
    let mut fields = tail.split('&');
    let expires: i64 = fields.next().and_then(|e| e.parse().ok()).unwrap_or_default();
    let rest: Vec<&str> = fields.collect();
    let Some(signature) = rest.iter().find_map(|f| f.strip_prefix("Signature=")) else { return false };
    if !rest.contains(&"Hash-Algorithm=SHA256") {
        return false;
    }
    let standard: String = signature
        .chars()
        .map(|c| match c {
            '-' => '+',
            '_' => '=',
            '~' => '/',
            c => c,
        })
        .collect();
    let Ok(signature) = base64::engine::general_purpose::STANDARD.decode(standard) else { return false };
    let policy = academy_core::objects::cloudfront::CloudFrontSigner::policy(resource, expires);
    aws_lc_rs::signature::UnparsedPublicKey::new(&aws_lc_rs::signature::RSA_PKCS1_2048_8192_SHA256, spki)
        .verify(policy.as_bytes(), &signature)
        .is_ok()
}

/// Whether `query` carries a CloudFront custom policy (`Policy=…&Signature=…`) for `pattern` until
/// `expires` (within a minute: the answer was signed a moment before), which the public key
/// `spki` verifies.
pub fn cloudfront_policy_signed(query: &str, pattern: &str, expires: i64, spki: &[u8]) -> bool {
    use base64::Engine;
    let field = |name: &str| {
        let value = query.split('&').find_map(|p| p.strip_prefix(name).and_then(|p| p.strip_prefix('=')))?;
        let standard: String = value
            .chars()
            .map(|c| match c {
                '-' => '+',
                '_' => '=',
                '~' => '/',
                c => c,
            })
            .collect();
        base64::engine::general_purpose::STANDARD.decode(standard).ok()
    };
    let (Some(policy), Some(signature)) = (field("Policy"), field("Signature")) else { return false };
    if !query.split('&').any(|p| p == "Hash-Algorithm=SHA256") {
        return false;
    }
    let signed = (expires - 60..=expires + 60)
        .any(|at| policy == academy_core::objects::cloudfront::CloudFrontSigner::policy(pattern, at).as_bytes());
    signed
        && aws_lc_rs::signature::UnparsedPublicKey::new(&aws_lc_rs::signature::RSA_PKCS1_2048_8192_SHA256, spki)
            .verify(&policy, &signature)
            .is_ok()
}

/// Runs a poppler tool, which `make test` installs (poppler-utils).
pub fn poppler(tool: &str, args: &[&str]) -> std::process::Output {
    let output = Command::new(tool)
        .args(args)
        .output()
        .unwrap_or_else(|e| panic!("{tool} runs ({e}): `make test` installs poppler-utils"));
    assert!(output.status.success(), "{tool}: {}", String::from_utf8_lossy(&output.stderr));
    output
}

/// The text of a PDF, laid out as on its page (poppler's `pdftotext -layout`).
pub fn pdf_text(pdf: &[u8]) -> String {
    let file = std::env::temp_dir().join(format!("academy-{}.pdf", academy_core::ids::generate()));
    std::fs::write(&file, pdf).unwrap();
    let output = poppler("pdftotext", &["-layout", file.to_str().unwrap(), "-"]);
    let _ = std::fs::remove_file(&file);
    String::from_utf8(output.stdout).unwrap()
}

//! `academy serve`: the whole product on one local port. `/api/*`, `/lecture/*` and `/calendar/*` go to the same
//! handlers the Lambdas run (each request converted to a `lambda_http::Request` with the peer
//! address as API Gateway's source IP); `PUT /upload/…` takes a lecture recording's parts into the
//! local lecture folder (S3 takes them in AWS: no Lambda answers it); everything else is the
//! built site, served by the CDN's rules. Submissions are mailed right after they are stored, and a background task re-drives
//! what a crash left pending (`redrive`); another sends the demo classes' due reminders and the
//! staff's morning digest (`demo_reminders`: EventBridge Scheduler's job in AWS), and a third live
//! classes' reminders (`class_reminders`); the demo batches get timetables on first start.

use crate::site::{redirect_location, Resolved, Site};
use academy_core::http::error::ApiError;
use academy_core::leads::mail::{Redrive, Redriver};
use academy_core::platform::env;
use academy_core::platform::local::{mailer_from_env, transcode_worker, AppState};
use academy_core::platform::routes::dispatch;
use academy_core::store::CatalogRecords;
use academy_core::store::StoreUrl;
use axum::body::Body as AxumBody;
use axum::extract::{ConnectInfo, Path, Request, State};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{any, get, put};
use axum::Router;
use lambda_http::aws_lambda_events::apigw::ApiGatewayV2httpRequestContext;
use lambda_http::request::RequestContext;
use lambda_http::RequestExt;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;
use tower::ServiceExt;
use tower_http::compression::predicate::{NotForContentType, Predicate};
use tower_http::compression::{CompressionLayer, DefaultPredicate};
use tower_http::services::ServeFile;
use tower_http::set_header::SetResponseHeaderLayer;

/// Largest request body the API accepts (API Gateway allows more; no endpoint needs it) but for
/// the lecture routes (captions, an upload's list of parts), which take `lectures::MAX_BODY`.
pub const MAX_BODY: usize = 64 * 1024;

/// The largest body `path` may carry.
fn body_limit(path: &str) -> usize {
    if path.starts_with("/api/staff/batches/") && path.contains("/lectures/") {
        academy_core::media::console::MAX_BODY
    } else if path.contains("/assignments") || path.starts_with("/api/staff/submissions") {
        academy_core::assignments::MAX_BODY
    } else {
        MAX_BODY
    }
}

#[derive(clap::Args)]
pub struct Options {
    /// Port to listen on.
    #[arg(long, env = "PORT", default_value_t = 8080)]
    port: u16,
    /// Address to bind.
    #[arg(long, default_value = "127.0.0.1")]
    host: std::net::IpAddr,
    /// The built site (React Router's build/client).
    #[arg(long, default_value = "site/build/client")]
    site: PathBuf,
    /// Seconds a client has to send a request's headers before its connection is closed.
    #[arg(long, default_value_t = 10)]
    header_timeout: u64,
    /// Seconds a client has to send a request's body before it is answered 408 and closed.
    #[arg(long, default_value_t = 30)]
    body_timeout: u64,
    /// Seconds between re-drives of submissions a crash left pending, which also is how long one
    /// must have been pending to be re-driven (academy_core::leads::mail::Redriver).
    #[arg(long, env = "ACADEMY_REDRIVE_SECONDS", default_value_t = 60,
          value_parser = clap::value_parser!(u64).range(1..))]
    redrive_seconds: u64,
}

struct Server {
    state: AppState,
    site: Site,
    body_timeout: Duration,
}

/// The Content-Security-Policy of every answer; `extra` are origins the browser may call and
/// post to (the OpenID provider: `ACADEMY_CSP_CONNECT` locally, Cognito in AWS); `lectures`, where
/// lecture files come from when not from this origin (in AWS the lectures bucket: the player fetches
/// an HLS recording's presigned segments and the poster is redirected there; locally none).
/// `'unsafe-inline'` scripts: React Router's pre-rendered pages carry inline hydration data;
/// `'wasm-unsafe-eval'`: the search page's index (Pagefind) is WebAssembly. The CDN's
/// response-headers policy in `template.yaml` is this policy with Cognito's origins (tested).
pub fn content_security_policy(extra: &str, lectures: &str, stripe: &StripeSources) -> String {
    let lectures = if lectures.is_empty() { String::new() } else { format!(" {lectures}") };
    let StripeSources { script, frame, connect } = stripe;
    format!(
        "default-src 'self'; script-src 'self' 'unsafe-inline' 'wasm-unsafe-eval'{script}; style-src 'self' 'unsafe-inline'; \
         img-src 'self' data: blob:{lectures}; font-src 'self'; media-src 'self' blob: https:; \
         frame-src https://www.youtube-nocookie.com https://www.youtube.com https://player.vimeo.com https://drive.google.com{frame}; \
         connect-src 'self'{lectures}{connect} {extra}; form-action 'self' {extra}; frame-ancestors 'none'; base-uri 'self'; object-src 'none'"
    )
}

/// What the card step needs the CSP to allow, each with a leading space: Stripe.js, its frames
/// (the Card Element, 3-D Secure) and its API; or, locally, localstripe's stand-in at its origin.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct StripeSources {
    pub script: String,
    pub frame: String,
    pub connect: String,
}

impl StripeSources {
    /// The sources for Stripe.js at `js_url` (none without card payments).
    pub fn of(js_url: Option<&str>) -> Self {
        let Some(url) = js_url else { return Self::default() };
        let origin = url.splitn(4, '/').take(3).collect::<Vec<_>>().join("/");
        if origin == "https://js.stripe.com" {
            return Self {
                script: " https://js.stripe.com".into(),
                frame: " https://js.stripe.com https://hooks.stripe.com".into(),
                connect: " https://api.stripe.com".into(),
            };
        }
        Self { script: format!(" {origin}"), frame: format!(" {origin}"), connect: format!(" {origin}") }
    }
}

pub fn router(state: AppState, site: Site, body_timeout: Duration) -> Router {
    let server = Arc::new(Server { state, site, body_timeout });
    let csp = content_security_policy(&env::csp_connect(), "", &StripeSources::of(env::stripe_js_url().as_deref()));
    let csp = HeaderValue::from_str(&csp).expect("CSP is a valid header value");
    let fixed = |name: &'static str, value: &'static str| {
        SetResponseHeaderLayer::if_not_present(header::HeaderName::from_static(name), HeaderValue::from_static(value))
    };
    Router::new()
        .route("/api", any(api))
        .route("/api/", any(api))
        .route("/api/{*rest}", any(api))
        .route("/lecture/{*rest}", any(api))
        .route("/calendar/{*rest}", any(api))
        .route("/upload/{upload_id}/{part}", put(upload_part))
        .route("/download/{*key}", get(download))
        // API answers are compressed as they go; lecture files are not (their byte ranges are ranges
        // of the file), nor site files, which the build compressed (see `static_site`).
        .layer(
            CompressionLayer::new().compress_when(DefaultPredicate::new().and(NotForContentType::const_new("video/"))),
        )
        .fallback(static_site)
        .with_state(server)
        .layer(SetResponseHeaderLayer::if_not_present(header::CONTENT_SECURITY_POLICY, csp))
        .layer(fixed("x-content-type-options", "nosniff"))
        .layer(fixed("referrer-policy", "strict-origin-when-cross-origin"))
        .layer(fixed("x-frame-options", "DENY"))
        .layer(fixed("permissions-policy", "camera=(), microphone=(), geolocation=()"))
}

fn to_axum(response: lambda_http::Response<lambda_http::Body>) -> Response {
    let (parts, body) = response.into_parts();
    let body = match body {
        lambda_http::Body::Empty => AxumBody::empty(),
        lambda_http::Body::Text(text) => AxumBody::from(text),
        lambda_http::Body::Binary(bytes) => AxumBody::from(bytes),
        _ => AxumBody::empty(),
    };
    Response::from_parts(parts, body)
}

/// The most bytes of a refused request's body read and dropped so that its connection can carry
/// the next request; past this, the refusal closes the connection instead.
const DRAIN_LIMIT: usize = 1024 * 1024;

/// The body length a request declares, if it declares one.
fn declared_length(headers: &axum::http::HeaderMap) -> Option<usize> {
    headers.get(header::CONTENT_LENGTH).and_then(|v| v.to_str().ok()?.parse::<usize>().ok())
}

/// `refusal`, answered before `body` was read. A client on a kept-alive connection sends its next
/// request after this body, so the connection is left as it can be used: the body is read and
/// dropped when it is small (`DRAIN_LIMIT`) and arrives within the body timeout; otherwise the
/// answer says `Connection: close`, and hyper closes the connection after it, rather than
/// dropping it without a word under the client's next request.
async fn refuse_unread(server: &Server, body: AxumBody, declared: Option<usize>, refusal: Response) -> Response {
    let drained = declared.is_none_or(|len| len <= DRAIN_LIMIT)
        && matches!(
            tokio::time::timeout(server.body_timeout, axum::body::to_bytes(body, DRAIN_LIMIT)).await,
            Ok(Ok(_))
        );
    if drained {
        refusal
    } else {
        closing(refusal)
    }
}

/// `response`, with the connection closed after it.
fn closing(mut response: Response) -> Response {
    response.headers_mut().insert(header::CONNECTION, HeaderValue::from_static("close"));
    response
}

/// A request's body, at most `limit` bytes, within the server's body timeout.
async fn bounded_body(
    server: &Server,
    req: Request,
    limit: usize,
) -> Result<(axum::http::request::Parts, Vec<u8>), Response> {
    let too_large = || to_axum(ApiError::PayloadTooLarge { limit }.into_response());
    let declared = declared_length(req.headers());
    if declared.is_some_and(|len| len > limit) {
        return Err(refuse_unread(server, req.into_body(), declared, too_large()).await);
    }
    let (parts, body) = req.into_parts();
    match tokio::time::timeout(server.body_timeout, axum::body::to_bytes(body, limit)).await {
        Ok(Ok(bytes)) => Ok((parts, bytes.to_vec())),
        // Past the limit (a body longer than it said, or of no declared length): the rest is unread.
        Ok(Err(_)) => Err(closing(too_large())),
        Err(_) => Err(closing(to_axum(ApiError::RequestTimeout.into_response()))),
    }
}

/// `PUT /upload/{uploadId}/{partNumber}?expires=…&key=…&signature=…`: one part of a lecture
/// recording, into the local lecture folder; answered with its `ETag`, as S3 answers.
async fn upload_part(
    State(server): State<Arc<Server>>,
    Path((upload_id, part)): Path<(String, String)>,
    req: Request,
) -> Response {
    let refused = |e: ApiError| to_axum(e.into_response());
    let admitted = match server.state.part_uploads.clone() {
        None => Err(refused(ApiError::NotFound("Recordings are not uploaded to this server.".into()))),
        Some(uploads) => {
            let query = req.uri().query();
            match uploads.admit_part(&upload_id, &part, query).await {
                Ok(limit) => Ok((uploads, limit as usize)),
                Err(e) => Err(refused(e)),
            }
        }
    };
    let (uploads, limit) = match admitted {
        Ok(admitted) => admitted,
        Err(refusal) => {
            let declared = declared_length(req.headers());
            return refuse_unread(&server, req.into_body(), declared, refusal).await;
        }
    };
    let query = req.uri().query().map(str::to_owned);
    match bounded_body(&server, req, limit).await {
        Ok((_, bytes)) => to_axum(uploads.put_part(&upload_id, &part, query.as_deref(), &bytes).await),
        Err(refused) => refused,
    }
}

/// `GET /download/{key}?type=…&disposition=…&expires=…&signature=…`: an assignment's file from the
/// local lecture folder, as an attachment that is never sniffed (the local twin of a presigned S3 GET).
async fn download(State(server): State<Arc<Server>>, Path(key): Path<String>, req: Request) -> Response {
    match server.state.part_uploads.clone() {
        None => to_axum(ApiError::NotFound("Files are not stored on this server.".into()).into_response()),
        Some(uploads) => to_axum(uploads.serve_download(&key, req.uri().query()).await),
    }
}

async fn api(State(server): State<Arc<Server>>, ConnectInfo(peer): ConnectInfo<SocketAddr>, req: Request) -> Response {
    let limit = body_limit(req.uri().path());
    let (parts, bytes) = match bounded_body(&server, req, limit).await {
        Ok(read) => read,
        Err(refused) => return refused,
    };
    let body = match String::from_utf8(bytes) {
        Ok(text) if text.is_empty() => lambda_http::Body::Empty,
        Ok(text) => lambda_http::Body::Text(text),
        Err(raw) => lambda_http::Body::Binary(raw.into_bytes()),
    };
    let mut context = ApiGatewayV2httpRequestContext::default();
    context.http.method = parts.method.clone();
    context.http.path = Some(parts.uri.path().to_owned());
    context.http.source_ip = Some(peer.ip().to_string());
    let request =
        lambda_http::Request::from_parts(parts, body).with_request_context(RequestContext::ApiGatewayV2(context));
    to_axum(dispatch(&server.state, request).await)
}

const NOT_BUILT: &str = "<!doctype html><title>Academy</title><h1>The site is not built yet</h1>\
<p>Run <code>make build</code> (or <code>make dev</code>) from the repository root. The API is live under <a href=\"/api/courses\">/api</a>.</p>";

async fn static_site(State(server): State<Arc<Server>>, req: Request) -> Response {
    if req.method() != Method::GET && req.method() != Method::HEAD {
        return (StatusCode::METHOD_NOT_ALLOWED, [(header::ALLOW, "GET, HEAD")]).into_response();
    }
    let path = req.uri().path().to_owned();
    match server.site.resolve(&path) {
        Resolved::Missing => {
            (StatusCode::SERVICE_UNAVAILABLE, [(header::CONTENT_TYPE, "text/html; charset=utf-8")], NOT_BUILT)
                .into_response()
        }
        Resolved::Redirect(target) => {
            (StatusCode::MOVED_PERMANENTLY, [(header::LOCATION, redirect_location(&target, req.uri().query()))])
                .into_response()
        }
        Resolved::File { path: file, status } => {
            let cache = server.site.cache_control(&file);
            // The build writes `<file>.br` (brotli -q 11) and `<file>.gz` (gzip -9) beside every text file:
            // sent as they are to a client that accepts them, so nothing is compressed per request.
            let precompressed = has_precompressed_copy(&file);
            let mut response = match ServeFile::new(&file).precompressed_br().precompressed_gzip().oneshot(req).await {
                Ok(r) => r.map(AxumBody::new),
                Err(never) => match never {},
            };
            if status == 404 && response.status() == StatusCode::OK {
                *response.status_mut() = StatusCode::NOT_FOUND;
            }
            response.headers_mut().insert(header::CACHE_CONTROL, HeaderValue::from_static(cache));
            if precompressed {
                // The answer depends on Accept-Encoding, so caches must keep one copy per encoding.
                response.headers_mut().insert(header::VARY, HeaderValue::from_static("accept-encoding"));
            }
            response
        }
    }
}

fn has_precompressed_copy(file: &std::path::Path) -> bool {
    [".br", ".gz"].iter().any(|ext| {
        let mut name = file.as_os_str().to_owned();
        name.push(ext);
        std::path::Path::new(&name).is_file()
    })
}

/// Resolves on SIGINT or SIGTERM. The handlers are installed when this is called, so a signal
/// that arrives as soon as the port is open (before the server first polls this) still stops it
/// cleanly instead of killing the process.
fn shutdown_signal() -> impl std::future::Future<Output = ()> {
    use tokio::signal::unix::{signal, SignalKind};
    let mut interrupt = signal(SignalKind::interrupt()).expect("SIGINT handler can be installed");
    let mut terminate = signal(SignalKind::terminate()).expect("SIGTERM handler can be installed");
    async move {
        tokio::select! {
            _ = interrupt.recv() => {},
            _ = terminate.recv() => {},
        }
        tracing::info!("shutting down");
    }
}

/// Copies the demo lecture files into the lecture folder, when it has none yet.
fn seed_lectures(folder: &std::path::Path) -> Result<(), String> {
    let empty = std::fs::read_dir(folder).map_or(true, |mut entries| entries.next().is_none());
    if !empty {
        return Ok(());
    }
    std::fs::create_dir_all(folder).map_err(|e| format!("{}: {e}", folder.display()))?;
    for (name, bytes) in crate::DEMO_LECTURES {
        std::fs::write(folder.join(name), bytes).map_err(|e| format!("{}: {e}", folder.join(name).display()))?;
    }
    tracing::info!(folder = %folder.display(), "empty lecture folder: copied the demo lectures");
    Ok(())
}

pub async fn run(store: &StoreUrl, options: Options) -> Result<(), String> {
    let mut state = AppState::open(store).await?;
    let mailer = mailer_from_env(store).await?;
    state.mail_inline(mailer.clone(), env::mail_settings());
    if state.store.list_courses().await.map_err(|e| e.to_string())?.is_empty() {
        tracing::info!("empty store: loading the demo catalog");
        crate::commands::import_text(&state.store, crate::DEMO_CATALOG).await?;
        crate::commands::seed_assignment(&state.store).await?;
    }
    if let StoreUrl::Embedded(_) = store {
        // The demo batches' live classes, from their cards' schedule and timing (once per batch).
        let now = academy_core::time::now();
        match academy_core::live::console::seed_timetables(&state.store, state.staff_sessions.reminders.as_ref(), now)
            .await
        {
            Ok(0) => {}
            Ok(seeded) => tracing::info!(seeded, "gave the demo batches timetables and sessions"),
            Err(error) => tracing::warn!(%error, "could not give the demo batches timetables"),
        }
    }
    // Locally, recordings are transcoded by ffmpeg in the background (held for the server's life).
    let _transcoding = match store {
        StoreUrl::Embedded(_) => {
            seed_lectures(std::path::Path::new(&env::lectures_folder()))?;
            let worker = transcode_worker(&state.store);
            state.staff_lectures.queue = worker.clone();
            Some(worker)
        }
        StoreUrl::DynamoDb(_) => None,
    };
    let site = Site::load(&options.site);
    if !site.is_built() {
        tracing::warn!(site = %options.site.display(), "site not built; `make build` builds it");
    }
    let redriver = Redriver::new(state.store.clone(), mailer, env::mail_settings(), redrive_every(&options));
    tokio::spawn(redrive(redriver, redrive_every(&options)));
    tokio::spawn(demo_reminders(state.store.clone(), state.demo.desk.clone(), DEMO_REMINDERS_EVERY));
    tokio::spawn(class_reminders(state.store.clone(), state.sessions.desk.clone(), DEMO_REMINDERS_EVERY));
    tokio::spawn(payment_rounds(state.store.clone(), state.payments_desk().clone(), PAYMENT_ROUND_EVERY));
    let shutdown = shutdown_signal();
    let addr = SocketAddr::new(options.host, options.port);
    let listener = tokio::net::TcpListener::bind(addr).await.map_err(|e| format!("cannot listen on {addr}: {e}"))?;
    tracing::info!("serving http://{addr}");
    let app = router(state, site, Duration::from_secs(options.body_timeout));
    serve_connections(listener, app, Duration::from_secs(options.header_timeout), shutdown).await;
    Ok(())
}

fn redrive_every(options: &Options) -> Duration {
    Duration::from_secs(options.redrive_seconds)
}

/// Re-drives what a crash left pending: now, then every `period` (in AWS the table's stream
/// does this instead; see `Redriver`).
async fn redrive(mut redriver: Redriver, period: Duration) {
    let mut ticks = tokio::time::interval(period);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        match redriver.pass(academy_core::time::now()).await {
            Ok(done) if done != Redrive::default() => tracing::info!(?done, "re-drive of pending submissions"),
            Ok(_) => {}
            Err(error) => tracing::warn!(%error, "re-drive stopped early; the next one tries again"),
        }
    }
}

/// How often the local worker looks for due demo reminders (they go out at most this late).
const DEMO_REMINDERS_EVERY: Duration = Duration::from_secs(30);

/// Sends the demo classes' reminders when due and the staff's digest from 08:00 Karachi time,
/// from the reminder records the demo routes stored (academy_core::demo::reminders::tick).
async fn demo_reminders(store: academy_core::store::Store, desk: academy_core::demo::Desk, period: Duration) {
    let mut ticks = tokio::time::interval(period);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        match academy_core::demo::reminders::tick(&store, &desk, academy_core::time::now()).await {
            Ok((0, false)) => {}
            Ok((reminders, digest)) => tracing::info!(reminders, digest, "demo reminders sent"),
            Err(error) => tracing::warn!(%error, "demo reminders stopped early; the next look tries again"),
        }
    }
}

/// Sends live classes' reminders (an hour before each session) when due, from the records the
/// staff routes stored on the same schedule (academy_core::live::reminders::send_due).
async fn class_reminders(store: academy_core::store::Store, desk: academy_core::live::Desk, period: Duration) {
    let mut ticks = tokio::time::interval(period);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        match academy_core::live::reminders::send_due(&store, &desk, academy_core::time::now()).await {
            Ok(0) => {}
            Ok(sessions) => tracing::info!(sessions, "class reminders sent"),
            Err(error) => tracing::warn!(%error, "class reminders stopped early; the next look tries again"),
        }
    }
}

/// How often the local server runs the payments' round (the `payments-renewals` function's daily
/// schedule in AWS); a round with nothing due changes nothing.
const PAYMENT_ROUND_EVERY: Duration = Duration::from_secs(15 * 60);

/// Charges card plans' months that came due, reminds manual plans' students, pauses overdue plans
/// (academy_core::payments::renewals::run).
async fn payment_rounds(store: academy_core::store::Store, desk: academy_core::payments::Desk, period: Duration) {
    let mut ticks = tokio::time::interval(period);
    ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    loop {
        ticks.tick().await;
        match academy_core::payments::renewals::run(&store, &desk, academy_core::time::now()).await {
            Ok(round) if round == Default::default() => {}
            Ok(round) => tracing::info!(?round, "payments round"),
            Err(error) => tracing::warn!(%error, "the payments round stopped early; the next one tries again"),
        }
    }
}

/// Serves HTTP/1.1 on `listener` until `shutdown`, then lets open requests finish. hyper closes
/// a connection whose request headers have not arrived within `header_timeout` (a slow or idle
/// client cannot hold a connection open); `api` bounds the body's time.
async fn serve_connections(
    listener: tokio::net::TcpListener,
    app: Router,
    header_timeout: Duration,
    shutdown: impl std::future::Future<Output = ()>,
) {
    use hyper_util::rt::{TokioIo, TokioTimer};
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new()).header_read_timeout(header_timeout);
    let graceful = hyper_util::server::graceful::GracefulShutdown::new();
    tokio::pin!(shutdown);
    loop {
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(connection) => connection,
                Err(error) => {
                    // Out of file descriptors, say: wait a moment instead of spinning.
                    tracing::warn!(%error, "accept failed");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            () = &mut shutdown => break,
        };
        let _ = stream.set_nodelay(true);
        let app = app.clone();
        let service = hyper::service::service_fn(move |mut req: hyper::Request<hyper::body::Incoming>| {
            req.extensions_mut().insert(ConnectInfo(peer));
            app.clone().oneshot(req.map(AxumBody::new))
        });
        let connection = graceful.watch(http.serve_connection(TokioIo::new(stream), service));
        tokio::spawn(async move {
            if let Err(error) = connection.await {
                tracing::debug!(%error, %peer, "connection ended");
            }
        });
    }
    drop(listener);
    if tokio::time::timeout(Duration::from_secs(10), graceful.shutdown()).await.is_err() {
        tracing::warn!("requests still open 10 s after shutdown began; stopping anyway");
    }
}

#[cfg(test)]
mod tests {
    use super::{content_security_policy, StripeSources};

    /// The CDN sends the server's CSP: the response-headers policy in `template.yaml` is this
    /// policy with the Cognito issuer and managed login domain as the extra origins, and the
    /// lectures bucket as where lecture files come from.
    #[test]
    fn the_cdn_sends_the_same_content_security_policy() {
        let template = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../template.yaml")).unwrap();
        let cognito = "https://cognito-idp.${AWS::Region}.amazonaws.com https://${UserPoolDomain}.auth.${AWS::Region}.amazoncognito.com";
        let bucket = "https://${LecturesBucket.RegionalDomainName}";
        let stripe = StripeSources::of(Some("https://js.stripe.com/v3/"));
        let expected = format!("ContentSecurityPolicy: !Sub \"{}\"", content_security_policy(cognito, bucket, &stripe));
        // The site's policy; the assignment files' own (`default-src 'none'; sandbox`) is the other one.
        let found: Vec<&str> =
            template.lines().map(str::trim).filter(|l| l.starts_with("ContentSecurityPolicy: !Sub")).collect();
        assert_eq!(found, [expected.as_str()], "template.yaml's CSP differs from the server's");
        let files = "ContentSecurityPolicy: \"default-src 'none'; sandbox\"";
        assert_eq!(template.lines().map(str::trim).filter(|l| l.starts_with("ContentSecurityPolicy: ")).count(), 2);
        assert!(template.lines().any(|l| l.trim() == files), "the assignment files' policy");
    }

    /// localstripe's stand-in is allowed at its own origin; without card payments nothing of Stripe is.
    #[test]
    fn the_card_step_is_allowed_where_stripe_js_is() {
        let local =
            content_security_policy("", "", &StripeSources::of(Some("http://127.0.0.1:8420/js.stripe.com/v3/")));
        assert!(local.contains("'wasm-unsafe-eval' http://127.0.0.1:8420;"), "{local}");
        assert!(local.contains("connect-src 'self' http://127.0.0.1:8420 "), "{local}");
        let none = content_security_policy("", "", &StripeSources::of(None));
        assert!(!none.contains("stripe") && !none.contains("8420"), "{none}");
    }
}

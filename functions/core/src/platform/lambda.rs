//! The whole of every Lambda binary: logging, then the one service it needs (built
//! once per container from the environment: only the clients that endpoint calls), then the
//! runtime loop answering only that endpoint's routes (or, for `mailer`, the table's stream, and
//! for `transcode`, EventBridge's events; for `demo-reminder`, EventBridge Scheduler's).
//!
//! Each function is a type implementing `Function`: it builds its feature's service (whose routes
//! are the only ones it answers), names the same service in the local world, and links nothing the
//! others need; a binary is `run::<Videos>()`.

use super::local::AppState;
use super::{aws, env};
use crate::assignments::api::AssignmentsApi;
use crate::assignments::api::StaffAssignmentsApi;
use crate::assistant::api::ChatApi;
use crate::assistant::{Knowledge, ModelProvider};
use crate::catalog::api::CatalogApi;
use crate::catalog::api::CatalogRoute;
use crate::certificates::api::CertificatesApi;
use crate::certificates::api::StaffCertificatesApi;
use crate::certificates::files::S3Certificates;
use crate::console::api::StaffAuditApi;
use crate::demo::api::DemoApi;
use crate::demo::api::StaffDemoApi;
use crate::demo::reminders::SchedulerReminders;
use crate::demo::tokens::DemoKey;
use crate::demo::Desk;
use crate::enrolment::Mailing;
use crate::enrolments::api::StaffEnrolmentsApi;
use crate::enrolments::api::StaffReportsApi;
use crate::geo::api::GeoApi;
use crate::http::health::HealthApi;
use crate::http::routes::{self, Service};
use crate::leads::api::InlineMailer;
use crate::leads::api::SendEmailApi;
use crate::leads::api::StaffEnquiriesApi;
use crate::leads::mail::stream;
use crate::learning::api::MeApi;
use crate::learning::api::PlaybackApi;
use crate::learning::api::VideosApi;
use crate::learning::lecture::{KeySource, LectureLinks, S3Files};
use crate::live::api::SessionsApi;
use crate::live::api::StaffSessionsApi;
use crate::mail::{Postbox, SesMailer};
use crate::media::api::StaffLecturesApi;
use crate::media::events::EventBridgeQueue;
use crate::media::uploads::S3Uploads;
use crate::payments::api::PaymentsApi;
use crate::payments::api::PaymentsWebhookApi;
use crate::payments::api::StaffPaymentsApi;
use lambda_http::{service_fn, Error, Request};
use std::convert::Infallible;
use std::future::Future;
use std::sync::Arc;

/// One Lambda function of the API: the endpoint it answers and its service, built from the
/// environment once per container.
pub trait Function {
    type Service: Service + 'static;
    /// Which of its service's routes the function answers: all of them, unless it shares its
    /// service with other functions (the catalog's three).
    fn serves(_route: &<Self::Service as Service>::Route) -> bool {
        true
    }
    fn service() -> impl Future<Output = Result<Self::Service, String>>;
    /// The same service in the local world (`academy serve`, the tests).
    fn local(state: &AppState) -> &Self::Service;
}

/// Runs function `F`: its service, answering only its endpoint's routes.
pub async fn run<F: Function>() -> Result<(), Error> {
    super::telemetry::init_lambda();
    let origin = env::origin_guard();
    let service = F::service().await?;
    let (origin, service) = (&origin, &service);
    lambda_http::run(service_fn(move |req: Request| async move {
        Ok::<_, Infallible>(routes::answer(origin, service, req, F::serves).await)
    }))
    .await
}

/// Answers one request as function `F` would, in the local world: with its service, only its routes.
pub async fn dispatch_as<F: Function>(state: &AppState, req: Request) -> lambda_http::Response<lambda_http::Body> {
    routes::answer(&state.origin, F::local(state), req, F::serves).await
}

/// The lecture link keys from the secret `ACADEMY_LECTURE_KEY_SECRET`, with the link lifetime.
fn lecture_links(config: &aws_config::SdkConfig) -> Result<Arc<LectureLinks>, String> {
    let secret = env::lecture_key_secret().ok_or("ACADEMY_LECTURE_KEY_SECRET is not set")?;
    let keys = KeySource::secret(aws_sdk_secretsmanager::Client::new(config), &secret);
    Ok(Arc::new(LectureLinks::new(keys, LectureLinks::lifetime(env::lecture_link_seconds().as_deref())?)))
}

async fn catalog() -> Result<CatalogApi, String> {
    Ok(CatalogApi { store: aws::dynamodb_store(&aws::config().await)? })
}

/// `GET /api/health`.
pub struct Health;

impl Function for Health {
    type Service = HealthApi;
    fn local(state: &AppState) -> &HealthApi {
        &state.health
    }
    async fn service() -> Result<HealthApi, String> {
        Ok(HealthApi)
    }
}

/// `GET /api/geo`.
pub struct Geo;

impl Function for Geo {
    type Service = GeoApi;
    fn local(state: &AppState) -> &GeoApi {
        &state.geo
    }
    async fn service() -> Result<GeoApi, String> {
        Ok(GeoApi { default_country: env::default_country() })
    }
}

/// `GET /api/courses`.
pub struct Courses;

impl Function for Courses {
    type Service = CatalogApi;
    fn local(state: &AppState) -> &CatalogApi {
        &state.catalog
    }
    fn serves(route: &CatalogRoute) -> bool {
        matches!(route, CatalogRoute::Courses)
    }
    async fn service() -> Result<CatalogApi, String> {
        catalog().await
    }
}

/// `GET /api/outline/{courseId}`.
pub struct Outline;

impl Function for Outline {
    type Service = CatalogApi;
    fn local(state: &AppState) -> &CatalogApi {
        &state.catalog
    }
    fn serves(route: &CatalogRoute) -> bool {
        matches!(route, CatalogRoute::Outline(_))
    }
    async fn service() -> Result<CatalogApi, String> {
        catalog().await
    }
}

/// `GET /api/batches…`.
pub struct Batches;

impl Function for Batches {
    type Service = CatalogApi;
    fn local(state: &AppState) -> &CatalogApi {
        &state.catalog
    }
    fn serves(route: &CatalogRoute) -> bool {
        matches!(route, CatalogRoute::AllBatches | CatalogRoute::Batch(_) | CatalogRoute::BatchesOfCourse(_))
    }
    async fn service() -> Result<CatalogApi, String> {
        catalog().await
    }
}

/// `GET /api/batches/{batchId}/videos`.
pub struct Videos;

impl Function for Videos {
    type Service = VideosApi;
    fn local(state: &AppState) -> &VideosApi {
        &state.videos
    }
    async fn service() -> Result<VideosApi, String> {
        let config = aws::config().await;
        Ok(VideosApi {
            store: aws::dynamodb_store(&config)?,
            links: lecture_links(&config)?,
            verifier: env::verifier()?,
        })
    }
}

/// `/api/me/*`. Behind the JWT authorizer the gateway's claims name the student; the verifier
/// is the fallback when a request reaches the function without them.
pub struct Me;

impl Function for Me {
    type Service = MeApi;
    fn local(state: &AppState) -> &MeApi {
        &state.me
    }
    async fn service() -> Result<MeApi, String> {
        let store = aws::dynamodb_store(&aws::config().await)?;
        Ok(MeApi { store, verifier: env::verifier()?, clock: Default::default() })
    }
}

/// `GET /lecture/{batchId}/{lectureNumber}` (the function URL behind CloudFront).
pub struct Lecture;

impl Function for Lecture {
    type Service = PlaybackApi;
    fn local(state: &AppState) -> &PlaybackApi {
        &state.lecture
    }
    async fn service() -> Result<PlaybackApi, String> {
        let config = aws::config().await;
        let play = S3Files::play_time(env::lecture_play_seconds().as_deref())?;
        Ok(PlaybackApi {
            store: aws::dynamodb_store(&config)?,
            links: lecture_links(&config)?,
            files: Arc::new(
                S3Files::new(aws_sdk_s3::Client::new(&config), play)
                    .with_credentials(config.credentials_provider())
                    .with_cdn(env::segments_cdn()?),
            ),
        })
    }
}

/// `POST /api/send-email`. In AWS the table's stream drives the mailer, so nothing is mailed inline.
pub struct SendEmail;

impl Function for SendEmail {
    type Service = SendEmailApi;
    fn local(state: &AppState) -> &SendEmailApi {
        &state.send_email
    }
    async fn service() -> Result<SendEmailApi, String> {
        Ok(SendEmailApi { store: aws::dynamodb_store(&aws::config().await)?, inline: None })
    }
}

/// `POST /api/chat`.
pub struct Chat;

impl Function for Chat {
    type Service = ChatApi;
    fn local(state: &AppState) -> &ChatApi {
        &state.chat
    }
    async fn service() -> Result<ChatApi, String> {
        let config = aws::config().await;
        Ok(ChatApi {
            store: aws::dynamodb_store(&config)?,
            knowledge: Arc::new(Knowledge::bundled()),
            model: ModelProvider::configured(env::model_key(), env::model_key_secret(), env::model_endpoint(), &config),
        })
    }
}

/// Staff's mailing in AWS: SES, the mail settings, and the site's address.
fn staff_mailing(config: &aws_config::SdkConfig) -> Mailing {
    let settings = env::mail_settings();
    Mailing {
        mailer: Arc::new(SesMailer::from_config(config, env::ses_configuration_set())),
        from: settings.from,
        site_url: env::site_url(),
    }
}

/// `/api/staff/enquiries…`: enquiries, and sending one's mail again by SES.
pub struct StaffEnquiries;

impl Function for StaffEnquiries {
    type Service = StaffEnquiriesApi;
    fn local(state: &AppState) -> &StaffEnquiriesApi {
        &state.staff_enquiries
    }
    async fn service() -> Result<StaffEnquiriesApi, String> {
        let config = aws::config().await;
        Ok(StaffEnquiriesApi {
            store: aws::dynamodb_store(&config)?,
            verifier: env::verifier()?,
            mail: Some(InlineMailer {
                mailer: Arc::new(SesMailer::from_config(&config, env::ses_configuration_set())),
                settings: env::mail_settings(),
            }),
        })
    }
}

/// `/api/staff/batches`, `/api/staff/enrolments…`: enrolments, welcomes by SES.
pub struct StaffEnrolments;

impl Function for StaffEnrolments {
    type Service = StaffEnrolmentsApi;
    fn local(state: &AppState) -> &StaffEnrolmentsApi {
        &state.staff_enrolments
    }
    async fn service() -> Result<StaffEnrolmentsApi, String> {
        let config = aws::config().await;
        Ok(StaffEnrolmentsApi {
            store: aws::dynamodb_store(&config)?,
            verifier: env::verifier()?,
            mailing: Some(staff_mailing(&config)),
        })
    }
}

/// `/api/staff/batches/{batchId}/report…`.
pub struct StaffReports;

impl Function for StaffReports {
    type Service = StaffReportsApi;
    fn local(state: &AppState) -> &StaffReportsApi {
        &state.staff_reports
    }
    async fn service() -> Result<StaffReportsApi, String> {
        Ok(StaffReportsApi {
            store: aws::dynamodb_store(&aws::config().await)?,
            verifier: env::verifier()?,
            clock: Default::default(),
        })
    }
}

/// `/api/staff/audit`.
pub struct StaffAudit;

impl Function for StaffAudit {
    type Service = StaffAuditApi;
    fn local(state: &AppState) -> &StaffAuditApi {
        &state.staff_audit
    }
    async fn service() -> Result<StaffAuditApi, String> {
        Ok(StaffAuditApi { store: aws::dynamodb_store(&aws::config().await)?, verifier: env::verifier()? })
    }
}

/// `/api/staff/batches/{batchId}/lectures…`: lectures, their uploads to the lectures bucket, and
/// retries asked of the transcoder by an event on the default bus.
pub struct StaffLectures;

impl Function for StaffLectures {
    type Service = StaffLecturesApi;
    fn local(state: &AppState) -> &StaffLecturesApi {
        &state.staff_lectures
    }
    async fn service() -> Result<StaffLecturesApi, String> {
        let config = aws::config().await;
        let bucket = env::lectures_bucket().ok_or("ACADEMY_LECTURES_BUCKET is not set")?;
        Ok(StaffLecturesApi {
            store: aws::dynamodb_store(&config)?,
            verifier: env::verifier()?,
            uploads: Arc::new(S3Uploads::new(aws_sdk_s3::Client::new(&config), &bucket)),
            queue: Arc::new(EventBridgeQueue::new(aws_sdk_eventbridge::Client::new(&config))),
        })
    }
}

/// Certificates' PDFs in the lectures bucket (`ACADEMY_LECTURES_BUCKET`), under `certificates/`.
fn certificate_files(config: &aws_config::SdkConfig) -> Result<Arc<S3Certificates>, String> {
    let bucket = env::lectures_bucket().ok_or("ACADEMY_LECTURES_BUCKET is not set")?;
    Ok(Arc::new(S3Certificates::new(aws_sdk_s3::Client::new(config), &bucket)))
}

/// `/api/me/certificates…` (behind the JWT authorizer) and `/api/certificates/…` (public).
pub struct Certificates;

impl Function for Certificates {
    type Service = CertificatesApi;
    fn local(state: &AppState) -> &CertificatesApi {
        &state.certificates
    }
    async fn service() -> Result<CertificatesApi, String> {
        let config = aws::config().await;
        Ok(CertificatesApi {
            store: aws::dynamodb_store(&config)?,
            files: certificate_files(&config)?,
            site_url: env::site_url(),
            verifier: env::verifier()?,
        })
    }
}

/// `/api/staff/batches/{batchId}/certificates`, `…/students/{studentId}/…`, `/api/staff/certificates/…`.
pub struct StaffCertificates;

impl Function for StaffCertificates {
    type Service = StaffCertificatesApi;
    fn local(state: &AppState) -> &StaffCertificatesApi {
        &state.staff_certificates
    }
    async fn service() -> Result<StaffCertificatesApi, String> {
        let config = aws::config().await;
        Ok(StaffCertificatesApi {
            store: aws::dynamodb_store(&config)?,
            verifier: env::verifier()?,
            files: certificate_files(&config)?,
            site_url: env::site_url(),
        })
    }
}

/// The `mailer` function: delivers submissions inserted into the table, from its stream, by SES.
pub async fn run_mailer() -> Result<(), Error> {
    use aws_lambda_events::event::dynamodb::Event;
    use lambda_runtime::LambdaEvent;

    super::telemetry::init_lambda();
    let config = aws::config().await;
    let store = aws::dynamodb_store(&config)?;
    let mailer = SesMailer::from_config(&config, env::ses_configuration_set());
    let settings = env::mail_settings();
    let (store, mailer, settings) = (&store, &mailer, &settings);
    lambda_runtime::run(lambda_runtime::service_fn(move |event: LambdaEvent<Event>| async move {
        Ok::<_, Infallible>(stream::on_stream(store, mailer, settings, event.payload).await)
    }))
    .await
}

/// The `transcode` function: uploads, retries and MediaConvert's job state changes, from
/// EventBridge (academy_core::media::transcode).
pub async fn run_transcode() -> Result<(), Error> {
    use lambda_runtime::LambdaEvent;

    super::telemetry::init_lambda();
    let config = aws::config().await;
    let store = aws::dynamodb_store(&config)?;
    let mediaconvert = aws::mediaconvert(&config)?;
    let recordings = aws_sdk_s3::Client::new(&config);
    let (store, mediaconvert, recordings) = (&store, &mediaconvert, &recordings);
    lambda_runtime::run(lambda_runtime::service_fn(move |event: LambdaEvent<serde_json::Value>| async move {
        crate::media::transcode::on_event(store, mediaconvert, recordings, &event.payload, crate::time::now())
            .await
            .map_err(|e| Error::from(e.to_string()))
    }))
    .await
}

/// The demo link key: `ACADEMY_DEMO_KEY`, the secret `DemoKey`'s text as CloudFormation resolved
/// it at deploy (nothing is fetched at a cold start: decision 0038).
fn demo_key() -> Result<DemoKey, String> {
    env::demo_key()?.ok_or_else(|| "ACADEMY_DEMO_KEY is not set".into())
}

/// The demo desk in AWS: SES, the mail settings, the site's address and the link key.
fn demo_desk(config: &aws_config::SdkConfig) -> Result<Desk, String> {
    Ok(Desk { postbox: ses_postbox(config), site_url: env::site_url(), key: demo_key()? })
}

/// The reminders' one-time schedules in EventBridge Scheduler, invoking `demo-reminder`.
fn scheduler_reminders(config: &aws_config::SdkConfig) -> Result<Arc<SchedulerReminders>, String> {
    Ok(Arc::new(SchedulerReminders {
        client: aws_sdk_scheduler::Client::new(config),
        group: env::demo_schedule_group(),
        target_arn: env::demo_reminder_arn().ok_or("ACADEMY_DEMO_REMINDER_ARN is not set")?,
        role_arn: env::demo_scheduler_role_arn().ok_or("ACADEMY_DEMO_SCHEDULER_ROLE_ARN is not set")?,
    }))
}

/// `/api/demo/*`: open slots and visitors' bookings; mail by SES; reminders as schedules.
pub struct Demo;

impl Function for Demo {
    type Service = DemoApi;
    fn local(state: &AppState) -> &DemoApi {
        &state.demo
    }
    async fn service() -> Result<DemoApi, String> {
        let config = aws::config().await;
        Ok(DemoApi {
            store: aws::dynamodb_store(&config)?,
            desk: demo_desk(&config)?,
            reminders: scheduler_reminders(&config)?,
            clock: Default::default(),
        })
    }
}

/// `/api/staff/demo/*`: demo classes; mail by SES; reminders as schedules.
pub struct StaffDemo;

impl Function for StaffDemo {
    type Service = StaffDemoApi;
    fn local(state: &AppState) -> &StaffDemoApi {
        &state.staff_demo
    }
    async fn service() -> Result<StaffDemoApi, String> {
        let config = aws::config().await;
        Ok(StaffDemoApi {
            store: aws::dynamodb_store(&config)?,
            verifier: env::verifier()?,
            desk: demo_desk(&config)?,
            reminders: scheduler_reminders(&config)?,
        })
    }
}

/// Letters in AWS: SES, with the mail settings.
fn ses_postbox(config: &aws_config::SdkConfig) -> Postbox {
    Postbox::new(Arc::new(SesMailer::from_config(config, env::ses_configuration_set())), env::mail_settings())
}

/// Live classes' desk in AWS: SES and the site's address (Join and feed links are on it).
fn live_desk(config: &aws_config::SdkConfig) -> crate::live::Desk {
    crate::live::Desk { postbox: ses_postbox(config), site_url: env::site_url() }
}

/// `/api/me/sessions*`, `/api/me/calendar*` and `/calendar/{token}.ics`: a student's live classes.
pub struct Sessions;

impl Function for Sessions {
    type Service = SessionsApi;
    fn local(state: &AppState) -> &SessionsApi {
        &state.sessions
    }
    async fn service() -> Result<SessionsApi, String> {
        let config = aws::config().await;
        Ok(SessionsApi {
            store: aws::dynamodb_store(&config)?,
            desk: live_desk(&config),
            verifier: env::verifier()?,
            clock: Default::default(),
        })
    }
}

/// `/api/staff/batches/{batchId}/timetable|sessions|attendance…`, `/api/staff/sessions/*`:
/// timetables, sessions and attendance; mail by SES; reminders on the demo class's schedule.
pub struct StaffSessions;

impl Function for StaffSessions {
    type Service = StaffSessionsApi;
    fn local(state: &AppState) -> &StaffSessionsApi {
        &state.staff_sessions
    }
    async fn service() -> Result<StaffSessionsApi, String> {
        let config = aws::config().await;
        Ok(StaffSessionsApi {
            store: aws::dynamodb_store(&config)?,
            verifier: env::verifier()?,
            desk: live_desk(&config),
            reminders: Arc::new(super::local::DemoScheduler(scheduler_reminders(&config)?)),
            clock: Default::default(),
        })
    }
}

/// The `demo-reminder` function: EventBridge Scheduler's events, a reminder
/// (`{bookingId, kind, sequence}`) or the morning digest (`{kind: "digest"}`)
/// (academy_core::demo::reminders::on_event), and a live class's reminder (`{bookingId: the
/// session, kind: "class-1h", sequence}`, academy_core::live::reminders::on_event).
pub async fn run_demo_reminder() -> Result<(), Error> {
    use lambda_runtime::LambdaEvent;

    super::telemetry::init_lambda();
    let config = aws::config().await;
    let store = aws::dynamodb_store(&config)?;
    let desk = demo_desk(&config)?;
    let classes = live_desk(&config);
    let (store, desk, classes) = (&store, &desk, &classes);
    lambda_runtime::run(lambda_runtime::service_fn(move |event: LambdaEvent<serde_json::Value>| async move {
        let now = crate::time::now();
        let class = event.payload.get("kind").and_then(|k| k.as_str()) == Some(crate::live::reminders::KIND);
        if class {
            return crate::live::reminders::on_event(store, classes, &event.payload, now).await.map_err(Error::from);
        }
        crate::demo::reminders::on_event(store, desk, &event.payload, now).await.map_err(Error::from)
    }))
    .await
}

/// Assignment files in AWS: the lectures bucket, under `assignments/`, downloaded through the
/// site's CloudFront `/assignments/*` behaviour by links signed with the files key (from the
/// environment: nothing fetched at a cold start), which adds `X-Content-Type-Options: nosniff`.
fn assignment_files(config: &aws_config::SdkConfig) -> Result<Arc<dyn crate::objects::Objects>, String> {
    use super::objects::CloudFrontDownloads;
    use crate::objects::cloudfront::CloudFrontSigner;
    let bucket = env::lectures_bucket().ok_or("ACADEMY_LECTURES_BUCKET is not set")?;
    let (key_id, key) = env::files_signing_key()?.ok_or("ACADEMY_FILES_KEY_ID and ACADEMY_FILES_KEY are not set")?;
    let files = Arc::new(S3Uploads::new(aws_sdk_s3::Client::new(config), &bucket));
    Ok(Arc::new(CloudFrontDownloads::new(files, CloudFrontSigner::new(&key_id, &key)?, &env::site_url())))
}

/// `/api/me/assignments…`.
pub struct Assignments;

impl Function for Assignments {
    type Service = AssignmentsApi;
    fn local(state: &AppState) -> &AssignmentsApi {
        &state.assignments
    }
    async fn service() -> Result<AssignmentsApi, String> {
        let config = aws::config().await;
        Ok(AssignmentsApi {
            store: aws::dynamodb_store(&config)?,
            verifier: env::verifier()?,
            files: assignment_files(&config)?,
            clock: crate::time::Clock::default(),
        })
    }
}

/// `/api/staff/batches/{batchId}/assignments`, `…/assignment-rule`, `/api/staff/assignments/…`, `/api/staff/submissions…`.
pub struct StaffAssignments;

impl Function for StaffAssignments {
    type Service = StaffAssignmentsApi;
    fn local(state: &AppState) -> &StaffAssignmentsApi {
        &state.staff_assignments
    }
    async fn service() -> Result<StaffAssignmentsApi, String> {
        let config = aws::config().await;
        Ok(StaffAssignmentsApi {
            store: aws::dynamodb_store(&config)?,
            verifier: env::verifier()?,
            files: assignment_files(&config)?,
            mailing: Some(staff_mailing(&config)),
            clock: crate::time::Clock::default(),
        })
    }
}

/// The payments desk in AWS: Stripe from the environment (its secrets resolved at deploy, each
/// function given what it `needs`), mail by SES.
fn payments_desk(config: &aws_config::SdkConfig, needs: env::StripeNeeds) -> Result<crate::payments::Desk, String> {
    env::payments_desk(Some(staff_mailing(config)), needs)
}

/// `/api/payments/…` (the card step) and `/api/me/billing…`.
pub struct Payments;

impl Function for Payments {
    type Service = PaymentsApi;
    fn local(state: &AppState) -> &PaymentsApi {
        &state.payments
    }
    async fn service() -> Result<PaymentsApi, String> {
        let config = aws::config().await;
        Ok(PaymentsApi {
            store: aws::dynamodb_store(&config)?,
            desk: payments_desk(&config, env::StripeNeeds::CARD_STEP)?,
            verifier: env::verifier()?,
            clock: crate::time::Clock::default(),
        })
    }
}

/// `POST /api/payments/stripe/webhook`.
pub struct PaymentsWebhook;

impl Function for PaymentsWebhook {
    type Service = PaymentsWebhookApi;
    fn local(state: &AppState) -> &PaymentsWebhookApi {
        &state.payments_webhook
    }
    async fn service() -> Result<PaymentsWebhookApi, String> {
        let config = aws::config().await;
        Ok(PaymentsWebhookApi {
            store: aws::dynamodb_store(&config)?,
            desk: payments_desk(&config, env::StripeNeeds::WEBHOOK)?,
            clock: crate::time::Clock::default(),
        })
    }
}

/// `/api/staff/payments…`, `/api/staff/plans/…`.
pub struct StaffPayments;

impl Function for StaffPayments {
    type Service = StaffPaymentsApi;
    fn local(state: &AppState) -> &StaffPaymentsApi {
        &state.staff_payments
    }
    async fn service() -> Result<StaffPaymentsApi, String> {
        let config = aws::config().await;
        // Receipt files in the lectures bucket, under `payment-receipts/`: staff's own, downloaded
        // by presigned links (attachments of a type checked by content).
        let files: Option<Arc<dyn crate::objects::Objects>> = env::lectures_bucket().map(|bucket| {
            Arc::new(S3Uploads::new(aws_sdk_s3::Client::new(&config), &bucket)) as Arc<dyn crate::objects::Objects>
        });
        Ok(StaffPaymentsApi {
            store: aws::dynamodb_store(&config)?,
            desk: payments_desk(&config, env::StripeNeeds::SECRET_KEY)?,
            files,
            verifier: env::verifier()?,
            clock: crate::time::Clock::default(),
        })
    }
}

/// The `payments-renewals` function, on a daily schedule: one round over every plan
/// (`payments::renewals`), answering what it did as a sentence (`Round::sentence`).
pub async fn run_payments_renewals() -> Result<(), Error> {
    use lambda_runtime::LambdaEvent;

    super::telemetry::init_lambda();
    let config = aws::config().await;
    let store = aws::dynamodb_store(&config)?;
    let desk = payments_desk(&config, env::StripeNeeds::SECRET_KEY)?;
    let (store, desk) = (&store, &desk);
    lambda_runtime::run(lambda_runtime::service_fn(move |_event: LambdaEvent<serde_json::Value>| async move {
        let round = crate::payments::renewals::run(store, desk, crate::time::now())
            .await
            .map_err(|e| Error::from(e.to_string()))?;
        let said = round.sentence();
        tracing::info!(?round, "payments round: {said}");
        Ok::<_, Error>(said)
    }))
    .await
}

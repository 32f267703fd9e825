//! The whole of every Lambda binary: logging, then the one service its endpoint needs (built
//! once per container from the environment: only the clients that endpoint calls), then the
//! runtime loop answering only that endpoint's routes (or, for `mailer`, the table's stream, and
//! for `transcode`, EventBridge's events; for `demo-reminder`, EventBridge Scheduler's).
//!
//! Each function is a type implementing `Function`: the endpoint whose routes it answers and the
//! service that answers them are named together, so a binary (`run::<Videos>()`) cannot pair an
//! endpoint with another endpoint's service, and links nothing the others need.

use super::letters::MailedLetters;
use super::services;
use super::{aws, env};
use crate::assistant::{Knowledge, ModelProvider};
use crate::certificates::files::S3Certificates;
use crate::demo::reminders::SchedulerReminders;
use crate::demo::tokens::DemoKey;
use crate::demo::Desk;
use crate::enrolment::Mailing;
use crate::http::routes::{self, Endpoint, Service};
use crate::leads::mail::stream;
use crate::learning::lecture::{KeySource, LectureLinks, S3Files};
use crate::mail::SesMailer;
use crate::media::events::EventBridgeQueue;
use crate::media::uploads::S3Uploads;
use lambda_http::{service_fn, Error, Request};
use std::convert::Infallible;
use std::future::Future;
use std::sync::Arc;

/// One Lambda function of the API: the endpoint it answers and its service, built from the
/// environment once per container.
pub trait Function {
    const ENDPOINT: Endpoint;
    type Service: Service + 'static;
    fn service() -> impl Future<Output = Result<Self::Service, String>>;
}

/// Runs function `F`: its service, answering only its endpoint's routes.
pub async fn run<F: Function>() -> Result<(), Error> {
    super::telemetry::init_lambda();
    let origin = env::origin_guard();
    let service = F::service().await?;
    let (origin, service) = (&origin, &service);
    lambda_http::run(service_fn(move |req: Request| async move {
        Ok::<_, Infallible>(routes::answer(origin, service, req, Some(F::ENDPOINT)).await)
    }))
    .await
}

/// The lecture link keys from the secret `ACADEMY_LECTURE_KEY_SECRET`, with the link lifetime.
fn lecture_links(config: &aws_config::SdkConfig) -> Result<Arc<LectureLinks>, String> {
    let secret = env::lecture_key_secret().ok_or("ACADEMY_LECTURE_KEY_SECRET is not set")?;
    let keys = KeySource::secret(aws_sdk_secretsmanager::Client::new(config), &secret);
    Ok(Arc::new(LectureLinks::new(keys, LectureLinks::lifetime(env::lecture_link_seconds().as_deref())?)))
}

async fn catalog() -> Result<services::Catalog, String> {
    Ok(services::Catalog { store: aws::dynamodb_store(&aws::config().await)? })
}

/// `GET /api/health`.
pub struct Health;

impl Function for Health {
    const ENDPOINT: Endpoint = Endpoint::Health;
    type Service = services::Health;
    async fn service() -> Result<services::Health, String> {
        Ok(services::Health)
    }
}

/// `GET /api/geo`.
pub struct Geo;

impl Function for Geo {
    const ENDPOINT: Endpoint = Endpoint::Geo;
    type Service = services::Geo;
    async fn service() -> Result<services::Geo, String> {
        Ok(services::Geo { default_country: env::default_country() })
    }
}

/// `GET /api/courses`.
pub struct Courses;

impl Function for Courses {
    const ENDPOINT: Endpoint = Endpoint::Courses;
    type Service = services::Catalog;
    async fn service() -> Result<services::Catalog, String> {
        catalog().await
    }
}

/// `GET /api/outline/{courseId}`.
pub struct Outline;

impl Function for Outline {
    const ENDPOINT: Endpoint = Endpoint::Outline;
    type Service = services::Catalog;
    async fn service() -> Result<services::Catalog, String> {
        catalog().await
    }
}

/// `GET /api/batches…`.
pub struct Batches;

impl Function for Batches {
    const ENDPOINT: Endpoint = Endpoint::Batches;
    type Service = services::Catalog;
    async fn service() -> Result<services::Catalog, String> {
        catalog().await
    }
}

/// `GET /api/batches/{batchId}/videos`.
pub struct Videos;

impl Function for Videos {
    const ENDPOINT: Endpoint = Endpoint::Videos;
    type Service = services::Videos;
    async fn service() -> Result<services::Videos, String> {
        let config = aws::config().await;
        Ok(services::Videos {
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
    const ENDPOINT: Endpoint = Endpoint::Me;
    type Service = services::Me;
    async fn service() -> Result<services::Me, String> {
        let store = aws::dynamodb_store(&aws::config().await)?;
        Ok(services::Me { store, verifier: env::verifier()?, clock: Default::default() })
    }
}

/// `GET /lecture/{batchId}/{lectureNumber}` (the function URL behind CloudFront).
pub struct Lecture;

impl Function for Lecture {
    const ENDPOINT: Endpoint = Endpoint::Lecture;
    type Service = services::Lecture;
    async fn service() -> Result<services::Lecture, String> {
        let config = aws::config().await;
        let play = S3Files::play_time(env::lecture_play_seconds().as_deref())?;
        Ok(services::Lecture {
            store: aws::dynamodb_store(&config)?,
            links: lecture_links(&config)?,
            files: Arc::new(
                S3Files::new(aws_sdk_s3::Client::new(&config), play).with_credentials(config.credentials_provider()),
            ),
        })
    }
}

/// `POST /api/send-email`. In AWS the table's stream drives the mailer, so nothing is mailed inline.
pub struct SendEmail;

impl Function for SendEmail {
    const ENDPOINT: Endpoint = Endpoint::SendEmail;
    type Service = services::SendEmail;
    async fn service() -> Result<services::SendEmail, String> {
        Ok(services::SendEmail { store: aws::dynamodb_store(&aws::config().await)?, inline: None })
    }
}

/// `POST /api/chat`.
pub struct Chat;

impl Function for Chat {
    const ENDPOINT: Endpoint = Endpoint::Chat;
    type Service = services::Chat;
    async fn service() -> Result<services::Chat, String> {
        let config = aws::config().await;
        Ok(services::Chat {
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
    const ENDPOINT: Endpoint = Endpoint::StaffEnquiries;
    type Service = services::StaffEnquiries;
    async fn service() -> Result<services::StaffEnquiries, String> {
        let config = aws::config().await;
        Ok(services::StaffEnquiries {
            store: aws::dynamodb_store(&config)?,
            verifier: env::verifier()?,
            mail: Some(services::InlineMailer {
                mailer: Arc::new(SesMailer::from_config(&config, env::ses_configuration_set())),
                settings: env::mail_settings(),
            }),
        })
    }
}

/// `/api/staff/batches`, `/api/staff/enrolments…`: enrolments, welcomes by SES.
pub struct StaffEnrolments;

impl Function for StaffEnrolments {
    const ENDPOINT: Endpoint = Endpoint::StaffEnrolments;
    type Service = services::StaffEnrolments;
    async fn service() -> Result<services::StaffEnrolments, String> {
        let config = aws::config().await;
        Ok(services::StaffEnrolments {
            store: aws::dynamodb_store(&config)?,
            verifier: env::verifier()?,
            mailing: Some(staff_mailing(&config)),
        })
    }
}

/// `/api/staff/batches/{batchId}/report…`.
pub struct StaffReports;

impl Function for StaffReports {
    const ENDPOINT: Endpoint = Endpoint::StaffReports;
    type Service = services::StaffReports;
    async fn service() -> Result<services::StaffReports, String> {
        Ok(services::StaffReports {
            store: aws::dynamodb_store(&aws::config().await)?,
            verifier: env::verifier()?,
            clock: Default::default(),
        })
    }
}

/// `/api/staff/audit`.
pub struct StaffAudit;

impl Function for StaffAudit {
    const ENDPOINT: Endpoint = Endpoint::StaffAudit;
    type Service = services::StaffAudit;
    async fn service() -> Result<services::StaffAudit, String> {
        Ok(services::StaffAudit { store: aws::dynamodb_store(&aws::config().await)?, verifier: env::verifier()? })
    }
}

/// `/api/staff/batches/{batchId}/lectures…`: lectures, their uploads to the lectures bucket, and
/// retries asked of the transcoder by an event on the default bus.
pub struct StaffLectures;

impl Function for StaffLectures {
    const ENDPOINT: Endpoint = Endpoint::StaffLectures;
    type Service = services::StaffLectures;
    async fn service() -> Result<services::StaffLectures, String> {
        let config = aws::config().await;
        let bucket = env::lectures_bucket().ok_or("ACADEMY_LECTURES_BUCKET is not set")?;
        Ok(services::StaffLectures {
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
    const ENDPOINT: Endpoint = Endpoint::Certificates;
    type Service = services::Certificates;
    async fn service() -> Result<services::Certificates, String> {
        let config = aws::config().await;
        Ok(services::Certificates {
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
    const ENDPOINT: Endpoint = Endpoint::StaffCertificates;
    type Service = services::StaffCertificates;
    async fn service() -> Result<services::StaffCertificates, String> {
        let config = aws::config().await;
        Ok(services::StaffCertificates {
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
    let settings = env::mail_settings();
    let mailer = Arc::new(SesMailer::from_config(config, env::ses_configuration_set()));
    Ok(Desk {
        letters: Arc::new(MailedLetters { mailer, settings: settings.clone() }),
        from: settings.from,
        inbox: settings.inbox,
        site_url: env::site_url(),
        key: demo_key()?,
    })
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
    const ENDPOINT: Endpoint = Endpoint::Demo;
    type Service = services::Demo;
    async fn service() -> Result<services::Demo, String> {
        let config = aws::config().await;
        Ok(services::Demo {
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
    const ENDPOINT: Endpoint = Endpoint::StaffDemo;
    type Service = services::StaffDemo;
    async fn service() -> Result<services::StaffDemo, String> {
        let config = aws::config().await;
        Ok(services::StaffDemo {
            store: aws::dynamodb_store(&config)?,
            verifier: env::verifier()?,
            desk: demo_desk(&config)?,
            reminders: scheduler_reminders(&config)?,
        })
    }
}

/// Live classes' desk in AWS: SES and the site's address (Join and feed links are on it).
fn live_desk(config: &aws_config::SdkConfig) -> crate::live::Desk {
    let mailer = Arc::new(SesMailer::from_config(config, env::ses_configuration_set()));
    crate::live::Desk {
        letters: Arc::new(MailedLetters { mailer, settings: env::mail_settings() }),
        site_url: env::site_url(),
    }
}

/// `/api/me/sessions*`, `/api/me/calendar*` and `/calendar/{token}.ics`: a student's live classes.
pub struct Sessions;

impl Function for Sessions {
    const ENDPOINT: Endpoint = Endpoint::Sessions;
    type Service = services::Sessions;
    async fn service() -> Result<services::Sessions, String> {
        let config = aws::config().await;
        Ok(services::Sessions {
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
    const ENDPOINT: Endpoint = Endpoint::StaffSessions;
    type Service = services::StaffSessions;
    async fn service() -> Result<services::StaffSessions, String> {
        let config = aws::config().await;
        Ok(services::StaffSessions {
            store: aws::dynamodb_store(&config)?,
            verifier: env::verifier()?,
            desk: live_desk(&config),
            reminders: Arc::new(super::letters::DemoScheduler(scheduler_reminders(&config)?)),
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
    use super::cloudfront::CloudFrontSigner;
    use super::objects::CloudFrontDownloads;
    let bucket = env::lectures_bucket().ok_or("ACADEMY_LECTURES_BUCKET is not set")?;
    let (key_id, key) = env::files_signing_key()?.ok_or("ACADEMY_FILES_KEY_ID and ACADEMY_FILES_KEY are not set")?;
    let files = Arc::new(S3Uploads::new(aws_sdk_s3::Client::new(config), &bucket));
    Ok(Arc::new(CloudFrontDownloads::new(files, CloudFrontSigner::new(&key_id, &key)?, &env::site_url())))
}

/// `/api/me/assignments…`.
pub struct Assignments;

impl Function for Assignments {
    const ENDPOINT: Endpoint = Endpoint::Assignments;
    type Service = services::Assignments;
    async fn service() -> Result<services::Assignments, String> {
        let config = aws::config().await;
        Ok(services::Assignments {
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
    const ENDPOINT: Endpoint = Endpoint::StaffAssignments;
    type Service = services::StaffAssignments;
    async fn service() -> Result<services::StaffAssignments, String> {
        let config = aws::config().await;
        Ok(services::StaffAssignments {
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
    const ENDPOINT: Endpoint = Endpoint::Payments;
    type Service = services::Payments;
    async fn service() -> Result<services::Payments, String> {
        let config = aws::config().await;
        Ok(services::Payments {
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
    const ENDPOINT: Endpoint = Endpoint::PaymentsWebhook;
    type Service = services::PaymentsWebhook;
    async fn service() -> Result<services::PaymentsWebhook, String> {
        let config = aws::config().await;
        Ok(services::PaymentsWebhook {
            store: aws::dynamodb_store(&config)?,
            desk: payments_desk(&config, env::StripeNeeds::WEBHOOK)?,
            clock: crate::time::Clock::default(),
        })
    }
}

/// `/api/staff/payments…`, `/api/staff/plans/…`.
pub struct StaffPayments;

impl Function for StaffPayments {
    const ENDPOINT: Endpoint = Endpoint::StaffPayments;
    type Service = services::StaffPayments;
    async fn service() -> Result<services::StaffPayments, String> {
        let config = aws::config().await;
        // Receipt files in the lectures bucket, under `payment-receipts/`: staff's own, downloaded
        // by presigned links (attachments of a type checked by content).
        let files: Option<Arc<dyn crate::objects::Objects>> = env::lectures_bucket().map(|bucket| {
            Arc::new(S3Uploads::new(aws_sdk_s3::Client::new(&config), &bucket)) as Arc<dyn crate::objects::Objects>
        });
        Ok(services::StaffPayments {
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

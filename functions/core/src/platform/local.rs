//! The local world: every endpoint's service in one process (`academy serve`, the tests), built
//! from the environment. The Lambdas build one service each instead (`lambda.rs`).

use super::{aws, env};
use crate::assignments::api::{AssignmentsApi, StaffAssignmentsApi};
use crate::assistant::api::ChatApi;
use crate::assistant::{Knowledge, ModelProvider};
use crate::catalog::api::CatalogApi;
use crate::certificates::api::{CertificatesApi, StaffCertificatesApi};
use crate::certificates::files::{CertificateFiles, FolderCertificates, S3Certificates};
use crate::console::api::StaffAuditApi;
use crate::demo::api::{DemoApi, StaffDemoApi};
use crate::demo::reminders::StoredReminders;
use crate::demo::tokens::DemoKey;
use crate::demo::Desk;
use crate::enrolment::Mailing;
use crate::enrolments::api::{StaffEnrolmentsApi, StaffReportsApi};
use crate::geo::api::GeoApi;
use crate::http::health::HealthApi;
use crate::http::identity::Verifier;
use crate::http::origin::OriginGuard;
use crate::leads::api::{InlineMailer, SendEmailApi, StaffEnquiriesApi};
use crate::learning::api::{MeApi, PlaybackApi, VideosApi};
use crate::learning::lecture::{FolderFiles, KeySource, LectureFiles, LectureLinks, S3Files};
use crate::live::api::{SessionsApi, StaffSessionsApi};
use crate::mail::{MailSettings, Mailer, OutboxMailer, Postbox, SesMailer};
use crate::media::api::StaffLecturesApi;
use crate::media::ffmpeg::Tools;
use crate::media::uploads::{FolderUploads, S3Uploads};
use crate::media::worker::LocalWorker;
use crate::media::TranscodeQueue;
use crate::payments::api::{PaymentsApi, PaymentsWebhookApi, StaffPaymentsApi};
use crate::store::{Store, StoreUrl};
use async_trait::async_trait;
use std::sync::Arc;

pub struct AppState {
    /// The store every service shares (for seeding and the tests).
    pub store: Store,
    /// In AWS: refuses requests that did not come through CloudFront (`ACADEMY_ORIGIN_SECRET`).
    pub origin: OriginGuard,
    pub health: HealthApi,
    pub geo: GeoApi,
    pub catalog: CatalogApi,
    pub videos: VideosApi,
    pub send_email: SendEmailApi,
    pub chat: ChatApi,
    pub lecture: PlaybackApi,
    pub me: MeApi,
    pub staff_enquiries: StaffEnquiriesApi,
    pub staff_enrolments: StaffEnrolmentsApi,
    pub staff_reports: StaffReportsApi,
    pub staff_audit: StaffAuditApi,
    pub staff_lectures: StaffLecturesApi,
    pub demo: DemoApi,
    pub staff_demo: StaffDemoApi,
    pub certificates: CertificatesApi,
    pub staff_certificates: StaffCertificatesApi,
    pub sessions: SessionsApi,
    pub staff_sessions: StaffSessionsApi,
    pub assignments: AssignmentsApi,
    pub staff_assignments: StaffAssignmentsApi,
    pub payments: PaymentsApi,
    pub payments_webhook: PaymentsWebhookApi,
    pub staff_payments: StaffPaymentsApi,
    /// Locally: where the browser's upload parts land (`PUT /upload/…`, answered by `academy
    /// serve` itself, never by a Lambda). None when recordings go to S3.
    pub part_uploads: Option<Arc<FolderUploads>>,
}

/// The transcoder of a server that has none: a completed upload is marked failed, saying so.
pub struct NoTranscoder;

#[async_trait]
impl TranscodeQueue for NoTranscoder {
    async fn uploaded(&self, _batch_id: &str, _lecture_number: u32) -> Result<(), String> {
        Err("transcoding is not set up on this server".into())
    }

    async fn retry(&self, _batch_id: &str, _lecture_number: u32) -> Result<(), String> {
        Err("transcoding is not set up on this server".into())
    }
}

/// The transcoder until `academy serve` starts its ffmpeg worker (`transcode_worker`) and puts it here.
fn local_transcoder() -> Arc<dyn TranscodeQueue> {
    Arc::new(NoTranscoder)
}

/// Uploads into the local lecture folder, part URLs signed with `ACADEMY_LECTURE_KEY` (or a
/// random key), parts of `ACADEMY_UPLOAD_PART_BYTES` when set.
fn folder_uploads() -> Result<Arc<FolderUploads>, String> {
    let floor = FolderUploads::part_floor(env::upload_part_bytes().as_deref())?;
    Ok(Arc::new(FolderUploads::new(env::lectures_folder(), env::lecture_key().as_deref(), floor)?))
}

impl AppState {
    pub async fn from_env() -> Result<Self, String> {
        Self::open(&env::store_url()?).await
    }

    /// Every service on `store`. With the embedded store, lecture files come from the local
    /// folder and lecture links are signed with `ACADEMY_LECTURE_KEY` (or a random key); with
    /// DynamoDB, from S3 and the key secret, as in AWS.
    pub async fn open(store: &StoreUrl) -> Result<Self, String> {
        let opened = store.open().await.map_err(|e| e.to_string())?;
        let (config, files, keys): (_, Arc<dyn LectureFiles>, _) = match store {
            StoreUrl::Embedded(_) => {
                let config = aws::local_config().await;
                let keys = KeySource::local(env::lecture_key().as_deref())?;
                let play = S3Files::play_time(env::lecture_play_seconds().as_deref())?;
                (config, Arc::new(FolderFiles::new(env::lectures_folder()).with_play(play)), keys)
            }
            StoreUrl::DynamoDb(_) => {
                let config = aws::config().await;
                let s3 = aws_sdk_s3::Client::new(&config);
                let keys = match env::lecture_key_secret() {
                    Some(id) => KeySource::secret(aws_sdk_secretsmanager::Client::new(&config), &id),
                    None => KeySource::local(env::lecture_key().as_deref())?,
                };
                let play = S3Files::play_time(env::lecture_play_seconds().as_deref())?;
                let files = S3Files::new(s3, play)
                    .with_credentials(config.credentials_provider())
                    .with_cdn(env::segments_cdn()?);
                (config, Arc::new(files), keys)
            }
        };
        let links = Arc::new(LectureLinks::new(keys, LectureLinks::lifetime(env::lecture_link_seconds().as_deref())?));
        let model =
            ModelProvider::configured(env::model_key(), env::model_key_secret(), env::model_endpoint(), &config);
        let mut state = Self::with(opened, links, files, model);
        state.sign_demo_links(local_demo_key()?);
        state.take_payments(env::payments_desk(None, env::StripeNeeds::ALL)?);
        match (store, env::lectures_bucket()) {
            (StoreUrl::DynamoDb(_), Some(bucket)) => {
                state.staff_lectures.uploads = Arc::new(S3Uploads::new(aws_sdk_s3::Client::new(&config), &bucket));
                state.keep_files(Arc::new(S3Uploads::new(aws_sdk_s3::Client::new(&config), &bucket)));
                state.part_uploads = None;
                state.keep_certificates(Arc::new(S3Certificates::new(aws_sdk_s3::Client::new(&config), &bucket)));
            }
            _ => state.upload_locally(folder_uploads()?),
        }
        state.sign_in(env::verifier()?);
        Ok(state)
    }

    /// Every service on `store` with the given lecture links, lecture files and model, no inline
    /// mailer, no sign-in (`sign_in`) and the mail settings of the environment.
    /// Recordings go to the local lecture folder with a random key for part URLs (`upload_locally`
    /// puts them elsewhere), and no transcoder.
    pub fn with(store: Store, links: Arc<LectureLinks>, files: Arc<dyn LectureFiles>, model: ModelProvider) -> Self {
        let uploads = Arc::new(FolderUploads::new(env::lectures_folder(), None, None).expect("a random key"));
        let settings = env::mail_settings();
        let desk =
            Desk { postbox: Postbox::unposted(settings.clone()), site_url: env::site_url(), key: DemoKey::random() };
        let reminders = Arc::new(StoredReminders { store: Arc::new(store.clone()) });
        let live_desk = crate::live::Desk { postbox: Postbox::unposted(settings), site_url: env::site_url() };
        let slots: Arc<dyn crate::live::ReminderSlots> = Arc::new(DemoScheduler(reminders.clone()));
        let certificates: Arc<dyn CertificateFiles> = Arc::new(FolderCertificates::new(env::certificates_folder()));
        // One clock for the services that take one: a test drives them together (`clock`).
        let clock = crate::time::Clock::default();
        let objects: Arc<dyn crate::objects::Objects> = uploads.clone();
        let payments = crate::payments::Desk {
            cards: None,
            how_to_pay: Vec::new(),
            mailing: None,
            grace_secs: crate::payments::GRACE_DAYS * 86_400,
        };
        Self {
            payments: PaymentsApi {
                store: store.clone(),
                desk: payments.clone(),
                verifier: None,
                clock: clock.clone(),
            },
            payments_webhook: PaymentsWebhookApi { store: store.clone(), desk: payments.clone(), clock: clock.clone() },
            staff_payments: StaffPaymentsApi {
                store: store.clone(),
                desk: payments,
                files: Some(objects.clone()),
                verifier: None,
                clock: clock.clone(),
            },
            assignments: AssignmentsApi {
                store: store.clone(),
                verifier: None,
                files: objects.clone(),
                clock: clock.clone(),
            },
            staff_assignments: StaffAssignmentsApi {
                store: store.clone(),
                verifier: None,
                files: objects.clone(),
                mailing: None,
                clock: clock.clone(),
            },
            origin: env::origin_guard(),
            health: HealthApi,
            geo: GeoApi { default_country: env::default_country() },
            catalog: CatalogApi { store: store.clone() },
            videos: VideosApi { store: store.clone(), links: links.clone(), verifier: None },
            send_email: SendEmailApi { store: store.clone(), inline: None },
            chat: ChatApi { store: store.clone(), knowledge: Arc::new(Knowledge::bundled()), model },
            lecture: PlaybackApi { store: store.clone(), links, files },
            me: MeApi { store: store.clone(), verifier: None, clock: clock.clone() },
            staff_enquiries: StaffEnquiriesApi { store: store.clone(), verifier: None, mail: None },
            staff_enrolments: StaffEnrolmentsApi { store: store.clone(), verifier: None, mailing: None },
            staff_reports: StaffReportsApi { store: store.clone(), verifier: None, clock: clock.clone() },
            staff_audit: StaffAuditApi { store: store.clone(), verifier: None },
            staff_lectures: StaffLecturesApi {
                store: store.clone(),
                verifier: None,
                uploads: uploads.clone(),
                queue: local_transcoder(),
            },
            sessions: SessionsApi {
                store: store.clone(),
                desk: live_desk.clone(),
                verifier: None,
                clock: clock.clone(),
            },
            staff_sessions: StaffSessionsApi {
                store: store.clone(),
                verifier: None,
                desk: live_desk,
                reminders: slots,
                clock: clock.clone(),
            },
            demo: DemoApi { store: store.clone(), desk: desk.clone(), reminders: reminders.clone(), clock },
            staff_demo: StaffDemoApi { store: store.clone(), verifier: None, desk, reminders },
            certificates: CertificatesApi {
                store: store.clone(),
                files: certificates.clone(),
                site_url: env::site_url(),
                verifier: None,
            },
            staff_certificates: StaffCertificatesApi {
                store: store.clone(),
                verifier: None,
                files: certificates,
                site_url: env::site_url(),
            },
            part_uploads: Some(uploads),
            store,
        }
    }

    /// Recordings and captions go to `uploads` (a local folder), whose part route `academy serve` answers.
    pub fn upload_locally(&mut self, uploads: Arc<FolderUploads>) {
        self.staff_lectures.uploads = uploads.clone();
        self.keep_files(uploads.clone());
        self.part_uploads = Some(uploads);
    }

    /// Files sent through the API (assignments', payment receipts) go to `files` (S3, or a local
    /// folder whose routes `academy serve` answers).
    pub fn keep_files(&mut self, files: Arc<dyn crate::objects::Objects>) {
        self.assignments.files = files.clone();
        self.staff_payments.files = Some(files.clone());
        self.staff_assignments.files = files;
    }

    /// Takes card payments (and the manual methods' details) as `desk` says; the mail stays as set.
    pub fn take_payments(&mut self, desk: crate::payments::Desk) {
        let mailing = self.payments.desk.mailing.clone();
        for d in [&mut self.payments.desk, &mut self.payments_webhook.desk, &mut self.staff_payments.desk] {
            *d = crate::payments::Desk { mailing: mailing.clone(), ..desk.clone() };
        }
    }

    /// The payments desk (the daily round runs on it).
    pub fn payments_desk(&self) -> &crate::payments::Desk {
        &self.payments.desk
    }

    /// Signs demo booking links with `key` (both the visitor's and staff's mail carry them).
    pub fn sign_demo_links(&mut self, key: DemoKey) {
        self.demo.desk.key = key.clone();
        self.staff_demo.desk.key = key;
    }

    /// The clock the progress rule and demo bookings read (`Clock::advance` lets time pass in a test).
    pub fn clock(&self) -> &crate::time::Clock {
        &self.me.clock
    }

    /// Keeps certificates' PDFs in `files` (S3, a folder of a test's own).
    pub fn keep_certificates(&mut self, files: Arc<dyn CertificateFiles>) {
        self.certificates.files = files.clone();
        self.staff_certificates.files = files;
    }

    /// Verifies signed-in students' tokens with `verifier` (`None`: nobody is signed in).
    pub fn sign_in(&mut self, verifier: Option<Arc<Verifier>>) {
        self.videos.verifier = verifier.clone();
        self.me.verifier = verifier.clone();
        self.staff_enquiries.verifier = verifier.clone();
        self.staff_enrolments.verifier = verifier.clone();
        self.staff_reports.verifier = verifier.clone();
        self.staff_lectures.verifier = verifier.clone();
        self.staff_demo.verifier = verifier.clone();
        self.certificates.verifier = verifier.clone();
        self.staff_certificates.verifier = verifier.clone();
        self.sessions.verifier = verifier.clone();
        self.staff_sessions.verifier = verifier.clone();
        self.assignments.verifier = verifier.clone();
        self.staff_assignments.verifier = verifier.clone();
        self.payments.verifier = verifier.clone();
        self.staff_payments.verifier = verifier.clone();
        self.staff_audit.verifier = verifier;
    }

    /// Mails each stored submission right away through `mailer`, with `settings`; staff's mail
    /// (an enquiry sent again, a student's welcome linking to `ACADEMY_SITE_URL`) goes the same way.
    pub fn mail_inline(&mut self, mailer: Arc<dyn Mailer>, settings: MailSettings) {
        let site_url = env::site_url();
        self.staff_enrolments.mailing = Some(Mailing { mailer: mailer.clone(), from: settings.from.clone(), site_url });
        self.staff_assignments.mailing = self.staff_enrolments.mailing.clone();
        for desk in [&mut self.payments.desk, &mut self.payments_webhook.desk, &mut self.staff_payments.desk] {
            desk.mailing = self.staff_enrolments.mailing.clone();
        }
        self.staff_enquiries.mail = Some(InlineMailer { mailer: mailer.clone(), settings: settings.clone() });
        let postbox = Postbox::new(mailer.clone(), settings.clone());
        for desk in [&mut self.demo.desk, &mut self.staff_demo.desk] {
            desk.postbox = postbox.clone();
        }
        for desk in [&mut self.sessions.desk, &mut self.staff_sessions.desk] {
            desk.postbox = postbox.clone();
        }
        self.send_email.inline = Some(InlineMailer { mailer, settings });
    }
}

/// Live classes' reminders on the demo class's schedule (EventBridge Scheduler in AWS, the store
/// locally): one schedule, one `demo-reminder` function, one local worker.
pub struct DemoScheduler(pub Arc<dyn crate::demo::reminders::ReminderSchedule>);

#[async_trait]
impl crate::live::ReminderSlots for DemoScheduler {
    async fn schedule(&self, reminder: &crate::domain::DemoReminder) -> Result<(), String> {
        self.0.schedule(reminder).await
    }

    async fn unschedule(&self, reminder: &crate::domain::DemoReminder) -> Result<(), String> {
        self.0.unschedule(reminder).await
    }
}

/// The local demo link key: `ACADEMY_DEMO_KEY` (at least 32 bytes), else a random one.
fn local_demo_key() -> Result<DemoKey, String> {
    Ok(env::demo_key()?.unwrap_or_else(DemoKey::random))
}

/// The mailer `ACADEMY_MAILER` names: `ses`, or `outbox` (the folder `ACADEMY_OUTBOX`, default
/// `var/outbox`). Without it: the outbox with the embedded store, SES with DynamoDB.
pub async fn mailer_from_env(store: &StoreUrl) -> Result<Arc<dyn Mailer>, String> {
    let default = match store {
        StoreUrl::Embedded(_) => "outbox",
        StoreUrl::DynamoDb(_) => "ses",
    };
    match env::mailer().as_deref().unwrap_or(default) {
        "outbox" => Ok(Arc::new(OutboxMailer::new(env::outbox()))),
        "ses" => Ok(Arc::new(SesMailer::from_config(&aws::config().await, env::ses_configuration_set()))),
        other => Err(format!("ACADEMY_MAILER must be ses or outbox, not {other:?}")),
    }
}

/// The local transcoding worker (ffmpeg) on `store`, with the lecture folder `ACADEMY_LECTURES`:
/// the `media::TranscodeQueue` of the embedded world. It resumes every lecture left processing.
pub fn transcode_worker(store: &Store) -> Arc<LocalWorker> {
    Arc::new(LocalWorker::start(store.clone(), env::lectures_folder(), Tools::default()))
}

//! The local world: every endpoint's service in one process (`academy serve`, the tests), built
//! from the environment. The Lambdas build one service each instead (`lambda.rs`).

use crate::chat::{Knowledge, ModelProvider};
use crate::edge::OriginGuard;
use crate::identity::Verifier;
use crate::lecture::{FolderFiles, KeySource, LectureFiles, LectureLinks, S3Files};
use crate::mail::{MailSettings, Mailer, OutboxMailer, SesMailer};
use crate::routes::{Endpoint, Route};
use crate::services::{self, Answer, Service};
use crate::store::{Store, StoreUrl, DEFAULT_STORE};
use async_trait::async_trait;
use lambda_http::{Body, Request, Response};
use std::sync::Arc;

/// Where local lecture files live unless `ACADEMY_LECTURES` says otherwise.
pub const DEFAULT_LECTURES: &str = "var/lectures";

pub struct AppState {
    /// The store every service shares (for seeding and the tests).
    pub store: Store,
    /// In AWS: refuses requests that did not come through CloudFront (`ACADEMY_ORIGIN_SECRET`).
    pub origin: OriginGuard,
    pub geo: services::Geo,
    pub catalog: services::Catalog,
    pub videos: services::Videos,
    pub send_email: services::SendEmail,
    pub chat: services::Chat,
    pub lecture: services::Lecture,
    pub me: services::Me,
}

/// The store named by `ACADEMY_STORE`, or the local default.
pub fn store_url_from_env() -> Result<StoreUrl, String> {
    std::env::var("ACADEMY_STORE").unwrap_or_else(|_| DEFAULT_STORE.into()).parse()
}

/// The local lecture folder (`ACADEMY_LECTURES`, default `var/lectures`).
pub fn lectures_from_env() -> String {
    std::env::var("ACADEMY_LECTURES").ok().filter(|p| !p.trim().is_empty()).unwrap_or_else(|| DEFAULT_LECTURES.into())
}

impl AppState {
    pub async fn from_env() -> Result<Self, String> {
        Self::open(&store_url_from_env()?).await
    }

    /// Every service on `store`. With the embedded store, lecture files come from the local
    /// folder and lecture links are signed with `ACADEMY_LECTURE_KEY` (or a random key); with
    /// DynamoDB, from S3 and the key secret, as in AWS.
    pub async fn open(store: &StoreUrl) -> Result<Self, String> {
        let opened = store.open().await.map_err(|e| e.to_string())?;
        let (config, files, keys): (_, Arc<dyn LectureFiles>, _) = match store {
            StoreUrl::Embedded(_) => {
                let config = crate::aws::local_config().await;
                (config, Arc::new(FolderFiles::new(lectures_from_env())), KeySource::local_from_env()?)
            }
            StoreUrl::DynamoDb(_) => {
                let config = crate::aws::config().await;
                let s3 = aws_sdk_s3::Client::new(&config);
                let keys = match std::env::var("ACADEMY_LECTURE_KEY_SECRET") {
                    Ok(id) => KeySource::secret(aws_sdk_secretsmanager::Client::new(&config), &id),
                    Err(_) => KeySource::local_from_env()?,
                };
                (config, Arc::new(S3Files::new(s3, S3Files::play_from_env()?)), keys)
            }
        };
        let links = Arc::new(LectureLinks::new(keys, LectureLinks::lifetime_from_env()?));
        let mut state = Self::with(opened, links, files, ModelProvider::from_env(&config));
        state.sign_in(Verifier::from_env()?);
        Ok(state)
    }

    /// Every service on `store` with the given lecture links, lecture files and model, no inline
    /// mailer, no sign-in (`sign_in`) and the mail settings of the environment.
    pub fn with(store: Store, links: Arc<LectureLinks>, files: Arc<dyn LectureFiles>, model: ModelProvider) -> Self {
        Self {
            origin: OriginGuard::from_env(),
            geo: services::Geo::from_env(),
            catalog: services::Catalog { store: store.clone() },
            videos: services::Videos { store: store.clone(), links: links.clone(), verifier: None },
            send_email: services::SendEmail { store: store.clone(), inline: None },
            chat: services::Chat { store: store.clone(), knowledge: Arc::new(Knowledge::bundled()), model },
            lecture: services::Lecture { store: store.clone(), links, files },
            me: services::Me { store: store.clone(), verifier: None },
            store,
        }
    }

    /// Verifies signed-in students' tokens with `verifier` (`None`: nobody is signed in).
    pub fn sign_in(&mut self, verifier: Option<Arc<Verifier>>) {
        self.videos.verifier = verifier.clone();
        self.me.verifier = verifier;
    }

    /// Mails each stored submission right away through `mailer`, with `settings`.
    pub fn mail_inline(&mut self, mailer: Arc<dyn Mailer>, settings: MailSettings) {
        self.send_email.inline = Some(services::InlineMailer { mailer, settings });
    }
}

#[async_trait]
impl Service for AppState {
    async fn answer(&self, route: Route, req: &Request) -> Answer {
        match route.endpoint() {
            Endpoint::Health => services::Health.answer(route, req).await,
            Endpoint::Geo => self.geo.answer(route, req).await,
            Endpoint::Courses | Endpoint::Outline | Endpoint::Batches => self.catalog.answer(route, req).await,
            Endpoint::Videos => self.videos.answer(route, req).await,
            Endpoint::SendEmail => self.send_email.answer(route, req).await,
            Endpoint::Chat => self.chat.answer(route, req).await,
            Endpoint::Lecture => self.lecture.answer(route, req).await,
            Endpoint::Me => self.me.answer(route, req).await,
        }
    }
}

/// Answers one request locally. `only` restricts it to one Lambda's endpoint.
pub async fn dispatch(state: &AppState, req: Request, only: Option<Endpoint>) -> Response<Body> {
    crate::routes::answer(&state.origin, state, req, only).await
}

/// The mailer `ACADEMY_MAILER` names: `ses`, or `outbox` (the folder `ACADEMY_OUTBOX`, default
/// `var/outbox`). Without it: the outbox with the embedded store, SES with DynamoDB.
pub async fn mailer_from_env(store: &StoreUrl) -> Result<Arc<dyn Mailer>, String> {
    let default = match store {
        StoreUrl::Embedded(_) => "outbox",
        StoreUrl::DynamoDb(_) => "ses",
    };
    match std::env::var("ACADEMY_MAILER").unwrap_or_else(|_| default.into()).as_str() {
        "outbox" => {
            Ok(Arc::new(OutboxMailer::new(std::env::var("ACADEMY_OUTBOX").unwrap_or_else(|_| "var/outbox".into()))))
        }
        "ses" => Ok(Arc::new(SesMailer::from_config(
            &crate::aws::config().await,
            std::env::var("ACADEMY_SES_CONFIGURATION_SET").ok(),
        ))),
        other => Err(format!("ACADEMY_MAILER must be ses or outbox, not {other:?}")),
    }
}

//! Everything a handler may need, built once per process (per Lambda container, or once for
//! the local server) from the environment.

use crate::chat::{Knowledge, ModelProvider};
use crate::edge::OriginGuard;
use crate::mail::{MailSettings, Mailer, OutboxMailer, SesMailer};
use crate::media::{MediaSigner, S3Signer};
use crate::store::{Store, StoreUrl, DEFAULT_STORE};
use aws_config::{BehaviorVersion, Region};
use std::sync::Arc;

pub struct AppState {
    pub store: Store,
    pub media: Arc<dyn MediaSigner>,
    pub mail: MailSettings,
    /// Locally, the mailer step runs right after a submission is stored; in AWS this is `None`
    /// and the table's stream drives the `mailer` Lambda instead.
    pub inline_mailer: Option<Arc<dyn Mailer>>,
    /// The country assumed when the CDN sends none (`ACADEMY_DEFAULT_COUNTRY`).
    pub default_country: Option<String>,
    /// What the assistant knows, and the model it may ask (offline without a key).
    pub knowledge: Arc<Knowledge>,
    pub model: ModelProvider,
    /// In AWS: refuses requests that did not come through CloudFront (`ACADEMY_ORIGIN_SECRET`).
    pub origin: OriginGuard,
}

/// The store named by `ACADEMY_STORE`, or the local default.
pub fn store_url_from_env() -> Result<StoreUrl, String> {
    std::env::var("ACADEMY_STORE").unwrap_or_else(|_| DEFAULT_STORE.into()).parse()
}

fn unset(name: &str) -> bool {
    std::env::var_os(name).is_none()
}

/// AWS configuration from the usual environment, with a region fallback so local runs work.
pub async fn aws_config() -> aws_config::SdkConfig {
    let mut loader = aws_config::defaults(BehaviorVersion::latest());
    if unset("AWS_REGION") && unset("AWS_DEFAULT_REGION") {
        loader = loader.region(Region::new("eu-west-2"));
    }
    loader.load().await
}

/// Configuration for the local world (embedded store): with no AWS credentials in the
/// environment, fixed placeholder ones, so signing `s3://` URLs works offline instead of
/// probing for an instance role.
async fn local_aws_config() -> aws_config::SdkConfig {
    if unset("AWS_ACCESS_KEY_ID") && unset("AWS_PROFILE") {
        let placeholder = aws_sdk_s3::config::Credentials::new("local", "local", None, None, "academy-local");
        let region = std::env::var("AWS_REGION").unwrap_or_else(|_| "eu-west-2".into());
        return aws_config::defaults(BehaviorVersion::latest())
            .region(Region::new(region))
            .credentials_provider(placeholder)
            .load()
            .await;
    }
    aws_config().await
}

impl AppState {
    pub async fn from_env() -> Result<Self, String> {
        Self::open(&store_url_from_env()?).await
    }

    pub async fn open(store: &StoreUrl) -> Result<Self, String> {
        let opened = store.open().await.map_err(|e| e.to_string())?;
        let config = match store {
            StoreUrl::Embedded(_) => local_aws_config().await,
            StoreUrl::DynamoDb(_) => aws_config().await,
        };
        let media = Arc::new(S3Signer::new(aws_sdk_s3::Client::new(&config)));
        Ok(Self {
            store: opened,
            media,
            mail: MailSettings::from_env(),
            inline_mailer: None,
            default_country: std::env::var("ACADEMY_DEFAULT_COUNTRY").ok().filter(|c| !c.trim().is_empty()),
            knowledge: Arc::new(Knowledge::bundled()),
            model: ModelProvider::from_env(&config),
            origin: OriginGuard::from_env(),
        })
    }
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
        "ses" => Ok(Arc::new(SesMailer::new(
            aws_sdk_sesv2::Client::new(&aws_config().await),
            std::env::var("ACADEMY_SES_CONFIGURATION_SET").ok(),
        ))),
        other => Err(format!("ACADEMY_MAILER must be ses or outbox, not {other:?}")),
    }
}

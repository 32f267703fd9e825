//! Which model the assistant may ask, decided once per process. In AWS the key lives in Secrets
//! Manager (`GEMINI_API_KEY_SECRET`, a secret's name or ARN) and is read by the chat function at
//! run time, on first use, then kept for the container's life; a failed read is retried on the
//! next question while the assistant answers offline. Locally `GEMINI_API_KEY` gives the key
//! directly; with neither, the assistant is offline.

use super::model::{GeminiModel, DEFAULT_BASE_URL, DEFAULT_MODEL, TIMEOUT};
use std::sync::Arc;
use tokio::sync::OnceCell;

pub struct ModelProvider(Source);

enum Source {
    Offline,
    Ready(Arc<GeminiModel>),
    Secret {
        secrets: aws_sdk_secretsmanager::Client,
        secret_id: String,
        endpoint: Endpoint,
        model: OnceCell<Arc<GeminiModel>>,
    },
}

/// Where the model answers (`GEMINI_BASE_URL`, `GEMINI_MODEL`).
pub struct Endpoint {
    pub base_url: String,
    pub model: String,
}

impl Endpoint {
    /// `base_url` and `model`, each defaulting to Gemini's.
    pub fn new(base_url: Option<String>, model: Option<String>) -> Self {
        Self {
            base_url: base_url.unwrap_or_else(|| DEFAULT_BASE_URL.into()),
            model: model.unwrap_or_else(|| DEFAULT_MODEL.into()),
        }
    }

    /// The client that asks this endpoint with `key`.
    fn client(&self, key: &str) -> Result<GeminiModel, String> {
        GeminiModel::new(&self.base_url, &self.model, key, TIMEOUT)
    }
}

impl ModelProvider {
    pub fn offline() -> Self {
        Self(Source::Offline)
    }

    pub fn ready(model: GeminiModel) -> Self {
        Self(Source::Ready(Arc::new(model)))
    }

    /// The key is read from Secrets Manager on first use.
    pub fn secret(secrets: aws_sdk_secretsmanager::Client, secret_id: &str, endpoint: Endpoint) -> Self {
        Self(Source::Secret { secrets, secret_id: secret_id.to_owned(), endpoint, model: OnceCell::new() })
    }

    /// A key (`GEMINI_API_KEY`), else a secret holding one (`GEMINI_API_KEY_SECRET`, read with
    /// `config`'s credentials), else offline.
    pub fn configured(
        key: Option<String>,
        key_secret: Option<String>,
        endpoint: Endpoint,
        config: &aws_config::SdkConfig,
    ) -> Self {
        if let Some(key) = key {
            return match endpoint.client(&key) {
                Ok(model) => Self::ready(model),
                Err(error) => {
                    tracing::error!(%error, "model client; answering offline");
                    Self::offline()
                }
            };
        }
        match key_secret {
            Some(id) => Self::secret(aws_sdk_secretsmanager::Client::new(config), &id, endpoint),
            None => Self::offline(),
        }
    }

    /// The model to ask now; `None` answers offline.
    pub async fn get(&self) -> Option<Arc<GeminiModel>> {
        match &self.0 {
            Source::Offline => None,
            Source::Ready(model) => Some(model.clone()),
            Source::Secret { secrets, secret_id, endpoint, model } => model
                .get_or_try_init(|| async { endpoint.client(&read_key(secrets, secret_id).await?).map(Arc::new) })
                .await
                .map_err(|error| tracing::error!(%error, "model key unavailable; answering offline"))
                .ok()
                .cloned(),
        }
    }
}

async fn read_key(secrets: &aws_sdk_secretsmanager::Client, secret_id: &str) -> Result<String, String> {
    let value = secrets.get_secret_value().secret_id(secret_id).send().await.map_err(|e| {
        format!("reading secret {secret_id}: {}", aws_sdk_secretsmanager::error::DisplayErrorContext(e))
    })?;
    value
        .secret_string()
        .map(str::trim)
        .filter(|key| !key.is_empty())
        .map(str::to_owned)
        .ok_or_else(|| format!("secret {secret_id} holds no key"))
}

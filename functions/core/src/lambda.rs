//! The whole of every Lambda binary: logging, then the one service its endpoint needs (built
//! once per container from the environment: only the clients that endpoint calls), then the
//! runtime loop answering only that endpoint's routes (or, for `mailer`, the table's stream).
//! Each binary names its builder below, so it links nothing the others need.

use crate::chat::{Knowledge, ModelProvider};
use crate::edge::OriginGuard;
use crate::identity::Verifier;
use crate::lecture::{KeySource, LectureLinks, S3Files};
use crate::routes::Endpoint;
use crate::services::{self, Service};
use lambda_http::{service_fn, Error, Request};
use std::convert::Infallible;
use std::future::Future;
use std::sync::Arc;

/// Runs `endpoint`'s Lambda with the service `init` builds.
pub async fn run<S, F>(endpoint: Endpoint, init: F) -> Result<(), Error>
where
    S: Service + 'static,
    F: Future<Output = Result<S, String>>,
{
    crate::telemetry::init_lambda();
    let origin = OriginGuard::from_env();
    let service = init.await?;
    let (origin, service) = (&origin, &service);
    lambda_http::run(service_fn(move |req: Request| async move {
        Ok::<_, Infallible>(crate::routes::answer(origin, service, req, Some(endpoint)).await)
    }))
    .await
}

pub async fn health() -> Result<services::Health, String> {
    Ok(services::Health)
}

pub async fn geo() -> Result<services::Geo, String> {
    Ok(services::Geo::from_env())
}

pub async fn catalog() -> Result<services::Catalog, String> {
    Ok(services::Catalog { store: crate::aws::dynamodb_store(&crate::aws::config().await)? })
}

/// The lecture link keys from the secret `ACADEMY_LECTURE_KEY_SECRET`, with the link lifetime.
fn lecture_links(config: &aws_config::SdkConfig) -> Result<Arc<LectureLinks>, String> {
    let secret = std::env::var("ACADEMY_LECTURE_KEY_SECRET").map_err(|_| "ACADEMY_LECTURE_KEY_SECRET is not set")?;
    let keys = KeySource::secret(aws_sdk_secretsmanager::Client::new(config), &secret);
    Ok(Arc::new(LectureLinks::new(keys, LectureLinks::lifetime_from_env()?)))
}

pub async fn videos() -> Result<services::Videos, String> {
    let config = crate::aws::config().await;
    Ok(services::Videos {
        store: crate::aws::dynamodb_store(&config)?,
        links: lecture_links(&config)?,
        verifier: Verifier::from_env()?,
    })
}

/// Behind the JWT authorizer: the gateway's claims name the student; the verifier is the
/// fallback when a request reaches the function without them.
pub async fn me() -> Result<services::Me, String> {
    Ok(services::Me {
        store: crate::aws::dynamodb_store(&crate::aws::config().await)?,
        verifier: Verifier::from_env()?,
    })
}

pub async fn lecture() -> Result<services::Lecture, String> {
    let config = crate::aws::config().await;
    let files = S3Files::new(aws_sdk_s3::Client::new(&config), S3Files::play_from_env()?);
    Ok(services::Lecture {
        store: crate::aws::dynamodb_store(&config)?,
        links: lecture_links(&config)?,
        files: Arc::new(files),
    })
}

/// In AWS the table's stream drives the mailer, so nothing is mailed inline.
pub async fn send_email() -> Result<services::SendEmail, String> {
    Ok(services::SendEmail { store: crate::aws::dynamodb_store(&crate::aws::config().await)?, inline: None })
}

pub async fn chat() -> Result<services::Chat, String> {
    let config = crate::aws::config().await;
    Ok(services::Chat {
        store: crate::aws::dynamodb_store(&config)?,
        knowledge: Arc::new(Knowledge::bundled()),
        model: ModelProvider::from_env(&config),
    })
}

/// The `mailer` function: delivers submissions inserted into the table, from its stream, by SES.
pub async fn run_mailer() -> Result<(), Error> {
    use aws_lambda_events::event::dynamodb::Event;
    use lambda_runtime::LambdaEvent;

    crate::telemetry::init_lambda();
    let config = crate::aws::config().await;
    let store = crate::aws::dynamodb_store(&config)?;
    let mailer = crate::mail::SesMailer::from_config(&config, std::env::var("ACADEMY_SES_CONFIGURATION_SET").ok());
    let settings = crate::mail::MailSettings::from_env();
    let (store, mailer, settings) = (&store, &mailer, &settings);
    lambda_runtime::run(lambda_runtime::service_fn(move |event: LambdaEvent<Event>| async move {
        Ok::<_, Infallible>(crate::mail::stream::on_stream(store, mailer, settings, event.payload).await)
    }))
    .await
}

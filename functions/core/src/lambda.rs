//! The whole of every Lambda binary: logging, state from the environment, then the runtime
//! loop answering only that function's endpoint (or, for `mailer`, the table's stream).

use crate::routes::{dispatch, Endpoint};
use crate::state::AppState;
use lambda_http::{service_fn, Error, Request};
use std::convert::Infallible;

pub async fn run(endpoint: Endpoint) -> Result<(), Error> {
    crate::telemetry::init_lambda();
    let state = AppState::from_env().await?;
    let state = &state;
    lambda_http::run(service_fn(move |req: Request| async move {
        Ok::<_, Infallible>(dispatch(state, req, Some(endpoint)).await)
    }))
    .await
}

/// The `mailer` function: delivers submissions inserted into the table, from its stream.
pub async fn run_mailer() -> Result<(), Error> {
    use aws_lambda_events::event::dynamodb::Event;
    use lambda_runtime::LambdaEvent;

    crate::telemetry::init_lambda();
    let store_url = crate::state::store_url_from_env()?;
    let store = store_url.open().await?;
    let mailer = crate::state::mailer_from_env(&store_url).await?;
    let settings = crate::mail::MailSettings::from_env();
    let (store, mailer, settings) = (&store, mailer.as_ref(), &settings);
    lambda_runtime::run(lambda_runtime::service_fn(move |event: LambdaEvent<Event>| async move {
        Ok::<_, Infallible>(crate::mail::stream::on_stream(store, mailer, settings, event.payload).await)
    }))
    .await
}

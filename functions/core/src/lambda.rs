//! The whole of every Lambda binary: logging, state from the environment, then the runtime
//! loop answering only that function's endpoint.

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

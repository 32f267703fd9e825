//! Lambda for the `health` endpoint (see academy_core::routes); it builds only `lambda::health`.

use academy_core::{lambda, routes::Endpoint};

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    lambda::run(Endpoint::Health, lambda::health()).await
}

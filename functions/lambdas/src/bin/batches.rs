//! Lambda for the `batches` endpoint (see academy_core::routes); it builds only `lambda::catalog`.

use academy_core::{lambda, routes::Endpoint};

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    lambda::run(Endpoint::Batches, lambda::catalog()).await
}

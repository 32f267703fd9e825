//! Lambda for the `me` endpoint (see academy_core::routes); it builds only `lambda::me`.

use academy_core::{lambda, routes::Endpoint};

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    lambda::run(Endpoint::Me, lambda::me()).await
}

//! Lambda for the `videos` endpoint (see academy_core::routes); it builds only `lambda::videos`.

use academy_core::{lambda, routes::Endpoint};

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    lambda::run(Endpoint::Videos, lambda::videos()).await
}

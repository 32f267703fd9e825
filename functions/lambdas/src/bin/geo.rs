//! Lambda for the `geo` endpoint (see academy_core::routes); it builds only `lambda::geo`.

use academy_core::{lambda, routes::Endpoint};

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    lambda::run(Endpoint::Geo, lambda::geo()).await
}

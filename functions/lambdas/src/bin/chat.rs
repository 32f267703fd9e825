//! Lambda for the `chat` endpoint (see academy_core::routes); it builds only `lambda::chat`.

use academy_core::{lambda, routes::Endpoint};

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    lambda::run(Endpoint::Chat, lambda::chat()).await
}

//! Lambda for the `send-email` endpoint (see academy_core::routes); it builds only `lambda::send_email`.

use academy_core::{lambda, routes::Endpoint};

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    lambda::run(Endpoint::SendEmail, lambda::send_email()).await
}

//! Lambda for the `send-email` endpoint (academy_core::platform::lambda::SendEmail).

use academy_core::platform::lambda::{run, SendEmail};

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    run::<SendEmail>().await
}

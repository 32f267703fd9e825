//! Lambda for the `chat` endpoint (academy_core::platform::lambda::Chat).

use academy_core::platform::lambda::{run, Chat};

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    run::<Chat>().await
}

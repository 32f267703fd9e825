//! Lambda for the `outline` endpoint (academy_core::platform::lambda::Outline).

use academy_core::platform::lambda::{run, Outline};

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    run::<Outline>().await
}

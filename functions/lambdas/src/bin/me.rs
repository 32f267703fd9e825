//! Lambda for the `me` endpoint (academy_core::platform::lambda::Me).

use academy_core::platform::lambda::{run, Me};

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    run::<Me>().await
}

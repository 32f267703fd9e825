//! Lambda for the `health` endpoint (academy_core::platform::lambda::Health).

use academy_core::platform::lambda::{run, Health};

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    run::<Health>().await
}

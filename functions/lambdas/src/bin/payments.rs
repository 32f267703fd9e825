//! Lambda for the `payments` endpoint (academy_core::platform::lambda::Payments).

use academy_core::platform::lambda::{run, Payments};

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    run::<Payments>().await
}

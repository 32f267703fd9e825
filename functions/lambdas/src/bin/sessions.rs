//! Lambda for the `sessions` endpoint (academy_core::platform::lambda::Sessions).

use academy_core::platform::lambda::{run, Sessions};

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    run::<Sessions>().await
}

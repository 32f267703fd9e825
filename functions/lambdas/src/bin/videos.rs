//! Lambda for the `videos` endpoint (academy_core::platform::lambda::Videos).

use academy_core::platform::lambda::{run, Videos};

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    run::<Videos>().await
}

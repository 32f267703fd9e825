//! Lambda for the `certificates` endpoint (academy_core::platform::lambda::Certificates).

use academy_core::platform::lambda::{run, Certificates};

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    run::<Certificates>().await
}

//! Lambda for the `assignments` endpoint (academy_core::platform::lambda::Assignments).

use academy_core::platform::lambda::{run, Assignments};

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    run::<Assignments>().await
}

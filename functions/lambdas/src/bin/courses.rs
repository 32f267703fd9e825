//! Lambda for the `courses` endpoint (academy_core::platform::lambda::Courses).

use academy_core::platform::lambda::{run, Courses};

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    run::<Courses>().await
}

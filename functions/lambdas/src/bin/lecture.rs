//! Lambda for the `lecture` endpoint (academy_core::platform::lambda::Lecture).

use academy_core::platform::lambda::{run, Lecture};

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    run::<Lecture>().await
}

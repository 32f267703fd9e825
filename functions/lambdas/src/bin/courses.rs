//! Lambda for the `courses` endpoint (see academy_core::routes); it builds only `lambda::catalog`.

use academy_core::{lambda, routes::Endpoint};

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    lambda::run(Endpoint::Courses, lambda::catalog()).await
}

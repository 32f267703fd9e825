//! Lambda for the `lecture` endpoint (see academy_core::routes); it builds only `lambda::lecture`.

use academy_core::{lambda, routes::Endpoint};

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    lambda::run(Endpoint::Lecture, lambda::lecture()).await
}

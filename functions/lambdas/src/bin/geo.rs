//! Lambda for the `geo` endpoint (academy_core::platform::lambda::Geo).

use academy_core::platform::lambda::{run, Geo};

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    run::<Geo>().await
}

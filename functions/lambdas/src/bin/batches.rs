//! Lambda for the `batches` endpoint (academy_core::platform::lambda::Batches).

use academy_core::platform::lambda::{run, Batches};

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    run::<Batches>().await
}

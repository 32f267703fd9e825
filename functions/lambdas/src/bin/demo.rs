//! Lambda for the `demo` endpoint (academy_core::platform::lambda::Demo).

use academy_core::platform::lambda::{run, Demo};

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    run::<Demo>().await
}

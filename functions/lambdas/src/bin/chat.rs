//! Lambda for the `chat` endpoint (see academy_core::routes).

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    academy_core::lambda::run(academy_core::routes::Endpoint::Chat).await
}

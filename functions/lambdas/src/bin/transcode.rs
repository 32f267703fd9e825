//! Lambda on EventBridge: recordings uploaded or retried go to MediaConvert, whose job state
//! changes mark the lecture ready or failed (academy_core::media::transcode).

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    academy_core::platform::lambda::run_transcode().await
}

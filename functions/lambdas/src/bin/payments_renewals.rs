//! Lambda on a daily EventBridge Scheduler schedule: the payments' round (later months charged,
//! dues reminded, overdue plans paused; academy_core::payments::renewals).

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    academy_core::platform::lambda::run_payments_renewals().await
}

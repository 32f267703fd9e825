//! Lambda on EventBridge Scheduler: a demo class's reminder, 24 hours or 1 hour before, and the
//! staff's morning digest (academy_core::demo::reminders).

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    academy_core::platform::lambda::run_demo_reminder().await
}

//! Lambda for the `staff-sessions` endpoint (academy_core::platform::lambda::StaffSessions).

use academy_core::platform::lambda::{run, StaffSessions};

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    run::<StaffSessions>().await
}

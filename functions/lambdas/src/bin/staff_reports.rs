//! Lambda for the `staff-reports` endpoint (academy_core::platform::lambda::StaffReports).

use academy_core::platform::lambda::{run, StaffReports};

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    run::<StaffReports>().await
}

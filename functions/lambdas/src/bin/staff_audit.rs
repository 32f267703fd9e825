//! Lambda for the `staff-audit` endpoint (academy_core::platform::lambda::StaffAudit).

use academy_core::platform::lambda::{run, StaffAudit};

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    run::<StaffAudit>().await
}

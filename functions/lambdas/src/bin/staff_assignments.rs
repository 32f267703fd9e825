//! Lambda for the `staff-assignments` endpoint (academy_core::platform::lambda::StaffAssignments).

use academy_core::platform::lambda::{run, StaffAssignments};

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    run::<StaffAssignments>().await
}

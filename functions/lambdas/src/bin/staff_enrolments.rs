//! Lambda for the `staff-enrolments` endpoint (academy_core::platform::lambda::StaffEnrolments).

use academy_core::platform::lambda::{run, StaffEnrolments};

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    run::<StaffEnrolments>().await
}

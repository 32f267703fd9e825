//! Lambda for the `staff-enquiries` endpoint (academy_core::platform::lambda::StaffEnquiries).

use academy_core::platform::lambda::{run, StaffEnquiries};

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    run::<StaffEnquiries>().await
}

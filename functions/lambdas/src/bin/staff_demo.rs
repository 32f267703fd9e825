//! Lambda for the `staff-demo` endpoint (academy_core::platform::lambda::StaffDemo).

use academy_core::platform::lambda::{run, StaffDemo};

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    run::<StaffDemo>().await
}

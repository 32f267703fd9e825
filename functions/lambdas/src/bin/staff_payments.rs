//! Lambda for the `staff-payments` endpoint (academy_core::platform::lambda::StaffPayments).

use academy_core::platform::lambda::{run, StaffPayments};

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    run::<StaffPayments>().await
}

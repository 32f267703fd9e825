//! Lambda for the `staff-certificates` endpoint (academy_core::platform::lambda::StaffCertificates).

use academy_core::platform::lambda::{run, StaffCertificates};

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    run::<StaffCertificates>().await
}

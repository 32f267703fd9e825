//! Lambda for the `staff-lectures` endpoint (academy_core::platform::lambda::StaffLectures).

use academy_core::platform::lambda::{run, StaffLectures};

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    run::<StaffLectures>().await
}

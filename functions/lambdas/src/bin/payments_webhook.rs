//! Lambda for the `payments-webhook` endpoint (academy_core::platform::lambda::PaymentsWebhook).

use academy_core::platform::lambda::{run, PaymentsWebhook};

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    run::<PaymentsWebhook>().await
}

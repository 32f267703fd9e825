//! Lambda consuming the table's stream: mails each new submission (academy_core::leads::mail::stream).

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    academy_core::platform::lambda::run_mailer().await
}

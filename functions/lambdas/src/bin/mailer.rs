//! Lambda consuming the table's stream: mails each new submission (see academy_core::mail).

#[tokio::main]
async fn main() -> Result<(), lambda_http::Error> {
    academy_core::lambda::run_mailer().await
}

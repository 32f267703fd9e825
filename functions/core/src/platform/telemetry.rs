//! Logging setup: JSON lines in Lambda (CloudWatch), plain text on a terminal. `RUST_LOG`
//! picks the level.

use tracing_subscriber::EnvFilter;

fn filter() -> EnvFilter {
    EnvFilter::try_from_default_env().unwrap_or_else(|_| EnvFilter::new("info"))
}

pub fn init_lambda() {
    tracing_subscriber::fmt().json().with_env_filter(filter()).with_target(false).without_time().init();
}

pub fn init_cli() {
    tracing_subscriber::fmt().with_env_filter(filter()).with_writer(std::io::stderr).init();
}

//! Mail through Amazon SES v2, as a raw MIME message.

use super::{Mail, Mailer};
use async_trait::async_trait;
use aws_sdk_sesv2::config::timeout::TimeoutConfig;
use aws_sdk_sesv2::primitives::Blob;
use aws_sdk_sesv2::types::{EmailContent, RawMessage};
use std::time::Duration;

/// How long one send may take: a connection, each attempt, and the whole call with its retries.
/// A slow or hanging SES then fails the send (recorded as `failed`, retried by the stream and
/// `academy submissions resend`) well within the mailer Lambda's 30 s, instead of holding it until
/// the Lambda's own timeout. SES answers a send in well under a second when it is well.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(3);
pub const ATTEMPT_TIMEOUT: Duration = Duration::from_secs(4);
pub const SEND_TIMEOUT: Duration = Duration::from_secs(10);

pub struct SesMailer {
    client: aws_sdk_sesv2::Client,
    /// The SES configuration set every message is sent with (`ACADEMY_SES_CONFIGURATION_SET`).
    configuration_set: Option<String>,
}

impl SesMailer {
    pub fn new(client: aws_sdk_sesv2::Client, configuration_set: Option<String>) -> Self {
        Self { client, configuration_set: configuration_set.filter(|c| !c.trim().is_empty()) }
    }

    /// A mailer on an SES client made from `config` with the send timeouts above.
    pub fn from_config(config: &aws_config::SdkConfig, configuration_set: Option<String>) -> Self {
        let timeouts = TimeoutConfig::builder()
            .connect_timeout(CONNECT_TIMEOUT)
            .operation_attempt_timeout(ATTEMPT_TIMEOUT)
            .operation_timeout(SEND_TIMEOUT)
            .build();
        let ses = aws_sdk_sesv2::config::Builder::from(config).timeout_config(timeouts).build();
        Self::new(aws_sdk_sesv2::Client::from_conf(ses), configuration_set)
    }
}

#[async_trait]
impl Mailer for SesMailer {
    async fn send(&self, mail: &Mail) -> Result<(), String> {
        let raw = RawMessage::builder().data(Blob::new(mail.to_mime()?)).build().map_err(|e| e.to_string())?;
        self.client
            .send_email()
            .from_email_address(&mail.from)
            .destination(aws_sdk_sesv2::types::Destination::builder().to_addresses(&mail.to).build())
            .content(EmailContent::builder().raw(raw).build())
            .set_configuration_set_name(self.configuration_set.clone())
            .send()
            .await
            .map(|_| ())
            .map_err(|e| aws_sdk_sesv2::error::DisplayErrorContext(e).to_string())
    }
}

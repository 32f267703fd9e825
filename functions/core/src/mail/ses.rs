//! Mail through Amazon SES v2, as a raw MIME message.

use super::{Mail, Mailer};
use async_trait::async_trait;
use aws_sdk_sesv2::primitives::Blob;
use aws_sdk_sesv2::types::{EmailContent, RawMessage};

pub struct SesMailer {
    client: aws_sdk_sesv2::Client,
    /// The SES configuration set every message is sent with (`ACADEMY_SES_CONFIGURATION_SET`).
    configuration_set: Option<String>,
}

impl SesMailer {
    pub fn new(client: aws_sdk_sesv2::Client, configuration_set: Option<String>) -> Self {
        Self { client, configuration_set: configuration_set.filter(|c| !c.trim().is_empty()) }
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

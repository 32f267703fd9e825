//! Turning stored lecture URLs into playable ones: `s3://bucket/key` becomes a presigned GET
//! URL valid for an hour; every other URL passes through unchanged.

use async_trait::async_trait;
use aws_sdk_s3::presigning::PresigningConfig;
use std::time::Duration;

pub const SIGNED_URL_LIFETIME: Duration = Duration::from_secs(60 * 60);

#[async_trait]
pub trait MediaSigner: Send + Sync {
    /// A URL the browser can fetch, or an error description for the log.
    async fn playable(&self, url: &str) -> Result<String, String>;
}

/// Splits `s3://bucket/key` into its parts.
pub fn parse_s3_url(url: &str) -> Option<(&str, &str)> {
    let rest = url.strip_prefix("s3://")?;
    let (bucket, key) = rest.split_once('/')?;
    (!bucket.is_empty() && !key.is_empty()).then_some((bucket, key))
}

pub struct S3Signer {
    client: aws_sdk_s3::Client,
}

impl S3Signer {
    pub fn new(client: aws_sdk_s3::Client) -> Self {
        Self { client }
    }
}

#[async_trait]
impl MediaSigner for S3Signer {
    async fn playable(&self, url: &str) -> Result<String, String> {
        let Some((bucket, key)) = parse_s3_url(url) else {
            return Ok(url.to_owned());
        };
        let config = PresigningConfig::expires_in(SIGNED_URL_LIFETIME).map_err(|e| e.to_string())?;
        let signed = self
            .client
            .get_object()
            .bucket(bucket)
            .key(key)
            .presigned(config)
            .await
            .map_err(|e| aws_sdk_s3::error::DisplayErrorContext(e).to_string())?;
        Ok(signed.uri().to_owned())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_only_complete_s3_urls() {
        assert_eq!(parse_s3_url("s3://b/k/v.mp4"), Some(("b", "k/v.mp4")));
        assert_eq!(parse_s3_url("s3://b/"), None);
        assert_eq!(parse_s3_url("s3:///k"), None);
        assert_eq!(parse_s3_url("https://x/y"), None);
    }
}

//! The AWS side of the wiring: SDK configuration and the DynamoDB store, for the Lambdas (and the
//! local server when it is pointed at AWS).

use super::env;
use crate::media::mediaconvert::MediaConvert;
use crate::store::dynamodb::DynamoItems;
use crate::store::Store;
use aws_config::Region;
use std::sync::Arc;

/// The SDK's configuration loader, with the HTTP client that trusts the compiled-in roots
/// (`crate::tls`): every AWS client is made from a config this loader built. What the environment
/// holds, as every Lambda's does (its region, its role's session keys), is read from there
/// directly: the default chains would settle on it too, as their first providers, but building
/// them makes an STS client and instance-metadata clients at every cold start.
pub fn loader() -> aws_config::ConfigLoader {
    use aws_config::environment::{EnvironmentVariableCredentialsProvider, EnvironmentVariableRegionProvider};
    let mut loader = crate::tls::aws_loader();
    if env::aws_region_given() {
        loader = loader.region(EnvironmentVariableRegionProvider::new());
    }
    if env::aws_keys_given() {
        loader = loader.credentials_provider(EnvironmentVariableCredentialsProvider::new());
    }
    loader
}

/// AWS configuration from the usual environment, with a region fallback so local runs work.
pub async fn config() -> aws_config::SdkConfig {
    let mut loader = loader();
    if !env::aws_region_given() {
        loader = loader.region(Region::new("eu-west-2"));
    }
    loader.load().await
}

/// Configuration for the local world (embedded store): with no AWS credentials in the
/// environment, fixed placeholder ones, so nothing probes for an instance role.
pub async fn local_config() -> aws_config::SdkConfig {
    if !env::aws_credentials_given() {
        let placeholder = aws_sdk_s3::config::Credentials::new("local", "local", None, None, "academy-local");
        let region = env::aws_region().unwrap_or_else(|| "eu-west-2".into());
        return loader().region(Region::new(region)).credentials_provider(placeholder).load().await;
    }
    config().await
}

/// The store on the table `ACADEMY_STORE` names, through `config`.
pub fn dynamodb_store(config: &aws_config::SdkConfig) -> Result<Store, String> {
    let client = crate::store::dynamodb::client(config);
    Ok(Store::new(Arc::new(DynamoItems::new(client, &env::table()?))))
}

/// MediaConvert in `config`'s region with its credentials, jobs running as
/// `ACADEMY_MEDIACONVERT_ROLE` in `ACADEMY_MEDIACONVERT_QUEUE`.
pub fn mediaconvert(config: &aws_config::SdkConfig) -> Result<MediaConvert, String> {
    let region = config.region().ok_or("no AWS region")?.to_string();
    let credentials = config.credentials_provider().ok_or("no AWS credentials provider")?;
    let role = env::mediaconvert_role().ok_or("ACADEMY_MEDIACONVERT_ROLE is not set")?;
    MediaConvert::new(&region, env::mediaconvert_endpoint(), credentials, role, env::mediaconvert_queue())
}

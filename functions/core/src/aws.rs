//! The AWS side of the wiring: SDK configuration and the DynamoDB store, for the Lambdas (and the
//! local server when it is pointed at AWS).

use crate::store::dynamodb::DynamoItems;
use crate::store::{Store, StoreUrl};
use aws_config::{BehaviorVersion, Region};
use std::sync::Arc;

fn unset(name: &str) -> bool {
    std::env::var_os(name).is_none()
}

/// The SDK's configuration loader, with the HTTP client that trusts the compiled-in roots
/// (`crate::tls`): every AWS client is made from a config this loader built. What the environment
/// holds, as every Lambda's does (its region, its role's session keys), is read from there
/// directly: the default chains would settle on it too, as their first providers, but building
/// them makes an STS client and instance-metadata clients at every cold start.
pub fn loader() -> aws_config::ConfigLoader {
    use aws_config::environment::{EnvironmentVariableCredentialsProvider, EnvironmentVariableRegionProvider};
    let mut loader = aws_config::defaults(BehaviorVersion::latest()).http_client(crate::tls::aws_http_client());
    if !(unset("AWS_REGION") && unset("AWS_DEFAULT_REGION")) {
        loader = loader.region(EnvironmentVariableRegionProvider::new());
    }
    if !unset("AWS_ACCESS_KEY_ID") {
        loader = loader.credentials_provider(EnvironmentVariableCredentialsProvider::new());
    }
    loader
}

/// AWS configuration from the usual environment, with a region fallback so local runs work.
pub async fn config() -> aws_config::SdkConfig {
    let mut loader = loader();
    if unset("AWS_REGION") && unset("AWS_DEFAULT_REGION") {
        loader = loader.region(Region::new("eu-west-2"));
    }
    loader.load().await
}

/// Configuration for the local world (embedded store): with no AWS credentials in the
/// environment, fixed placeholder ones, so nothing probes for an instance role.
pub async fn local_config() -> aws_config::SdkConfig {
    if unset("AWS_ACCESS_KEY_ID") && unset("AWS_PROFILE") {
        let placeholder = aws_sdk_s3::config::Credentials::new("local", "local", None, None, "academy-local");
        let region = std::env::var("AWS_REGION").unwrap_or_else(|_| "eu-west-2".into());
        return loader()
            .region(Region::new(region))
            .credentials_provider(placeholder)
            .load()
            .await;
    }
    config().await
}

/// The DynamoDB table `ACADEMY_STORE` names (`dynamodb:TABLE`); a Lambda has no other store.
pub fn table_from_env() -> Result<String, String> {
    match crate::state::store_url_from_env()? {
        StoreUrl::DynamoDb(table) => Ok(table),
        StoreUrl::Embedded(_) => Err("a Lambda's ACADEMY_STORE must be dynamodb:TABLE".into()),
    }
}

/// The store on the table `ACADEMY_STORE` names, through `config`.
pub fn dynamodb_store(config: &aws_config::SdkConfig) -> Result<Store, String> {
    let client = crate::store::dynamodb::client(config);
    Ok(Store::new(Arc::new(DynamoItems::new(client, &table_from_env()?))))
}

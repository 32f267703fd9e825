//! The one place HTTPS clients get their trust roots: Mozilla's list, compiled into the binary, so
//! nothing reads the machine's certificate store (reading Debian's 292 files in /etc/ssl/certs took
//! ~3.5 ms of every cold start, and again for each client). One TLS stack: rustls with aws-lc-rs.
//!
//! - reqwest (the OpenID provider's keys, the model API) gets rustls settings holding
//!   `webpki-roots`: Mozilla's roots as ready trust anchors, nothing parsed at start.
//! - The AWS SDK's clients get the SDK's own hyper client with a trust store of the same list:
//!   the SDK takes roots only as PEM, so build.rs writes `webpki-root-certs` (the same list as whole
//!   certificates) as PEM. The SDK parses it when it makes the connector for a request's timeout
//!   settings, on the first request that uses them, as it did with the system's roots.
//!
//! The roots change only with the crates: `cargo update -p webpki-roots -p webpki-root-certs`
//! brings Mozilla's current list (a test checks both crates hold the same one). See
//! docs/decisions/0027-trust-roots-compiled-in.md.

use aws_smithy_http_client::tls::{rustls_provider::CryptoMode, Provider, TlsContext, TrustStore};
use aws_smithy_runtime_api::box_error::BoxError;
use aws_smithy_runtime_api::client::connector_metadata::ConnectorMetadata;
use aws_smithy_runtime_api::client::http::{HttpClient, HttpConnectorSettings, SharedHttpClient, SharedHttpConnector};
use aws_smithy_runtime_api::client::runtime_components::{RuntimeComponents, RuntimeComponentsBuilder};
use aws_smithy_types::config_bag::ConfigBag;
use std::sync::{Arc, LazyLock};

/// Mozilla's roots as PEM (build.rs, from `webpki-root-certs`), for the AWS SDK's trust store.
pub const MOZILLA_ROOTS_PEM: &str = include_str!(concat!(env!("OUT_DIR"), "/mozilla-roots.pem"));

/// The HTTP client for the AWS SDK's clients (set on every `SdkConfig` in `crate::aws`): the SDK's
/// hyper client with rustls and aws-lc-rs, trusting Mozilla's roots and nothing on the disk.
pub fn aws_http_client() -> SharedHttpClient {
    let roots = TrustStore::empty().with_native_roots(false).with_pem_certificate(MOZILLA_ROOTS_PEM);
    let context = TlsContext::builder().with_trust_store(roots).build().expect("a TLS context from bundled roots");
    let client = aws_smithy_http_client::Builder::new()
        .tls_provider(Provider::Rustls(CryptoMode::AwsLc))
        .tls_context(context)
        .build_https();
    SharedHttpClient::new(AwsHttpClient(client))
}

/// The SDK's client without its start-up check. For every client made, the check builds a TLS
/// connector and throws it away, so that the system's roots are read before the first request; with
/// the roots compiled in there is nothing to read, and that connector was never the one a request
/// uses (each request's comes from `http_connector`, made once per timeout settings and kept).
#[derive(Debug)]
struct AwsHttpClient(SharedHttpClient);

impl HttpClient for AwsHttpClient {
    fn http_connector(&self, settings: &HttpConnectorSettings, components: &RuntimeComponents) -> SharedHttpConnector {
        self.0.http_connector(settings, components)
    }

    fn validate_base_client_config(&self, _: &RuntimeComponentsBuilder, _: &ConfigBag) -> Result<(), BoxError> {
        Ok(())
    }

    fn connector_metadata(&self) -> Option<ConnectorMetadata> {
        self.0.connector_metadata()
    }
}

/// rustls's client settings for reqwest: Mozilla's roots, aws-lc-rs, HTTP/1.1. Made on first use;
/// each client gets a copy that shares the roots.
static WEB: LazyLock<rustls::ClientConfig> = LazyLock::new(|| {
    let roots = rustls::RootCertStore { roots: webpki_roots::TLS_SERVER_ROOTS.to_vec() };
    let provider = Arc::new(rustls::crypto::aws_lc_rs::default_provider());
    let mut config = rustls::ClientConfig::builder_with_provider(provider)
        .with_safe_default_protocol_versions()
        .expect("aws-lc-rs supports the default TLS versions")
        .with_root_certificates(roots)
        .with_no_client_auth();
    config.alpn_protocols = vec![b"http/1.1".to_vec()];
    config
});

/// A reqwest client builder that trusts Mozilla's roots as compiled in; every reqwest client of
/// the product starts here.
pub fn web_client() -> reqwest::ClientBuilder {
    reqwest::Client::builder().tls_backend_preconfigured(WEB.clone())
}

/// The AWS SDK's configuration loader with the HTTP client that trusts the compiled-in roots:
/// every AWS client is made from a config this loader built (`platform::aws` adds credentials).
pub fn aws_loader() -> aws_config::ConfigLoader {
    aws_config::defaults(aws_config::BehaviorVersion::latest()).http_client(aws_http_client())
}

#[cfg(test)]
mod tests {
    use super::*;
    use rustls::pki_types::{pem::PemObject, CertificateDer};

    /// One list: the PEM the AWS SDK trusts holds the roots reqwest trusts (the same subjects and
    /// keys; `webpki-roots` adds Mozilla's name constraints to a few, which certificates cannot
    /// carry), so the two crates' releases must match: updating one alone fails here.
    #[test]
    fn the_aws_roots_are_reqwests_roots() {
        let mut aws = rustls::RootCertStore::empty();
        for cert in CertificateDer::pem_slice_iter(MOZILLA_ROOTS_PEM.as_bytes()) {
            aws.add(cert.expect("a PEM certificate")).expect("a root certificate");
        }
        let key = |root: &rustls::pki_types::TrustAnchor<'_>| {
            (root.subject.as_ref().to_vec(), root.subject_public_key_info.as_ref().to_vec())
        };
        let mut aws: Vec<_> = aws.roots.iter().map(key).collect();
        let mut web: Vec<_> = webpki_roots::TLS_SERVER_ROOTS.iter().map(key).collect();
        aws.sort();
        web.sort();
        assert_eq!(aws.len(), web.len(), "webpki-root-certs and webpki-roots hold lists of different lengths");
        for (a, w) in aws.iter().zip(&web) {
            assert_eq!(a, w, "{} differs", String::from_utf8_lossy(&a.0));
        }
        let amazon = aws.iter().filter(|(subject, _)| String::from_utf8_lossy(subject).contains("Amazon Root CA"));
        assert_eq!(amazon.count(), 4, "the roots AWS's own endpoints chain to are there");
    }

    #[test]
    fn every_client_builds() {
        let _ = aws_http_client();
        web_client().build().expect("reqwest takes the rustls settings (one rustls version)");
    }
}

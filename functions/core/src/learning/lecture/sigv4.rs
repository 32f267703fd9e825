//! Presigned S3 GETs for many files of one bucket at once (the segments of a playlist), signed
//! here in SigV4's query form ("Authenticating Requests: Using Query Parameters"): the credentials
//! read and the signing key derived once (`aws_sigv4::sign::v4::generate_signing_key`), then one
//! canonical request, one SHA-256 and one HMAC a URL. The URLs are the ones the SDK's presigner
//! makes, parameter for parameter (a test compares them); where the bucket's URLs go (virtual-hosted
//! in AWS, path-style on moto) is taken from one URL the SDK presigned.
//! See docs/decisions/0044-playlists-signed-with-one-key.md.

use super::Delivery;
use aws_credential_types::Credentials;
use aws_sigv4::sign::v4;
use hmac::{Hmac, Mac};
use percent_encoding::{utf8_percent_encode, AsciiSet, NON_ALPHANUMERIC};
use sha2::{Digest, Sha256};
use std::time::{Duration, UNIX_EPOCH};

/// SigV4 encodes every byte but the unreserved ones (RFC 3986).
const UNRESERVED: &AsciiSet = &NON_ALPHANUMERIC.remove(b'-').remove(b'_').remove(b'.').remove(b'~');
/// A key's path keeps its slashes.
const PATH: &AsciiSet = &UNRESERVED.remove(b'/');

fn encode(text: &str) -> String {
    utf8_percent_encode(text, UNRESERVED).to_string()
}

/// Signs GETs of one bucket, as one set of credentials, at one instant.
pub struct Presigner {
    scheme: String,
    /// As the `Host` header says it (with a port that is not the scheme's own).
    host: String,
    /// The path before a key: `/` virtual-hosted, `/{bucket}/` path-style.
    prefix: String,
    bucket: String,
    /// The canonical query's `X-Amz-…` parameters, encoded, in order; the rest follow them.
    amz_query: String,
    amz_date: String,
    scope: String,
    /// HMAC keyed with the signing key once; copied for each URL.
    signer: Hmac<Sha256>,
}

impl Presigner {
    /// Signing like `sample`, the SDK's presigned GET of `key` in `bucket`, with `credentials` in
    /// `region` at `now`, each URL valid for `valid` seconds. `None` if `sample` is not shaped as a
    /// GET of that key is (the caller then presigns each file with the SDK).
    pub fn new(
        sample: &str,
        bucket: &str,
        key: &str,
        credentials: &Credentials,
        region: &str,
        now: i64,
        valid: u64,
    ) -> Option<Self> {
        let without_query = sample.split('?').next()?;
        let (scheme, rest) = without_query.split_once("://")?;
        let at = rest.find('/')?;
        let (host, path) = rest.split_at(at);
        let prefix = path.strip_suffix(&utf8_percent_encode(key, PATH).to_string())?;
        if !prefix.ends_with('/') || host.is_empty() {
            return None;
        }
        let time = UNIX_EPOCH + Duration::from_secs(u64::try_from(now).ok()?);
        let at = ::time::OffsetDateTime::from_unix_timestamp(now).ok()?;
        let amz_date = format!(
            "{:04}{:02}{:02}T{:02}{:02}{:02}Z",
            at.year(),
            u8::from(at.month()),
            at.day(),
            at.hour(),
            at.minute(),
            at.second()
        );
        let scope = format!("{}/{region}/s3/aws4_request", &amz_date[..8]);
        let credential = format!("{}/{scope}", credentials.access_key_id());
        let valid = valid.to_string();
        let mut amz = vec![
            ("X-Amz-Algorithm", "AWS4-HMAC-SHA256"),
            ("X-Amz-Credential", credential.as_str()),
            ("X-Amz-Date", amz_date.as_str()),
            ("X-Amz-Expires", valid.as_str()),
        ];
        if let Some(token) = credentials.session_token() {
            amz.push(("X-Amz-Security-Token", token));
        }
        amz.push(("X-Amz-SignedHeaders", "host"));
        let amz_query =
            amz.iter().map(|(name, value)| format!("{name}={}", encode(value))).collect::<Vec<_>>().join("&");
        let key = v4::generate_signing_key(credentials.secret_access_key(), time, region, "s3");
        Some(Self {
            scheme: scheme.to_owned(),
            host: host.to_owned(),
            prefix: prefix.to_owned(),
            bucket: bucket.to_owned(),
            amz_query,
            amz_date,
            scope,
            signer: Hmac::<Sha256>::new_from_slice(key.as_ref()).expect("HMAC takes keys of any length"),
        })
    }

    /// A presigned GET of `key`, S3 answering it as `delivery` says; `None` for another bucket.
    pub fn sign(&self, bucket: &str, key: &str, delivery: Delivery) -> Option<String> {
        if bucket != self.bucket {
            return None;
        }
        let path = format!("{}{}", self.prefix, utf8_percent_encode(key, PATH));
        // In canonical order: the X-Amz-… names sort before the lower-case ones.
        let query = format!(
            "{}&response-cache-control={}&response-content-type={}&x-id=GetObject",
            self.amz_query,
            encode(delivery.cache_control),
            encode(delivery.content_type)
        );
        let canonical = format!("GET\n{path}\n{query}\nhost:{}\n\nhost\nUNSIGNED-PAYLOAD", self.host);
        let to_sign =
            format!("AWS4-HMAC-SHA256\n{}\n{}\n{}", self.amz_date, self.scope, hex::encode(Sha256::digest(canonical)));
        let mut mac = self.signer.clone();
        mac.update(to_sign.as_bytes());
        let signature = hex::encode(mac.finalize().into_bytes());
        Some(format!("{}://{}{path}?{query}&X-Amz-Signature={signature}", self.scheme, self.host))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use aws_sdk_s3::config::{BehaviorVersion, Builder, Region};
    use aws_sdk_s3::presigning::PresigningConfig;
    use std::collections::BTreeMap;
    use std::time::SystemTime;

    const NOW: i64 = 1_764_620_000;
    const KEY: &str = "lectures/665f1c2a9b3e4d0012a1c001/665f1c2a9b3e4d0012a1dfff/hls/j1/master_360p_00042.ts";

    fn credentials(token: Option<&str>) -> Credentials {
        Credentials::new(
            "ASIAEXAMPLEEXAMPLE",
            "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
            token.map(Into::into),
            None,
            "t",
        )
    }

    fn client(credentials: Credentials, endpoint: Option<&str>) -> aws_sdk_s3::Client {
        let mut config = Builder::new()
            .behavior_version(BehaviorVersion::latest())
            .region(Region::new("eu-west-2"))
            .credentials_provider(credentials);
        if let Some(endpoint) = endpoint {
            config = config.endpoint_url(endpoint).force_path_style(true);
        }
        aws_sdk_s3::Client::from_conf(config.build())
    }

    async fn by_sdk(client: &aws_sdk_s3::Client, key: &str, delivery: Delivery) -> String {
        let config = PresigningConfig::builder()
            .start_time(SystemTime::UNIX_EPOCH + Duration::from_secs(NOW as u64))
            .expires_in(Duration::from_secs(10_800))
            .build()
            .unwrap();
        let get = client.get_object().bucket("academy-lectures").key(key);
        let get = get.response_content_type(delivery.content_type).response_cache_control(delivery.cache_control);
        get.presigned(config).await.unwrap().uri().to_owned()
    }

    /// A URL as S3 reads it: the path, and the query decoded.
    fn read(url: &str) -> (String, BTreeMap<String, String>) {
        let (path, query) = url.split_once('?').unwrap();
        (path.to_owned(), form_urlencoded::parse(query.as_bytes()).into_owned().collect())
    }

    #[tokio::test]
    async fn the_urls_are_the_sdk_presigners_own() {
        let token = "IQoJb3JpZ2luX2VjE+/=".repeat(20);
        for (credentials, endpoint) in [
            (credentials(Some(&token)), None),
            (credentials(None), None),
            (credentials(Some(&token)), Some("http://127.0.0.1:5000")),
        ] {
            let client = client(credentials.clone(), endpoint);
            let segment = crate::learning::lecture::Delivery::of("a.ts");
            let sample = by_sdk(&client, KEY, segment).await;
            let presigner = Presigner::new(&sample, "academy-lectures", KEY, &credentials, "eu-west-2", NOW, 10_800)
                .expect("shaped as a GET");
            for (key, delivery) in [(KEY, segment), ("lectures/b/v/captions/1.vtt", Delivery::of("captions.vtt"))] {
                let ours = presigner.sign("academy-lectures", key, delivery).unwrap();
                assert_eq!(read(&ours), read(&by_sdk(&client, key, delivery).await), "{endpoint:?}");
            }
            assert_eq!(presigner.sign("another-bucket", KEY, segment), None);
        }
    }

    #[test]
    fn a_sample_of_another_key_is_not_used() {
        let sample = "https://academy-lectures.s3.eu-west-2.amazonaws.com/lectures/other.ts?X-Amz-Signature=0";
        assert!(Presigner::new(sample, "academy-lectures", KEY, &credentials(None), "eu-west-2", NOW, 60).is_none());
    }
}

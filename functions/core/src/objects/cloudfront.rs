//! CloudFront signed URLs (a canned policy), for assignment files in AWS: CloudFront's
//! `/assignments/*` behaviour trusts one key group, reads the lectures bucket through its origin
//! access control and answers every file with `X-Content-Type-Options: nosniff` (its response
//! headers policy), which a presigned S3 GET cannot carry (docs/decisions/0042-assignments.md).
//!
//! The policy is `{"Statement":[{"Resource":URL,"Condition":{"DateLessThan":{"AWS:EpochTime":N}}}]}`
//! for the whole URL with our own query (the `response-content-*` overrides S3 answers with),
//! signed RSA PKCS#1 v1.5 with SHA-256 (`Hash-Algorithm=SHA256`), in CloudFront's URL-safe base64
//! (`+` `=` `/` as `-` `_` `~`). The key is the private half of the key group's public key, given as
//! PEM (PKCS#8 or PKCS#1) or its bare base64 DER; signing is local, no AWS call.

use aws_lc_rs::rand::SystemRandom;
use aws_lc_rs::signature::{RsaKeyPair, RSA_PKCS1_SHA256};
use base64::engine::general_purpose::STANDARD;
use base64::Engine;
use percent_encoding::{AsciiSet, NON_ALPHANUMERIC};

/// What is left as it is in a path segment or query value: the unreserved characters only, so
/// the URL a browser sends is byte for byte the one signed.
const UNRESERVED: &AsciiSet = &NON_ALPHANUMERIC.remove(b'-').remove(b'.').remove(b'_').remove(b'~');

/// `text` percent-encoded but for the unreserved characters.
pub fn encode(text: &str) -> String {
    percent_encoding::utf8_percent_encode(text, UNRESERVED).to_string()
}

/// Signs URLs with one CloudFront key: its public key's id and its private key.
pub struct CloudFrontSigner {
    key_id: String,
    key: RsaKeyPair,
}

impl std::fmt::Debug for CloudFrontSigner {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CloudFrontSigner").field("key_id", &self.key_id).finish_non_exhaustive()
    }
}

/// The DER inside PEM armour (each `-----BEGIN …-----` / `-----END …-----` marker dropped,
/// whitespace and line breaks ignored, so a PEM pasted on one line reads too), or of bare base64.
pub fn der_of(text: &str) -> Result<Vec<u8>, String> {
    let mut rest = text;
    let mut body = String::new();
    while let Some(at) = rest.find("-----") {
        body.push_str(&rest[..at]);
        let after = &rest[at + 5..];
        rest = after.find("-----").map_or("", |end| &after[end + 5..]);
    }
    body.push_str(rest);
    let body: String = body.split_whitespace().collect();
    STANDARD.decode(body.as_bytes()).map_err(|_| "is not PEM or base64".to_owned())
}

impl CloudFrontSigner {
    /// The signer of `key_id` (a CloudFront public key's id, `K…`) with its private key.
    pub fn new(key_id: &str, private_key: &str) -> Result<Self, String> {
        let key_id = key_id.trim();
        if key_id.is_empty() || !key_id.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Err("the CloudFront key id must be letters and digits (e.g. K2JCJMDEHXQW5F)".into());
        }
        let der = der_of(private_key).map_err(|why| format!("the CloudFront private key {why}"))?;
        let key = RsaKeyPair::from_pkcs8(&der)
            .or_else(|_| RsaKeyPair::from_der(&der))
            .map_err(|e| format!("the CloudFront private key is not an RSA key (PKCS#8 or PKCS#1): {e}"))?;
        Ok(Self { key_id: key_id.to_owned(), key })
    }

    /// The canned policy CloudFront checks a signed `resource` against.
    pub fn policy(resource: &str, expires: i64) -> String {
        let resource = serde_json::to_string(resource).unwrap_or_default();
        format!(
            r#"{{"Statement":[{{"Resource":{resource},"Condition":{{"DateLessThan":{{"AWS:EpochTime":{expires}}}}}}}]}}"#
        )
    }

    /// `resource` (a full URL, with any query of our own) signed until `expires` (epoch seconds).
    pub fn sign(&self, resource: &str, expires: i64) -> Result<String, String> {
        let signature = self.signature_of(&Self::policy(resource, expires))?;
        let joiner = if resource.contains('?') { '&' } else { '?' };
        Ok(format!(
            "{resource}{joiner}Expires={expires}&Signature={signature}&Key-Pair-Id={}&Hash-Algorithm=SHA256",
            self.key_id
        ))
    }

    /// The query that opens every URL `pattern` matches (CloudFront's `*` stands for any run of
    /// characters, a query included) until `expires`: a custom policy, sent in the URL
    /// (`Policy=…&Signature=…&Key-Pair-Id=…&Hash-Algorithm=SHA256`). One signature for many
    /// files, such as every segment of a rendition's folder.
    pub fn sign_pattern(&self, pattern: &str, expires: i64) -> Result<String, String> {
        let policy = Self::policy(pattern, expires);
        let signature = self.signature_of(&policy)?;
        Ok(format!(
            "Policy={}&Signature={signature}&Key-Pair-Id={}&Hash-Algorithm=SHA256",
            url_safe(STANDARD.encode(policy.as_bytes())),
            self.key_id
        ))
    }

    /// RSA PKCS#1 v1.5 over `policy` with SHA-256, in CloudFront's URL-safe base64.
    fn signature_of(&self, policy: &str) -> Result<String, String> {
        let mut signature = vec![0; self.key.public_modulus_len()];
        self.key
            .sign(&RSA_PKCS1_SHA256, &SystemRandom::new(), policy.as_bytes(), &mut signature)
            .map_err(|_| "signing the CloudFront policy failed".to_owned())?;
        Ok(url_safe(STANDARD.encode(signature)))
    }
}

/// Base64 as CloudFront takes it in a query: `+` `=` `/` as `-` `_` `~`.
fn url_safe(base64: String) -> String {
    base64
        .chars()
        .map(|c| match c {
            '+' => '-',
            '=' => '_',
            '/' => '~',
            c => c,
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use aws_lc_rs::encoding::AsDer;
    use aws_lc_rs::rsa::{KeyPair, KeySize};
    use aws_lc_rs::signature::{KeyPair as _, UnparsedPublicKey, RSA_PKCS1_2048_8192_SHA256};

    fn pem(label: &str, der: &[u8]) -> String {
        let body = STANDARD.encode(der);
        let lines: Vec<&str> = body.as_bytes().chunks(64).map(|c| std::str::from_utf8(c).unwrap()).collect();
        format!("-----BEGIN {label}-----\n{}\n-----END {label}-----\n", lines.join("\n"))
    }

    /// A fresh key pair: the private key as PKCS#8 PEM, the public key as the SPKI PEM CloudFront takes.
    fn key_pair() -> (String, String, Vec<u8>) {
        let pair = KeyPair::generate(KeySize::Rsa2048).unwrap();
        let pkcs8 = pair.as_der().unwrap();
        let spki = pair.public_key().as_der().unwrap();
        (pem("PRIVATE KEY", pkcs8.as_ref()), pem("PUBLIC KEY", spki.as_ref()), pkcs8.as_ref().to_vec())
    }

    fn signature_of(url: &str) -> Vec<u8> {
        let query = url.split_once('?').unwrap().1;
        let signature = query.split('&').find_map(|p| p.strip_prefix("Signature=")).unwrap();
        let standard: String = signature
            .chars()
            .map(|c| match c {
                '-' => '+',
                '_' => '=',
                '~' => '/',
                c => c,
            })
            .collect();
        STANDARD.decode(standard).unwrap()
    }

    #[test]
    fn a_signed_url_verifies_with_the_public_key_and_binds_its_query() {
        let (private, public, _) = key_pair();
        let signer = CloudFrontSigner::new("K2JCJMDEHXQW5F", &private).unwrap();
        let resource = format!(
            "https://academy.example/assignments/a1/f1?response-content-disposition={}&response-content-type={}",
            encode("attachment; filename=\"report.pdf\""),
            encode("application/pdf")
        );
        let url = signer.sign(&resource, 1_796_047_200).unwrap();
        let (signed, cloudfront) = url.split_at(resource.len());
        assert_eq!(signed, resource, "the resource is the URL as sent, our query first");
        let signature = signature_of(&url);
        assert!(
            cloudfront.starts_with("&Expires=1796047200&Signature=")
                && cloudfront.ends_with("&Key-Pair-Id=K2JCJMDEHXQW5F&Hash-Algorithm=SHA256"),
            "{cloudfront}"
        );
        let value = cloudfront.split("&Signature=").nth(1).unwrap().split('&').next().unwrap();
        assert!(!value.contains(['+', '=', '/']), "URL-safe: {value}");
        // Verified with the public key as an operator uploads it (SPKI PEM)
        let spki = der_of(&public).unwrap();
        let public = UnparsedPublicKey::new(&RSA_PKCS1_2048_8192_SHA256, &spki);
        let policy = CloudFrontSigner::policy(&resource, 1_796_047_200);
        assert_eq!(
            policy,
            format!(
                r#"{{"Statement":[{{"Resource":"{resource}","Condition":{{"DateLessThan":{{"AWS:EpochTime":1796047200}}}}}}]}}"#
            )
        );
        public.verify(policy.as_bytes(), &signature).expect("the signature verifies");
        // Another disposition, another file or another expiry is not what was signed
        let inline = resource.replace("attachment", "inline");
        assert!(public.verify(CloudFrontSigner::policy(&inline, 1_796_047_200).as_bytes(), &signature).is_err());
        let other = resource.replace("/f1?", "/f2?");
        assert!(public.verify(CloudFrontSigner::policy(&other, 1_796_047_200).as_bytes(), &signature).is_err());
        assert!(public.verify(CloudFrontSigner::policy(&resource, 1_796_047_201).as_bytes(), &signature).is_err());
        // ...and another key's public half does not verify it
        let (_, stranger, _) = key_pair();
        let stranger = der_of(&stranger).unwrap();
        let stranger = UnparsedPublicKey::new(&RSA_PKCS1_2048_8192_SHA256, &stranger);
        assert!(stranger.verify(policy.as_bytes(), &signature).is_err());
    }

    /// What CloudFront reads back from a query: the base64 of `name`, URL-safe undone.
    fn decoded(query: &str, name: &str) -> Vec<u8> {
        let value = query.split('&').find_map(|p| p.strip_prefix(name).and_then(|p| p.strip_prefix('='))).unwrap();
        let standard: String = value
            .chars()
            .map(|c| match c {
                '-' => '+',
                '_' => '=',
                '~' => '/',
                c => c,
            })
            .collect();
        STANDARD.decode(standard).unwrap()
    }

    #[test]
    fn a_pattern_is_one_custom_policy_that_verifies_with_the_public_key() {
        let (private, public, _) = key_pair();
        let signer = CloudFrontSigner::new("K2JCJMDEHXQW5F", &private).unwrap();
        let pattern = "https://academy.example/lectures/b1/v1/hls/j1/360p/*";
        let query = signer.sign_pattern(pattern, 1_796_047_200).unwrap();
        assert!(query.starts_with("Policy=") && query.ends_with("&Key-Pair-Id=K2JCJMDEHXQW5F&Hash-Algorithm=SHA256"));
        for name in ["Policy=", "Signature="] {
            let value = query.split('&').find_map(|p| p.strip_prefix(name)).unwrap();
            assert!(!value.contains(['+', '=', '/']), "URL-safe: {name}{value}");
        }
        let policy = decoded(&query, "Policy");
        assert_eq!(
            String::from_utf8(policy.clone()).unwrap(),
            format!(
                r#"{{"Statement":[{{"Resource":"{pattern}","Condition":{{"DateLessThan":{{"AWS:EpochTime":1796047200}}}}}}]}}"#
            )
        );
        let spki = der_of(&public).unwrap();
        let public = UnparsedPublicKey::new(&RSA_PKCS1_2048_8192_SHA256, &spki);
        public.verify(&policy, &decoded(&query, "Signature")).expect("the signature verifies");
        // The same query for every file: one signature, however many segments
        assert_eq!(signer.sign_pattern(pattern, 1_796_047_200).unwrap().len(), query.len());
        // Another folder or expiry is not what was signed
        let other = pattern.replace("360p", "720p");
        let signature = decoded(&query, "Signature");
        assert!(public.verify(CloudFrontSigner::policy(&other, 1_796_047_200).as_bytes(), &signature).is_err());
        assert!(public.verify(CloudFrontSigner::policy(pattern, 1_796_047_201).as_bytes(), &signature).is_err());
    }

    #[test]
    fn the_private_key_may_be_pkcs8_or_pkcs1_pem_on_lines_or_one_line_or_bare_base64() {
        let (private, public, pkcs8) = key_pair();
        // PKCS#8 for RSA: SEQUENCE { version, AlgorithmIdentifier (15 bytes), OCTET STRING { RSAPrivateKey } }
        assert_eq!((&pkcs8[..2], &pkcs8[4..7], &pkcs8[22..24]), (&[0x30, 0x82][..], &[2, 1, 0][..], &[0x04, 0x82][..]));
        let pkcs1 = pem("RSA PRIVATE KEY", &pkcs8[26..]);
        let one_line = private.replace('\n', " ");
        let bare = STANDARD.encode(&pkcs8);
        let spki = der_of(&public).unwrap();
        let public = UnparsedPublicKey::new(&RSA_PKCS1_2048_8192_SHA256, &spki);
        for (what, key) in [("PKCS#8", &private), ("PKCS#1", &pkcs1), ("one line", &one_line), ("bare", &bare)] {
            let signer = CloudFrontSigner::new("KTEST", key).unwrap_or_else(|e| panic!("{what}: {e}"));
            let url = signer.sign("https://academy.example/assignments/a/f", 10).unwrap();
            assert!(url.starts_with("https://academy.example/assignments/a/f?Expires=10&"), "{what}: {url}");
            let policy = CloudFrontSigner::policy("https://academy.example/assignments/a/f", 10);
            public.verify(policy.as_bytes(), &signature_of(&url)).unwrap_or_else(|_| panic!("{what}"));
        }
        for (key, why) in [
            ("not a key", "not PEM or base64"),
            ("-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----", "not an RSA key"),
        ] {
            assert!(CloudFrontSigner::new("KTEST", key).unwrap_err().contains(why), "{key}");
        }
        assert!(CloudFrontSigner::new("K 1", &private).unwrap_err().contains("key id"));
        assert!(CloudFrontSigner::new("", &private).unwrap_err().contains("key id"));
    }

    #[test]
    fn queries_are_encoded_but_for_unreserved_characters() {
        assert_eq!(encode("attachment; filename=\"a b.pdf\""), "attachment%3B%20filename%3D%22a%20b.pdf%22");
        assert_eq!(encode("UTF-8''x*~"), "UTF-8%27%27x%2A~");
    }
}

//! The one way the product signs its own links (lecture links, local upload parts): HMAC-SHA256
//! (RustCrypto's `hmac`) over a text that names what the link opens, as unpadded base64url,
//! checked in constant time.

use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine};
use hmac::{Hmac, Mac};
use sha2::Sha256;

/// Shortest accepted signing key, in bytes.
pub const MIN_KEY_BYTES: usize = 32;

fn mac(key: &[u8], text: &str) -> Hmac<Sha256> {
    let mut mac = Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes keys of any length");
    mac.update(text.as_bytes());
    mac
}

/// The signature of `text` under `key`.
pub fn sign(key: &[u8], text: &str) -> String {
    Signer::new(key).sign(text)
}

/// One key, made ready once, for signing many texts with it (the links of a playlist): HMAC's
/// keyed state is computed once and copied for each text, instead of hashing the key again each time.
#[derive(Clone)]
pub struct Signer(Hmac<Sha256>);

impl Signer {
    pub fn new(key: &[u8]) -> Self {
        Self(Hmac::<Sha256>::new_from_slice(key).expect("HMAC takes keys of any length"))
    }

    /// The signature of `text`, as `sign` makes it.
    pub fn sign(&self, text: &str) -> String {
        let mut signature = String::with_capacity(43);
        self.sign_into(text, &mut signature);
        signature
    }

    /// `sign`'s signature, written at the end of `out` (a link being put together).
    pub fn sign_into(&self, text: &str, out: &mut String) {
        let mut mac = self.0.clone();
        mac.update(text.as_bytes());
        URL_SAFE_NO_PAD.encode_string(mac.finalize().into_bytes(), out);
    }
}

/// Whether `signature` is `text`'s under `key` (anything that is not base64url is not).
pub fn verify(key: &[u8], text: &str, signature: &str) -> bool {
    URL_SAFE_NO_PAD.decode(signature).is_ok_and(|bytes| mac(key, text).verify_slice(&bytes).is_ok())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_signature_holds_for_its_own_text_and_key_only() {
        let key = [7u8; MIN_KEY_BYTES];
        let signed = sign(&key, "a\nb");
        assert!(verify(&key, "a\nb", &signed));
        assert!(!verify(&key, "a\nc", &signed));
        assert!(!verify(&[8u8; MIN_KEY_BYTES], "a\nb", &signed));
        assert!(!verify(&key, "a\nb", "not base64!"));
        assert!(!signed.contains('='), "unpadded");
        let signer = Signer::new(&key);
        assert_eq!((signer.sign("a\nb"), signer.sign("a\nc")), (signed, sign(&key, "a\nc")), "the same, reused");
    }
}

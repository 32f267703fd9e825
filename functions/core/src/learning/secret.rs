//! Secret IDs for recorded lectures: 192 random bits, URL-safe, shown once; only the SHA-256
//! hash is ever stored, so a leaked table or log reveals no working key.

use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine};
use rand::RngCore;

/// A new Secret ID: 24 random bytes as 32 URL-safe base64 characters.
pub fn generate() -> String {
    let mut bytes = [0u8; 24];
    rand::rng().fill_bytes(&mut bytes);
    URL_SAFE_NO_PAD.encode(bytes)
}

/// The stored form of a Secret ID: lowercase hex SHA-256 of its trimmed text.
pub fn hash(secret: &str) -> String {
    crate::ids::digest(secret.trim())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_secrets_are_url_safe_and_long_enough() {
        let s = generate();
        assert_eq!(s.len(), 32);
        assert!(s.chars().all(|c| c.is_ascii_alphanumeric() || c == '-' || c == '_'));
        assert_ne!(s, generate());
    }

    #[test]
    fn hash_ignores_surrounding_whitespace_and_is_hex() {
        let h = hash("abc");
        assert_eq!(h, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
        assert_eq!(hash("  abc\n"), h);
    }
}

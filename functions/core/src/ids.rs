//! Record ids: 24 lowercase hex characters, the id format of the product's course and batch links
//! (`/course-outline/{courseId}`, `/batches/{courseId}`, `/recorded-lectures/{batchId}`; see
//! docs/product.md#records), so links already shared keep working. A malformed id is rejected
//! before any store call. Also the digest that stands in for a text that must not be stored (a
//! Secret ID, an e-mail address in a limit's key).

use rand::RngCore;
use sha2::{Digest, Sha256};

pub const ID_LEN: usize = 24;

/// True when `s` is exactly 24 lowercase hexadecimal characters.
pub fn is_valid(s: &str) -> bool {
    s.len() == ID_LEN && s.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// A lecture's number in its batch, as a path gives it: a whole number from 1.
pub fn lecture_number(s: &str) -> Option<u32> {
    s.parse().ok().filter(|n| *n > 0)
}

/// The lowercase hex SHA-256 of `text`.
pub fn digest(text: &str) -> String {
    hex::encode(Sha256::digest(text.as_bytes()))
}

/// A fresh random id (96 bits).
pub fn generate() -> String {
    let mut bytes = [0u8; ID_LEN / 2];
    rand::rng().fill_bytes(&mut bytes);
    hex::encode(bytes)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accepts_only_24_lowercase_hex() {
        assert!(is_valid("665f1c2a9b3e4d0012a1b001"));
        assert!(!is_valid("665F1C2A9B3E4D0012A1B001"), "uppercase");
        assert!(!is_valid("665f1c2a9b3e4d0012a1b00"), "23 chars");
        assert!(!is_valid("665f1c2a9b3e4d0012a1b0011"), "25 chars");
        assert!(!is_valid("665f1c2a9b3e4d0012a1b00g"), "non-hex");
        assert!(!is_valid(""));
    }

    #[test]
    fn generated_ids_are_valid_and_distinct() {
        let (a, b) = (generate(), generate());
        assert!(is_valid(&a) && is_valid(&b));
        assert_ne!(a, b);
    }
}

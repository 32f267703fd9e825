//! Certificate ids: 80 bits from the operating system's random source, written in Crockford's
//! base32 (no I, L, O or U, so nothing reads as another character) as four groups of four after
//! the institute's prefix: `SKY-7K3Q-9WXD-M2PA-4TRE`. Easy to read out and type, too many to guess.

use rand::rngs::OsRng;
use rand::TryRngCore;

pub const PREFIX: &str = "SKY";
/// Crockford's base32 alphabet.
const ALPHABET: &[u8; 32] = b"0123456789ABCDEFGHJKMNPQRSTVWXYZ";
const GROUPS: usize = 4;
const GROUP_LEN: usize = 4;
/// `SKY-` and four groups of four with their hyphens.
pub const ID_LEN: usize = PREFIX.len() + GROUPS * (GROUP_LEN + 1);

/// An id as a regular expression (`is_valid`), for the contract.
pub const ID_PATTERN: &str = "^SKY(-[0-9A-HJKMNP-TV-Z]{4}){4}$";

/// A fresh id: 16 characters of 5 bits each from 10 random bytes.
pub fn generate() -> Result<String, String> {
    let mut bytes = [0u8; 10];
    OsRng.try_fill_bytes(&mut bytes).map_err(|e| format!("the system's random source failed: {e}"))?;
    let bits = bytes.iter().fold(0u128, |acc, b| (acc << 8) | u128::from(*b));
    let mut id = String::with_capacity(ID_LEN);
    id.push_str(PREFIX);
    for i in 0..GROUPS * GROUP_LEN {
        if i % GROUP_LEN == 0 {
            id.push('-');
        }
        let shift = 5 * (GROUPS * GROUP_LEN - 1 - i);
        id.push(ALPHABET[((bits >> shift) & 31) as usize] as char);
    }
    Ok(id)
}

/// Exactly an id as `generate` writes it (uppercase, hyphens in place).
pub fn is_valid(id: &str) -> bool {
    let Some(rest) = id.strip_prefix(PREFIX) else { return false };
    rest.len() == GROUPS * (GROUP_LEN + 1)
        && rest
            .as_bytes()
            .chunks(GROUP_LEN + 1)
            .all(|group| group[0] == b'-' && group[1..].iter().all(|c| ALPHABET.contains(c)))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_ids_are_valid_distinct_and_use_every_character() {
        let ids: Vec<String> = (0..500).map(|_| generate().unwrap()).collect();
        assert!(ids.iter().all(|id| is_valid(id) && id.len() == ID_LEN), "{ids:?}");
        let distinct: std::collections::BTreeSet<&String> = ids.iter().collect();
        assert_eq!(distinct.len(), ids.len());
        let used: std::collections::BTreeSet<char> = ids.iter().flat_map(|id| id[4..].chars()).collect();
        assert_eq!(used.len(), 33, "32 characters and the hyphen: {used:?}");
    }

    #[test]
    fn anything_else_is_refused() {
        assert!(is_valid("SKY-7K3Q-9WXD-M2PA-4TRE"));
        for bad in [
            "",
            "SKY-7K3Q-9WXD-M2PA",
            "SKY-7K3Q-9WXD-M2PA-4TRE-",
            "sky-7k3q-9wxd-m2pa-4tre",
            "SKY-7K3Q-9WXD-M2PA-4TRI",
            "SKY-7K3Q-9WXD-M2PA-4TRL",
            "SKY-7K3Q-9WXD-M2PA-4TRO",
            "SKY-7K3Q-9WXD-M2PA-4TRU",
            "SKY_7K3Q-9WXD-M2PA-4TRE",
            "ABC-7K3Q-9WXD-M2PA-4TRE",
            "SKY-7K3Q9-WXD-M2PA-4TRE",
            "SKY-7K3Q-9WXD-M2PA-4TRÉ",
        ] {
            assert!(!is_valid(bad), "{bad}");
        }
        let pattern = regex::Regex::new(ID_PATTERN).unwrap();
        assert!(pattern.is_match("SKY-7K3Q-9WXD-M2PA-4TRE") && !pattern.is_match("SKY-7K3Q-9WXD-M2PA-4TRU"));
    }
}

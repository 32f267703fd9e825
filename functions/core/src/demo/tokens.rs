//! The signed links a visitor manages a booking with, without signing in: the booking's id, an
//! expiry and the link's version, signed with `crate::signature` under the demo key. A token is
//! `{expiry}.{signature}` (version 0, a booking's first link) or `{expiry}.{version}.{signature}`,
//! and lasts until the class's end; a changed id, expiry, version or signature is refused. Each
//! move gives the booking a new version (`DemoBooking::link`), which replaces the links before it.

use crate::signature;

/// The key demo links are signed with (at least `signature::MIN_KEY_BYTES`).
#[derive(Clone)]
pub struct DemoKey(Vec<u8>);

impl std::fmt::Debug for DemoKey {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("DemoKey(…)")
    }
}

impl DemoKey {
    pub fn new(bytes: Vec<u8>) -> Result<Self, String> {
        if bytes.len() < signature::MIN_KEY_BYTES {
            return Err(format!("the demo key must have at least {} bytes", signature::MIN_KEY_BYTES));
        }
        Ok(Self(bytes))
    }

    /// A fresh random key (a local server without `ACADEMY_DEMO_KEY`: links last until it stops).
    pub fn random() -> Self {
        use rand::RngCore;
        let mut bytes = vec![0u8; signature::MIN_KEY_BYTES];
        rand::rng().fill_bytes(&mut bytes);
        Self(bytes)
    }
}

/// The longest token accepted (an expiry and a 43-character signature fit well within).
pub const MAX_TOKEN_CHARS: usize = 128;

fn signed_text(booking_id: &str, expires_at: i64, version: u32) -> String {
    match version {
        0 => format!("demo-booking\n{booking_id}\n{expires_at}"),
        _ => format!("demo-booking\n{booking_id}\n{expires_at}\n{version}"),
    }
}

/// The token for version `version` of `booking_id`'s link, working until `expires_at` (epoch seconds).
pub fn issue(key: &DemoKey, booking_id: &str, expires_at: i64, version: u32) -> String {
    let mac = signature::sign(&key.0, &signed_text(booking_id, expires_at, version));
    match version {
        0 => format!("{expires_at}.{mac}"),
        _ => format!("{expires_at}.{version}.{mac}"),
    }
}

/// Why a token does not open a booking.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// Not one we signed for this booking.
    Invalid,
    /// Ours, but its time is over.
    Expired,
}

/// Whether `token` opens `booking_id` at `now`: the version of the link it is.
pub fn check(key: &DemoKey, booking_id: &str, token: &str, now: i64) -> Result<u32, Refusal> {
    if token.len() > MAX_TOKEN_CHARS {
        return Err(Refusal::Invalid);
    }
    let (expiry, rest) = token.split_once('.').ok_or(Refusal::Invalid)?;
    let (version, mac) = match rest.split_once('.') {
        Some((version, mac)) => (version.parse::<u32>().ok().filter(|v| *v > 0 && v.to_string() == version), mac),
        None => (Some(0), rest),
    };
    let version = version.ok_or(Refusal::Invalid)?;
    let expires_at: i64 = expiry.parse().map_err(|_| Refusal::Invalid)?;
    if expiry != expires_at.to_string()
        || !signature::verify(&key.0, &signed_text(booking_id, expires_at, version), mac)
    {
        return Err(Refusal::Invalid);
    }
    if now >= expires_at {
        return Err(Refusal::Expired);
    }
    Ok(version)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_token_opens_its_own_booking_until_it_expires() {
        let key = DemoKey::random();
        let token = issue(&key, "b1", 1_000, 0);
        assert_eq!(check(&key, "b1", &token, 999), Ok(0));
        assert_eq!(check(&key, "b1", &token, 1_000), Err(Refusal::Expired));
        assert_eq!(check(&key, "b2", &token, 10), Err(Refusal::Invalid));
        assert_eq!(check(&DemoKey::random(), "b1", &token, 10), Err(Refusal::Invalid));
        let (_, mac) = token.split_once('.').unwrap();
        assert_eq!(check(&key, "b1", &format!("2000.{mac}"), 10), Err(Refusal::Invalid), "a longer expiry");
        assert_eq!(check(&key, "b1", &format!("+1000.{mac}"), 10), Err(Refusal::Invalid), "another spelling");
        assert_eq!(check(&key, "b1", "", 10), Err(Refusal::Invalid));
    }

    #[test]
    fn a_tokens_version_is_signed() {
        let key = DemoKey::random();
        let second = issue(&key, "b1", 1_000, 2);
        assert_eq!(check(&key, "b1", &second, 10), Ok(2));
        let (expiry, rest) = second.split_once('.').unwrap();
        let (_, mac) = rest.split_once('.').unwrap();
        for forged in [
            format!("{expiry}.3.{mac}"),
            format!("{expiry}.02.{mac}"),
            format!("{expiry}.0.{mac}"),
            format!("{expiry}.{mac}"),
        ] {
            assert_eq!(check(&key, "b1", &forged, 10), Err(Refusal::Invalid), "{forged}");
        }
    }
}

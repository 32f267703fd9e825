//! Whole numbers in request bodies as JSON may spell them (`7` or `7.0`: the contract's integers
//! are JSON Schema's, which counts `7.0` as an integer), for `#[serde(deserialize_with = …)]`.
//! A fraction, a negative number or one too large is refused with the body's usual 400.

use serde::de::Error;
use serde::{Deserialize, Deserializer};

/// A whole number from 0 to `u64::MAX`.
pub fn u64<'de, D: Deserializer<'de>>(d: D) -> Result<u64, D::Error> {
    let n = serde_json::Number::deserialize(d)?;
    let fraction_free = |f: &f64| f.fract() == 0.0 && *f >= 0.0 && *f < u64::MAX as f64;
    n.as_u64()
        .or_else(|| n.as_f64().filter(fraction_free).map(|f| f as u64))
        .ok_or_else(|| D::Error::custom("expected a whole number"))
}

/// A whole number from 0 to `u32::MAX`.
pub fn u32<'de, D: Deserializer<'de>>(d: D) -> Result<u32, D::Error> {
    u32::try_from(u64(d)?).map_err(|_| D::Error::custom("the number is too large"))
}

/// A whole number, or `null` (with `#[serde(default)]`, absent too): `None`.
pub fn some_u32<'de, D: Deserializer<'de>>(d: D) -> Result<Option<u32>, D::Error> {
    #[derive(Deserialize)]
    struct Whole(#[serde(deserialize_with = "u32")] u32);
    Ok(Option::<Whole>::deserialize(d)?.map(|w| w.0))
}

/// A field to change (with `#[serde(default)]`): absent is `None` (leave it), `null` is
/// `Some(None)` (clear it), a number is `Some(Some(n))`.
pub fn present_u32<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Option<u32>>, D::Error> {
    some_u32(d).map(Some)
}

#[cfg(test)]
mod tests {
    use serde::Deserialize;

    #[derive(Debug, Deserialize)]
    struct Body {
        #[serde(deserialize_with = "super::u64")]
        size: u64,
        #[serde(default, deserialize_with = "super::present_u32")]
        recording: Option<Option<u32>>,
    }

    fn parse(text: &str) -> Result<Body, serde_json::Error> {
        serde_json::from_str(text)
    }

    #[test]
    fn whole_numbers_may_be_spelled_as_json_decimals() {
        assert_eq!(parse(r#"{"size": 7.0}"#).unwrap().size, 7);
        assert_eq!(parse(r#"{"size": 7}"#).unwrap().recording, None);
        assert_eq!(parse(r#"{"size": 7, "recording": null}"#).unwrap().recording, Some(None));
        assert_eq!(parse(r#"{"size": 7, "recording": 3.0}"#).unwrap().recording, Some(Some(3)));
        assert!(parse(r#"{"size": 7.5}"#).is_err());
        assert!(parse(r#"{"size": -1}"#).is_err());
        assert!(parse(r#"{"size": 7, "recording": 4294967296}"#).is_err());
    }
}

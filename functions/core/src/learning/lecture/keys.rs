//! The HMAC keys lecture links are signed with, by key id, so a key can be rotated: links name
//! the key that signed them, new links use the `current` one, and an old key stays readable until
//! its links have expired.
//!
//! In AWS the keys live in Secrets Manager (`ACADEMY_LECTURE_KEY_SECRET`), as JSON
//! `{"current": "k2", "k1": "…", "k2": "…"}`; they are read on first use and read again when a
//! link names a key this container has not seen (at most once a minute). Locally
//! `ACADEMY_LECTURE_KEY` gives one key (id `local`); without it each server start makes a random
//! one, so links from an earlier run simply ask the player for fresh ones.

use rand::RngCore;
use std::collections::BTreeMap;
use std::sync::Arc;
use tokio::sync::RwLock;

pub use crate::signature::MIN_KEY_BYTES;
/// How often an unknown key id may trigger a fresh read of the secret.
const RELOAD_AFTER_SECS: i64 = 60;

#[derive(Clone, PartialEq, Eq)]
pub struct LectureKeys {
    current: String,
    keys: BTreeMap<String, Vec<u8>>,
}

impl std::fmt::Debug for LectureKeys {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("LectureKeys").field("current", &self.current).field("ids", &self.keys.keys()).finish()
    }
}

impl LectureKeys {
    /// One key under `id`.
    pub fn single(id: &str, key: &[u8]) -> Result<Self, String> {
        if key.len() < MIN_KEY_BYTES {
            return Err(format!("a lecture key must be at least {MIN_KEY_BYTES} bytes"));
        }
        Ok(Self { current: id.into(), keys: BTreeMap::from([(id.into(), key.to_vec())]) })
    }

    /// A random key, for a local server without `ACADEMY_LECTURE_KEY`.
    pub fn random() -> Self {
        let mut key = [0u8; 32];
        rand::rng().fill_bytes(&mut key);
        Self::single("local", &key).expect("32 bytes is long enough")
    }

    /// The secret's JSON: `current` names the signing key; every other string field is a key.
    pub fn from_json(text: &str) -> Result<Self, String> {
        let fields: BTreeMap<String, serde_json::Value> =
            serde_json::from_str(text).map_err(|_| "the lecture key secret must be a JSON object".to_owned())?;
        let current =
            fields.get("current").and_then(|v| v.as_str()).ok_or("the lecture key secret names no current key")?;
        let mut keys = BTreeMap::new();
        for (id, value) in &fields {
            if id == "current" {
                continue;
            }
            let key = value.as_str().ok_or_else(|| format!("lecture key {id} is not a string"))?;
            if key.len() < MIN_KEY_BYTES {
                return Err(format!("lecture key {id} is shorter than {MIN_KEY_BYTES} bytes"));
            }
            keys.insert(id.clone(), key.as_bytes().to_vec());
        }
        if !keys.contains_key(current) {
            return Err(format!("the current lecture key {current} is not in the secret"));
        }
        Ok(Self { current: current.to_owned(), keys })
    }

    /// The id and bytes of the key new links are signed with.
    pub fn current(&self) -> (&str, &[u8]) {
        (&self.current, &self.keys[&self.current])
    }

    pub fn get(&self, id: &str) -> Option<&[u8]> {
        self.keys.get(id).map(Vec::as_slice)
    }
}

/// Where the keys come from.
pub enum KeySource {
    Fixed(Arc<LectureKeys>),
    Secret { secrets: aws_sdk_secretsmanager::Client, secret_id: String, cache: RwLock<Option<Cached>> },
}

pub struct Cached {
    keys: Arc<LectureKeys>,
    read_at: i64,
}

impl KeySource {
    pub fn fixed(keys: LectureKeys) -> Self {
        Self::Fixed(Arc::new(keys))
    }

    pub fn secret(secrets: aws_sdk_secretsmanager::Client, secret_id: &str) -> Self {
        Self::Secret { secrets, secret_id: secret_id.into(), cache: RwLock::new(None) }
    }

    /// Local keys: `ACADEMY_LECTURE_KEY` (one key, id `local`), else a random one.
    pub fn local(key: Option<&str>) -> Result<Self, String> {
        match key.filter(|k| !k.trim().is_empty()) {
            Some(key) => Ok(Self::fixed(LectureKeys::single("local", key.trim().as_bytes())?)),
            None => Ok(Self::fixed(LectureKeys::random())),
        }
    }

    /// The keys as last read, reading them first if needed.
    pub async fn keys(&self, now: i64) -> Result<Arc<LectureKeys>, String> {
        match self {
            Self::Fixed(keys) => Ok(keys.clone()),
            Self::Secret { cache, .. } => {
                if let Some(cached) = cache.read().await.as_ref() {
                    return Ok(cached.keys.clone());
                }
                self.reload(now).await
            }
        }
    }

    /// The key `id`, reading the secret again if it is unknown and was not read a moment ago
    /// (a key added by a rotation reaches warm containers this way).
    pub async fn key(&self, id: &str, now: i64) -> Result<Option<Vec<u8>>, String> {
        let keys = self.keys(now).await?;
        if let Some(key) = keys.get(id) {
            return Ok(Some(key.to_vec()));
        }
        let Self::Secret { cache, .. } = self else { return Ok(None) };
        let stale = cache.read().await.as_ref().is_none_or(|c| now - c.read_at >= RELOAD_AFTER_SECS);
        if !stale {
            return Ok(None);
        }
        Ok(self.reload(now).await?.get(id).map(<[u8]>::to_vec))
    }

    async fn reload(&self, now: i64) -> Result<Arc<LectureKeys>, String> {
        let Self::Secret { secrets, secret_id, cache } = self else { unreachable!("only a secret is reloaded") };
        let value = secrets.get_secret_value().secret_id(secret_id).send().await.map_err(|e| {
            format!("reading secret {secret_id}: {}", aws_sdk_secretsmanager::error::DisplayErrorContext(e))
        })?;
        let keys = Arc::new(LectureKeys::from_json(value.secret_string().unwrap_or_default())?);
        *cache.write().await = Some(Cached { keys: keys.clone(), read_at: now });
        Ok(keys)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LONG: &str = "0123456789abcdef0123456789abcdef";

    #[test]
    fn reads_the_secrets_json() {
        let keys = LectureKeys::from_json(&format!(r#"{{"current":"k2","k1":"{LONG}","k2":"{LONG}x"}}"#)).unwrap();
        assert_eq!(keys.current().0, "k2");
        assert_eq!(keys.get("k1"), Some(LONG.as_bytes()));
        assert_eq!(keys.get("k3"), None);
    }

    #[test]
    fn refuses_short_missing_or_malformed_keys() {
        for bad in [
            "not json".to_owned(),
            format!(r#"{{"k1":"{LONG}"}}"#),
            format!(r#"{{"current":"k2","k1":"{LONG}"}}"#),
            r#"{"current":"k1","k1":"short"}"#.to_owned(),
            r#"{"current":"k1","k1":7}"#.to_owned(),
        ] {
            assert!(LectureKeys::from_json(&bad).is_err(), "{bad}");
        }
        assert!(LectureKeys::single("x", b"short").is_err());
    }

    #[test]
    fn random_keys_differ_and_do_not_print() {
        let (a, b) = (LectureKeys::random(), LectureKeys::random());
        assert_ne!(a, b);
        assert!(!format!("{a:?}").contains(&format!("{:?}", a.current().1)));
    }
}

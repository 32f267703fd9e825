//! Signed lecture links: `/lecture/{batchId}/{lectureNumber}[/{file}]?grant=…&expires=…&key=…&signature=…`.
//! The signature is HMAC-SHA256 (RustCrypto's `hmac`, compared in constant time) over the batch,
//! the lecture, the file (empty for a lecture's one stored file; a playlist, segment, poster or
//! captions path of an HLS recording otherwise), the grant (the stored hash of the Secret ID, never
//! the Secret ID itself) and the expiry, so a link opens one file of one lecture of one batch for
//! one grant until it expires.
//!
//! A media playlist's segments are signed once for their folder instead (`FileSigner::folder`:
//! `…&scope=360p%2F&signature=…`, over the batch, lecture, folder, grant and expiry, told apart
//! from a file's by its first line): each opens any segment, init segment or other file of that
//! rendition's folder for that grant until it expires, never a playlist, so the links of one
//! playlist share one query (docs/decisions/0047-one-signature-a-playlist.md).

use super::keys::KeySource;
use crate::http::query_param;
use crate::signature;
use lambda_http::Request;

/// How long a fresh link may start playing, unless `ACADEMY_LECTURE_LINK_SECONDS` says otherwise.
pub const DEFAULT_LINK_SECS: i64 = 15 * 60;

/// The path every lecture link starts with.
pub const LECTURE_PATH: &str = "/lecture";

/// Makes and checks lecture links.
pub struct LectureLinks {
    keys: KeySource,
    lifetime_secs: i64,
}

/// A link's query: what it was signed for, and the signature.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LinkParams {
    pub grant: String,
    pub expires: i64,
    pub key: String,
    pub signature: String,
    /// The folder a folder link opens (`360p/`); none: the link opens its own file.
    pub scope: Option<String>,
}

impl LinkParams {
    /// The link's parameters; `None` if any is missing or malformed.
    pub fn from_request(req: &Request) -> Option<Self> {
        Some(Self {
            grant: query_param(req, "grant")?,
            expires: query_param(req, "expires")?.parse().ok()?,
            key: query_param(req, "key")?,
            signature: query_param(req, "signature")?,
            scope: query_param(req, "scope"),
        })
    }
}

/// Signs links with one key: `LectureLinks::signer`.
pub struct FileSigner {
    key_id: String,
    signer: signature::Signer,
}

impl FileSigner {
    /// As `LectureLinks::sign_file`. Put together in one string: a playlist makes 1,800 of them.
    pub fn sign_file(&self, batch_id: &str, lecture: u32, file: &str, grant: &str, expires: i64) -> String {
        use std::fmt::Write;
        let mut link = String::with_capacity(128 + file.len() + grant.len());
        let _ = write!(link, "{LECTURE_PATH}/{batch_id}/{lecture}");
        if !file.is_empty() {
            link.push('/');
            link.push_str(file);
        }
        link.push_str("?grant=");
        link.extend(form_urlencoded::byte_serialize(grant.as_bytes()));
        let _ = write!(link, "&expires={expires}&key=");
        link.extend(form_urlencoded::byte_serialize(self.key_id.as_bytes()));
        // base64url needs no escaping in a query.
        link.push_str("&signature=");
        self.signer.sign_into(&signed_text(batch_id, lecture, file, grant, expires), &mut link);
        link
    }

    /// The links to the files whose paths start with `folder` (a rendition's folder `360p/`, or its
    /// files' shared start `master_360p_`) of a lecture for the holder of `grant` until `expires`:
    /// one signature for all of them.
    pub fn folder(&self, batch_id: &str, lecture: u32, folder: &str, grant: &str, expires: i64) -> FolderLinks {
        use std::fmt::Write;
        let mut query = String::from("?grant=");
        query.extend(form_urlencoded::byte_serialize(grant.as_bytes()));
        let _ = write!(query, "&expires={expires}&key=");
        query.extend(form_urlencoded::byte_serialize(self.key_id.as_bytes()));
        query.push_str("&scope=");
        query.extend(form_urlencoded::byte_serialize(folder.as_bytes()));
        query.push_str("&signature=");
        self.signer.sign_into(&folder_text(batch_id, lecture, folder, grant, expires), &mut query);
        FolderLinks { base: format!("{LECTURE_PATH}/{batch_id}/{lecture}/"), folder: folder.to_owned(), query }
    }
}

/// Links to one folder's files that share one signature (`FileSigner::folder`).
pub struct FolderLinks {
    base: String,
    folder: String,
    query: String,
}

impl FolderLinks {
    /// The link to `file` (a path under the recording's renditions folder); `None` when it is not
    /// in this folder or is a playlist (a playlist's grant is checked again on each fetch).
    pub fn link(&self, file: &str) -> Option<String> {
        (in_folder(file, &self.folder)).then(|| format!("{}{file}{}", self.base, self.query))
    }
}

/// Whether a folder link for `scope` opens `file`: a file whose path starts with it (not the scope
/// itself), never a playlist. `scope` is a rung's folder (`360p/`) or the start of its files' names
/// (`master_360p_`).
fn in_folder(file: &str, scope: &str) -> bool {
    !scope.is_empty()
        && !scope.starts_with('/')
        && file.len() > scope.len()
        && file.starts_with(scope)
        && !file.ends_with(".m3u8")
}

/// Why a link was refused.
#[derive(Debug, PartialEq, Eq)]
pub enum LinkRefused {
    Expired,
    /// Unknown key, wrong signature, or a link for another batch, lecture or grant.
    Forged,
    /// The keys could not be read: nobody's fault, try again.
    KeysUnavailable(String),
}

fn signed_text(batch_id: &str, lecture: u32, file: &str, grant: &str, expires: i64) -> String {
    format!("academy-lecture\n{batch_id}\n{lecture}\n{file}\n{grant}\n{expires}")
}

/// What a folder link signs: its own first line, so no file link's signature is also a folder's.
fn folder_text(batch_id: &str, lecture: u32, folder: &str, grant: &str, expires: i64) -> String {
    format!("academy-lecture-folder\n{batch_id}\n{lecture}\n{folder}\n{grant}\n{expires}")
}

impl LectureLinks {
    pub fn new(keys: KeySource, lifetime_secs: i64) -> Self {
        Self { keys, lifetime_secs }
    }

    /// The link lifetime as `ACADEMY_LECTURE_LINK_SECONDS` gives it (default 15 minutes).
    pub fn lifetime(setting: Option<&str>) -> Result<i64, String> {
        match setting {
            None => Ok(DEFAULT_LINK_SECS),
            Some(text) => text
                .trim()
                .parse::<i64>()
                .ok()
                .filter(|secs| (1..=24 * 60 * 60).contains(secs))
                .ok_or_else(|| format!("ACADEMY_LECTURE_LINK_SECONDS must be 1 to 86400, not {text:?}")),
        }
    }

    /// A link to one lecture for the holder of `grant`, valid from `now` for the lifetime.
    pub async fn sign(&self, batch_id: &str, lecture: u32, grant: &str, now: i64) -> Result<String, String> {
        self.sign_file(batch_id, lecture, "", grant, now, now + self.lifetime_secs).await
    }

    /// A link to `file` of an HLS lecture (a path under its renditions' folder, such as
    /// `master.m3u8` or `360p/seg_00001.m4s`; empty: the lecture's one stored file), valid until
    /// `expires`. `file` is a path of URL-safe names (`playlist::resolve` makes them).
    pub async fn sign_file(
        &self,
        batch_id: &str,
        lecture: u32,
        file: &str,
        grant: &str,
        now: i64,
        expires: i64,
    ) -> Result<String, String> {
        Ok(self.signer(now).await?.sign_file(batch_id, lecture, file, grant, expires))
    }

    /// The current key, made ready to sign many links (a playlist's): the keys read and HMAC keyed
    /// once, not once a link.
    pub async fn signer(&self, now: i64) -> Result<FileSigner, String> {
        let keys = self.keys.keys(now).await?;
        let (key_id, key) = keys.current();
        Ok(FileSigner { key_id: key_id.to_owned(), signer: signature::Signer::new(key) })
    }

    /// How long a link from `sign` lives.
    pub fn lifetime_secs(&self) -> i64 {
        self.lifetime_secs
    }

    /// Whether `params` is a link this service signed for this batch, lecture and file (empty: the
    /// lecture's one stored file), still valid at `now`.
    pub async fn check(
        &self,
        batch_id: &str,
        lecture: u32,
        file: &str,
        params: &LinkParams,
        now: i64,
    ) -> Result<(), LinkRefused> {
        let key = self.keys.key(&params.key, now).await.map_err(LinkRefused::KeysUnavailable)?;
        let Some(key) = key else { return Err(LinkRefused::Forged) };
        let text = match &params.scope {
            None => signed_text(batch_id, lecture, file, &params.grant, params.expires),
            Some(folder) if in_folder(file, folder) => {
                folder_text(batch_id, lecture, folder, &params.grant, params.expires)
            }
            Some(_) => return Err(LinkRefused::Forged),
        };
        if !signature::verify(&key, &text, &params.signature) {
            return Err(LinkRefused::Forged);
        }
        if params.expires <= now {
            return Err(LinkRefused::Expired);
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::learning::lecture::LectureKeys;

    const BATCH: &str = "665f1c2a9b3e4d0012a1c001";
    const GRANT: &str = "ab12";
    const NOW: i64 = 1_800_000_000;

    fn links() -> LectureLinks {
        LectureLinks::new(KeySource::fixed(LectureKeys::random()), 900)
    }

    fn params_of(link: &str) -> LinkParams {
        let query = link.split_once('?').unwrap().1;
        let get =
            |name: &str| form_urlencoded::parse(query.as_bytes()).find(|(k, _)| k == name).unwrap().1.into_owned();
        LinkParams {
            grant: get("grant"),
            expires: get("expires").parse().unwrap(),
            key: get("key"),
            signature: get("signature"),
            scope: form_urlencoded::parse(query.as_bytes()).find(|(k, _)| k == "scope").map(|(_, v)| v.into_owned()),
        }
    }

    fn flip_first(text: &str) -> String {
        let first = if text.starts_with('A') { "B" } else { "A" };
        format!("{first}{}", &text[1..])
    }

    #[tokio::test]
    async fn a_link_opens_its_own_lecture_until_it_expires() {
        let links = links();
        let link = links.sign(BATCH, 3, GRANT, NOW).await.unwrap();
        assert!(
            link.starts_with(&format!("/lecture/{BATCH}/3?grant={GRANT}&expires={}&key=local&signature=", NOW + 900))
        );
        let params = params_of(&link);
        assert_eq!(links.check(BATCH, 3, "", &params, NOW + 899).await, Ok(()));
        assert_eq!(links.check(BATCH, 3, "", &params, NOW + 900).await, Err(LinkRefused::Expired));
    }

    #[tokio::test]
    async fn any_change_breaks_the_signature() {
        let links = links();
        let params = params_of(&links.sign(BATCH, 3, GRANT, NOW).await.unwrap());
        assert_eq!(links.check(BATCH, 4, "", &params, NOW).await, Err(LinkRefused::Forged));
        assert_eq!(links.check("665f1c2a9b3e4d0012a1c002", 3, "", &params, NOW).await, Err(LinkRefused::Forged));
        let tampered = [
            LinkParams { grant: "ab13".into(), ..params.clone() },
            LinkParams { expires: params.expires + 3600, ..params.clone() },
            LinkParams { key: "k9".into(), ..params.clone() },
            LinkParams { signature: flip_first(&params.signature), ..params.clone() },
            LinkParams { signature: "not base64!".into(), ..params.clone() },
        ];
        for changed in tampered {
            assert_eq!(links.check(BATCH, 3, "", &changed, NOW).await, Err(LinkRefused::Forged), "{changed:?}");
        }
        let other_key = LectureLinks::new(KeySource::fixed(LectureKeys::random()), 900);
        assert_eq!(other_key.check(BATCH, 3, "", &params, NOW).await, Err(LinkRefused::Forged));
    }

    #[tokio::test]
    async fn a_link_is_its_parameters_form_encoded() {
        let links = LectureLinks::new(KeySource::fixed(LectureKeys::single("k 1+", &[7; 32]).unwrap()), 900);
        let link = links.sign_file(BATCH, 3, "a/b.ts", "g+h", NOW, NOW + 60).await.unwrap();
        let query = form_urlencoded::Serializer::new(String::new())
            .append_pair("grant", "g+h")
            .append_pair("expires", &(NOW + 60).to_string())
            .append_pair("key", "k 1+")
            .append_pair("signature", &signature::sign(&[7; 32], &signed_text(BATCH, 3, "a/b.ts", "g+h", NOW + 60)))
            .finish();
        assert_eq!(link, format!("/lecture/{BATCH}/3/a/b.ts?{query}"));
        assert_eq!(params_of(&link).key, "k 1+");
    }

    #[tokio::test]
    async fn a_file_link_opens_that_file_only() {
        let links = links();
        let link = links.sign_file(BATCH, 3, "360p/seg_001.m4s", GRANT, NOW, NOW + 60).await.unwrap();
        assert!(link.starts_with(&format!("/lecture/{BATCH}/3/360p/seg_001.m4s?grant={GRANT}&expires={}", NOW + 60)));
        let params = params_of(&link);
        assert_eq!(links.check(BATCH, 3, "360p/seg_001.m4s", &params, NOW).await, Ok(()));
        for other in ["360p/seg_002.m4s", "720p/seg_001.m4s", "master.m3u8", ""] {
            assert_eq!(links.check(BATCH, 3, other, &params, NOW).await, Err(LinkRefused::Forged), "{other}");
        }
        assert_eq!(links.check(BATCH, 3, "360p/seg_001.m4s", &params, NOW + 60).await, Err(LinkRefused::Expired));
    }

    #[tokio::test]
    async fn a_folder_link_opens_the_files_of_its_folder_only() {
        let links = links();
        let signer = links.signer(NOW).await.unwrap();
        let folder = signer.folder(BATCH, 3, "360p/", GRANT, NOW + 60);
        let one = folder.link("360p/seg_001.m4s").unwrap();
        let two = folder.link("360p/init.mp4").unwrap();
        let query = format!("?grant={GRANT}&expires={}&key=local&scope=360p%2F&signature=", NOW + 60);
        assert!(one.starts_with(&format!("/lecture/{BATCH}/3/360p/seg_001.m4s{query}")), "{one}");
        assert_eq!(one.split_once('?').unwrap().1, two.split_once('?').unwrap().1, "one signature for the folder");
        for (file, link) in [("360p/seg_001.m4s", &one), ("360p/init.mp4", &two)] {
            assert_eq!(links.check(BATCH, 3, file, &params_of(link), NOW).await, Ok(()), "{file}");
        }
        let params = params_of(&one);
        // Any segment of that folder, until it expires; nothing else
        assert_eq!(links.check(BATCH, 3, "360p/seg_999.m4s", &params, NOW).await, Ok(()));
        assert_eq!(links.check(BATCH, 3, "360p/seg_001.m4s", &params, NOW + 60).await, Err(LinkRefused::Expired));
        for other in ["720p/seg_001.m4s", "360p/index.m3u8", "master.m3u8", "poster.jpg", "360p/", ""] {
            assert_eq!(links.check(BATCH, 3, other, &params, NOW).await, Err(LinkRefused::Forged), "{other}");
        }
        assert_eq!(links.check(BATCH, 4, "360p/seg_001.m4s", &params, NOW).await, Err(LinkRefused::Forged));
        let tampered = [
            LinkParams { scope: Some("720p/".into()), ..params.clone() },
            LinkParams { scope: Some("".into()), ..params.clone() },
            LinkParams { scope: None, ..params.clone() },
            LinkParams { grant: "ab13".into(), ..params.clone() },
            LinkParams { expires: params.expires + 3600, ..params.clone() },
        ];
        for changed in tampered {
            let file = match changed.scope.as_deref() {
                Some("720p/") => "720p/seg_001.m4s",
                _ => "360p/seg_001.m4s",
            };
            assert_eq!(links.check(BATCH, 3, file, &changed, NOW).await, Err(LinkRefused::Forged), "{changed:?}");
        }
        // A file link's signature is not a folder's: widening one to its folder fails
        let file_link = links.sign_file(BATCH, 3, "360p/", GRANT, NOW, NOW + 60).await.unwrap();
        let widened = LinkParams { scope: Some("360p/".into()), ..params_of(&file_link) };
        assert_eq!(links.check(BATCH, 3, "360p/seg_001.m4s", &widened, NOW).await, Err(LinkRefused::Forged));
        assert_eq!(folder.link("360p/index.m3u8"), None);
        assert_eq!(folder.link("720p/seg_001.m4s"), None);
        // MediaConvert's names: one folder for every rung, the rung in the name
        let rung = signer.folder(BATCH, 3, "master_360p_", GRANT, NOW + 60);
        let params = params_of(&rung.link("master_360p_00001.ts").unwrap());
        assert_eq!(links.check(BATCH, 3, "master_360p_01800.ts", &params, NOW).await, Ok(()));
        for other in ["master_540p_00001.ts", "master_360p.m3u8", "master.m3u8", "master_360p_"] {
            assert_eq!(links.check(BATCH, 3, other, &params, NOW).await, Err(LinkRefused::Forged), "{other}");
        }
    }
}

//! The objects kit: files a browser sends straight to storage in parts, as lecture recordings go
//! (docs/decisions/0032-uploads-in-parts.md), and hands out again through short-lived links that
//! download them. One trait (`Objects`) with its S3 and folder versions (`platform::objects`),
//! the bodies an upload's routes take and answer, the checks on what the browser declares, the
//! type decided by a file's content once it arrived (`content`), and CloudFront signed URLs
//! (`cloudfront`: one file's, or a folder's by one custom policy). Each feature keeps its own key
//! layout under its own prefix (`assignments/{id}/…`, `payment-receipts/…`).

pub mod cloudfront;
pub mod content;

use crate::http::error::ApiError;
use async_trait::async_trait;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The largest file: 25 MB.
pub const MAX_FILE_BYTES: u64 = 25_000_000;

pub const MAX_FILE_NAME_CHARS: usize = 255;

/// A file's own name: no folder, no control characters, something besides spaces.
pub const FILE_NAME_PATTERN: &str = "^[^/\\\\\\x00-\\x1f\\x7f]*[^/\\\\\\x00-\\x20\\x7f][^/\\\\\\x00-\\x1f\\x7f]*$";

/// A media type as a browser names it (`type/subtype`, no parameters).
pub const CONTENT_TYPE_PATTERN: &str =
    "^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}$";

/// Where files sent through the API are kept: S3 in AWS (the lectures bucket, each feature under
/// its own prefix), the lecture folder locally; uploaded in parts as lecture recordings are.
#[async_trait]
pub trait Objects: Send + Sync {
    /// The part size for a file of `size` bytes.
    fn part_size(&self, size: u64) -> u64;
    /// Opens an upload to `key`: its id.
    async fn start(&self, key: &str, part_size: u64) -> Result<String, ApiError>;
    /// URLs for parts 1 to `count`.
    async fn part_urls(&self, key: &str, upload_id: &str, count: u32) -> Result<Vec<UploadPart>, ApiError>;
    /// Joins the parts named (number, ETag; every part, in order) into the object at `key`.
    async fn complete(&self, key: &str, upload_id: &str, parts: &[(u32, String)]) -> Result<(), ApiError>;
    /// The stored object's size and its first `max` bytes; `None` when there is none.
    async fn head(&self, key: &str, max: usize) -> Result<Option<(u64, Vec<u8>)>, ApiError>;
    /// Removes the object (nothing happens when there is none).
    async fn delete(&self, key: &str) -> Result<(), ApiError>;
    /// A link that downloads the object as `file_name` (`Content-Disposition: attachment`,
    /// `content_type`, `X-Content-Type-Options: nosniff` where the store can say it) until `expires`.
    async fn download_url(
        &self,
        key: &str,
        file_name: &str,
        content_type: &str,
        expires: i64,
    ) -> Result<String, ApiError>;
}

/// Where the browser PUTs one part.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct UploadPart {
    pub number: u32,
    pub url: String,
}

/// `POST …/files` and `POST …/attachments` body: the file about to be sent.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct NewFile {
    /// The file's own name, no folder.
    #[schema(
        min_length = 1,
        max_length = 255,
        pattern = "^[^/\\\\\\x00-\\x1f\\x7f]*[^/\\\\\\x00-\\x20\\x7f][^/\\\\\\x00-\\x1f\\x7f]*$"
    )]
    pub file_name: String,
    /// Bytes, 1 to 25,000,000.
    #[serde(deserialize_with = "crate::http::whole::u64")]
    #[schema(minimum = 1, maximum = 25000000)]
    pub size: u64,
    /// What the browser says it is (the server decides by the content).
    #[schema(
        max_length = 255,
        pattern = "^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]{0,126}$"
    )]
    pub content_type: String,
}

/// An upload begun: its file's id and where to PUT each part.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FileUpload {
    pub file_id: String,
    /// Every part but the last has exactly this many bytes.
    pub part_size: u64,
    pub parts: Vec<UploadPart>,
}

/// A part stored, as its PUT's `ETag` header named it.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct FilePart {
    #[serde(deserialize_with = "crate::http::whole::u32")]
    #[schema(minimum = 1, maximum = 10000)]
    pub number: u32,
    #[schema(min_length = 1, max_length = 256, pattern = "\\S")]
    pub etag: String,
}

/// `POST …/files/{fileId}/complete` body: every part, numbered from 1, with its ETag.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct FileDone {
    #[schema(min_items = 1, max_items = 10)]
    pub parts: Vec<FilePart>,
}

/// A file name as typed: 1 to 255 characters, no folder, no control characters.
pub fn checked_file_name(name: &str) -> Result<String, ApiError> {
    let allowed = |c: char| c >= ' ' && c != '\x7f' && c != '/' && c != '\\';
    let sane =
        name.chars().count() <= MAX_FILE_NAME_CHARS && name.chars().all(allowed) && name.chars().any(|c| c != ' ');
    sane.then(|| name.to_owned()).ok_or_else(|| {
        ApiError::BadRequest("The file name must be the file's own name (at most 255 characters, no folder).".into())
    })
}

/// A declared media type: `type/subtype` of token characters, no parameters (`CONTENT_TYPE_PATTERN`).
pub fn checked_content_type(content_type: &str) -> Result<(), ApiError> {
    let token = |t: &str| {
        let mut chars = t.chars();
        chars.next().is_some_and(|c| c.is_ascii_alphanumeric())
            && t.len() <= 127
            && t.chars().all(|c| c.is_ascii_alphanumeric() || "!#$&^_.+-".contains(c))
    };
    match content_type.split_once('/') {
        Some((kind, sub)) if token(kind) && token(sub) => Ok(()),
        _ => Err(ApiError::BadRequest("The contentType must be a media type such as application/pdf.".into())),
    }
}

/// The declared size: 1 byte to `max_bytes`.
pub fn checked_size(size: u64, max_bytes: u64) -> Result<u64, ApiError> {
    if size == 0 {
        return Err(ApiError::BadRequest("The file is empty.".into()));
    }
    if size > max_bytes {
        return Err(ApiError::BadRequest(too_large(max_bytes)));
    }
    Ok(size)
}

/// What a completed upload turned out to be: its type, decided by its content.
pub struct Arrived {
    pub content_type: &'static str,
}

/// Completes the upload `upload_id` of `declared` bytes in parts of `part_size` to `key` with the
/// parts `done` names (every part, in order from 1), then reads the object back: it is kept only
/// if it has the bytes declared, at most `max_bytes`, and its content is one of `allowed`'s types
/// (by `content::sniff`; `None`: any type `sniff` accepts), refused otherwise with `allowed`'s
/// sentence. Refused, the object is removed and the answer is a 400 on `file` saying why.
pub async fn finish(
    storage: &dyn Objects,
    (key, upload_id): (&str, &str),
    (declared, part_size): (u64, u64),
    done: &FileDone,
    max_bytes: u64,
    allowed: Option<(&[&str], &str)>,
) -> Result<Arrived, ApiError> {
    let count = declared.div_ceil(part_size).max(1) as usize;
    let in_order = done.parts.iter().enumerate().all(|(i, p)| p.number as usize == i + 1);
    if done.parts.len() != count || !in_order {
        return Err(ApiError::Conflict(format!("This upload has {count} parts: name them all, in order from 1.")));
    }
    let parts: Vec<(u32, String)> = done.parts.iter().map(|p| (p.number, p.etag.trim().to_owned())).collect();
    storage.complete(key, upload_id, &parts).await?;
    let Some((size, head)) = storage.head(key, content::SNIFF_BYTES).await? else {
        return Err(ApiError::Conflict("The file did not arrive: upload it again.".into()));
    };
    let verdict = if size > max_bytes {
        Err(too_large(max_bytes))
    } else if size != declared {
        Err(format!("The file has {size} bytes, not the {declared} declared: upload it again."))
    } else {
        let kind = content::sniff(&head, size as usize <= head.len());
        match (kind, allowed) {
            (Ok(kind), Some((types, _))) if types.contains(&kind) => Ok(kind),
            (_, Some((_, sentence))) => Err(sentence.to_owned()),
            (kind, None) => kind,
        }
    };
    match verdict {
        Ok(content_type) => Ok(Arrived { content_type }),
        Err(why) => {
            storage.delete(key).await?;
            Err(ApiError::Invalid { fields: [("file".to_owned(), why)].into_iter().collect() })
        }
    }
}

/// "A file may be at most 25 MB."
pub fn too_large(max_bytes: u64) -> String {
    format!("A file may be at most {} MB.", max_bytes / 1_000_000)
}

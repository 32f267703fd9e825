//! A lecture's recording goes from the browser to storage in parts, never through a function
//! (docs/decisions/0032-uploads-in-parts.md). In AWS: an S3 multipart upload, the browser PUTting
//! each part to a presigned UploadPart URL; locally: part files under the lecture folder's
//! `.uploads/{uploadId}/`, PUT to `academy serve`'s own `/upload/{uploadId}/{partNumber}` route
//! (signed like lecture links), joined in order on completion. Both answer each part with its
//! ETag (the MD5 of its bytes, in quotes), and both list the parts already stored, so a browser
//! resumes an interrupted upload by sending only the missing ones.

use crate::domain::parse_s3_url;
use crate::http::error::ApiError;
use crate::signature::{self, MIN_KEY_BYTES};
use crate::{ids, time};
use async_trait::async_trait;
use aws_sdk_s3::presigning::PresigningConfig;
use lambda_http::http::{header, StatusCode};
use lambda_http::{Body, Response};
use md5::{Digest, Md5};
use std::path::{Component, Path, PathBuf};
use std::time::Duration;

const MIB: u64 = 1024 * 1024;
/// The most parts one upload may have (S3's limit).
pub const MAX_PARTS: u64 = 10_000;
/// The smallest part in AWS: fewer, larger parts than S3's 5 MiB minimum, so a long recording
/// needs few requests, and a lost part costs little to send again.
pub const S3_MIN_PART: u64 = 16 * MIB;
/// The smallest part a local server may be told to use (`ACADEMY_UPLOAD_PART_BYTES`).
pub const LOCAL_MIN_PART: u64 = 64 * 1024;
/// How long a part URL works: long enough to send a large recording on a slow link.
pub const PART_URL_SECS: u64 = 6 * 60 * 60;
/// The path local part URLs start with (`academy serve` answers it; no Lambda does).
pub const LOCAL_PART_PATH: &str = "/upload";

/// The part size for a file of `size` bytes: at least `floor`, and large enough that the file
/// fits in `MAX_PARTS` parts (rounded up to a whole MiB).
pub fn part_size(size: u64, floor: u64) -> u64 {
    let needed = size.div_ceil(MAX_PARTS);
    if needed <= floor {
        floor
    } else {
        needed.div_ceil(MIB) * MIB
    }
}

/// How many parts a file of `size` bytes takes at `part_size`.
pub fn part_count(size: u64, part_size: u64) -> u32 {
    size.div_ceil(part_size).max(1) as u32
}

/// A part already stored, by its number and ETag (as S3 quotes it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredPart {
    pub number: u32,
    pub etag: String,
}

/// Where the browser PUTs one part.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PartTarget {
    pub number: u32,
    pub url: String,
}

#[derive(Debug, thiserror::Error)]
pub enum UploadError {
    /// The upload was completed or aborted, or never existed.
    #[error("this upload is no longer open")]
    Gone,
    /// The parts named do not make the file (a missing part, a wrong ETag, a part too small).
    #[error("{0}")]
    Refused(String),
    #[error("lecture storage failed: {0}")]
    Failed(String),
}

impl From<UploadError> for ApiError {
    fn from(error: UploadError) -> Self {
        match error {
            UploadError::Gone => ApiError::Conflict("This upload is no longer open: start the upload again.".into()),
            // The parts stored are not the parts named: what is stored decides.
            UploadError::Refused(why) => ApiError::Conflict(why),
            UploadError::Failed(why) => {
                tracing::error!(error = %why, "lecture storage");
                ApiError::Unavailable
            }
        }
    }
}

pub type Result<T> = std::result::Result<T, UploadError>;

/// Where lecture recordings, captions and every other file of a lecture are written. Keys are
/// the storage layout's (`media::lecture_folder` and beside); stored files are named by the
/// `s3://` URL `location` gives.
#[async_trait]
pub trait LectureUploads: Send + Sync {
    /// The part size for a file of `size` bytes.
    fn part_size(&self, size: u64) -> u64;

    /// The stored name of `key` (`s3://bucket/key`).
    fn location(&self, key: &str) -> String;

    /// Opens an upload to `key`; its id.
    async fn start(&self, key: &str, content_type: &str, part_size: u64) -> Result<String>;

    /// Fresh URLs for parts 1 to `count`.
    async fn part_urls(&self, key: &str, upload_id: &str, count: u32) -> Result<Vec<PartTarget>>;

    /// The parts stored so far, by number.
    async fn stored_parts(&self, key: &str, upload_id: &str) -> Result<Vec<StoredPart>>;

    /// Joins `parts` (every part, in order) into the object at `key` and closes the upload.
    async fn complete(&self, key: &str, upload_id: &str, parts: &[StoredPart]) -> Result<()>;

    /// Closes the upload and drops its parts (nothing happens if it is already closed).
    async fn abort(&self, key: &str, upload_id: &str) -> Result<()>;

    /// Removes every file under `folder` (a key prefix ending in `/`).
    async fn delete_folder(&self, folder: &str) -> Result<()>;

    /// Writes captions (WebVTT) at `key`.
    async fn put_captions(&self, key: &str, text: &str) -> Result<()>;
}

/// The key of a stored `s3://` name, or a refusal that it is not one of ours.
pub fn key_of(location: &str) -> Result<&str> {
    parse_s3_url(location)
        .map(|(_, key)| key)
        .ok_or_else(|| UploadError::Failed(format!("not a stored file: {location}")))
}

// AWS

/// In AWS: an S3 multipart upload to the lectures bucket.
pub struct S3Uploads {
    client: aws_sdk_s3::Client,
    bucket: String,
}

impl S3Uploads {
    pub fn new(client: aws_sdk_s3::Client, bucket: &str) -> Self {
        Self { client, bucket: bucket.into() }
    }
}

/// A stored object's size and its first bytes, a download link and a removal: what the
/// assignments' files need beyond an upload (`platform::objects`).
impl S3Uploads {
    /// The object's size and its first `max` bytes; `None` when there is no object at `key`.
    pub async fn head_object(&self, key: &str, max: usize) -> Result<Option<(u64, Vec<u8>)>> {
        let head = self.client.head_object().bucket(&self.bucket).key(key).send().await;
        let size = match head {
            Ok(head) => head.content_length().unwrap_or(0).max(0) as u64,
            Err(e) if e.as_service_error().is_some_and(|e| e.is_not_found()) => return Ok(None),
            Err(e) => return Err(s3_failed("HeadObject", e)),
        };
        if size == 0 || max == 0 {
            return Ok(Some((size, Vec::new())));
        }
        let range = format!("bytes=0-{}", (max as u64).min(size) - 1);
        let object = self
            .client
            .get_object()
            .bucket(&self.bucket)
            .key(key)
            .range(range)
            .send()
            .await
            .map_err(|e| s3_failed("GetObject", e))?;
        let bytes = object.body.collect().await.map_err(|e| UploadError::Failed(format!("reading {key}: {e}")))?;
        let mut bytes = bytes.into_bytes().to_vec();
        bytes.truncate(max);
        Ok(Some((size, bytes)))
    }

    pub async fn delete_object(&self, key: &str) -> Result<()> {
        self.client
            .delete_object()
            .bucket(&self.bucket)
            .key(key)
            .send()
            .await
            .map_err(|e| s3_failed("DeleteObject", e))?;
        Ok(())
    }

    /// A presigned GET of `key` answered with `content_type`, `disposition` and no caching, valid for `valid`.
    pub async fn download_link(
        &self,
        key: &str,
        content_type: &str,
        disposition: &str,
        valid: Duration,
    ) -> Result<String> {
        let lifetime = PresigningConfig::expires_in(valid).map_err(|e| UploadError::Failed(e.to_string()))?;
        let signed = self
            .client
            .get_object()
            .bucket(&self.bucket)
            .key(key)
            .response_content_type(content_type)
            .response_content_disposition(disposition)
            .response_cache_control("private, no-store")
            .presigned(lifetime)
            .await
            .map_err(|e| s3_failed("presigning GetObject", e))?;
        Ok(signed.uri().to_owned())
    }
}

fn s3_failed<E: std::error::Error + Send + Sync + 'static>(
    what: &str,
    error: aws_sdk_s3::error::SdkError<E, aws_sdk_s3::config::http::HttpResponse>,
) -> UploadError {
    UploadError::Failed(format!("{what}: {}", aws_sdk_s3::error::DisplayErrorContext(error)))
}

/// The S3 error code of a failed call, if S3 answered one.
fn s3_code<E: aws_sdk_s3::error::ProvideErrorMetadata>(
    error: &aws_sdk_s3::error::SdkError<E, aws_sdk_s3::config::http::HttpResponse>,
) -> Option<String> {
    error.as_service_error().and_then(|e| e.code()).map(str::to_owned)
}

#[async_trait]
impl LectureUploads for S3Uploads {
    fn part_size(&self, size: u64) -> u64 {
        part_size(size, S3_MIN_PART)
    }

    fn location(&self, key: &str) -> String {
        format!("s3://{}/{key}", self.bucket)
    }

    async fn start(&self, key: &str, content_type: &str, _part_size: u64) -> Result<String> {
        let created = self
            .client
            .create_multipart_upload()
            .bucket(&self.bucket)
            .key(key)
            .content_type(content_type)
            .send()
            .await
            .map_err(|e| s3_failed("CreateMultipartUpload", e))?;
        created.upload_id().map(str::to_owned).ok_or_else(|| UploadError::Failed("no upload id".into()))
    }

    async fn part_urls(&self, key: &str, upload_id: &str, count: u32) -> Result<Vec<PartTarget>> {
        let lifetime = PresigningConfig::expires_in(Duration::from_secs(PART_URL_SECS))
            .map_err(|e| UploadError::Failed(e.to_string()))?;
        let mut targets = Vec::with_capacity(count as usize);
        for number in 1..=count {
            let signed = self
                .client
                .upload_part()
                .bucket(&self.bucket)
                .key(key)
                .upload_id(upload_id)
                .part_number(number as i32)
                .presigned(lifetime.clone())
                .await
                .map_err(|e| s3_failed("presigning UploadPart", e))?;
            targets.push(PartTarget { number, url: signed.uri().to_owned() });
        }
        Ok(targets)
    }

    async fn stored_parts(&self, key: &str, upload_id: &str) -> Result<Vec<StoredPart>> {
        let mut parts = Vec::new();
        let mut marker: Option<String> = None;
        loop {
            let listed = self
                .client
                .list_parts()
                .bucket(&self.bucket)
                .key(key)
                .upload_id(upload_id)
                .set_part_number_marker(marker.clone())
                .send()
                .await;
            let listed = match listed {
                Ok(listed) => listed,
                Err(e) if s3_code(&e).as_deref() == Some("NoSuchUpload") => return Err(UploadError::Gone),
                Err(e) => return Err(s3_failed("ListParts", e)),
            };
            for part in listed.parts() {
                if let (Some(number), Some(etag)) = (part.part_number(), part.e_tag()) {
                    parts.push(StoredPart { number: number as u32, etag: etag.to_owned() });
                }
            }
            marker = listed.next_part_number_marker().map(str::to_owned);
            if !listed.is_truncated().unwrap_or(false) || marker.is_none() {
                break;
            }
        }
        parts.sort_by_key(|p| p.number);
        Ok(parts)
    }

    async fn complete(&self, key: &str, upload_id: &str, parts: &[StoredPart]) -> Result<()> {
        use aws_sdk_s3::types::{CompletedMultipartUpload, CompletedPart};
        let completed = CompletedMultipartUpload::builder()
            .set_parts(Some(
                parts
                    .iter()
                    .map(|p| CompletedPart::builder().part_number(p.number as i32).e_tag(&p.etag).build())
                    .collect(),
            ))
            .build();
        let done = self
            .client
            .complete_multipart_upload()
            .bucket(&self.bucket)
            .key(key)
            .upload_id(upload_id)
            .multipart_upload(completed)
            .send()
            .await;
        match done {
            Ok(_) => Ok(()),
            Err(e) => match s3_code(&e).as_deref() {
                Some("NoSuchUpload") => Err(UploadError::Gone),
                Some("InvalidPart" | "InvalidPartOrder" | "EntityTooSmall" | "MalformedXML") => Err(
                    UploadError::Refused("The parts named are not the parts stored: send the missing parts.".into()),
                ),
                _ => Err(s3_failed("CompleteMultipartUpload", e)),
            },
        }
    }

    async fn abort(&self, key: &str, upload_id: &str) -> Result<()> {
        let aborted =
            self.client.abort_multipart_upload().bucket(&self.bucket).key(key).upload_id(upload_id).send().await;
        match aborted {
            Ok(_) => Ok(()),
            Err(e) if s3_code(&e).as_deref() == Some("NoSuchUpload") => Ok(()),
            Err(e) => Err(s3_failed("AbortMultipartUpload", e)),
        }
    }

    async fn delete_folder(&self, folder: &str) -> Result<()> {
        use aws_sdk_s3::types::{Delete, ObjectIdentifier};
        let mut token: Option<String> = None;
        loop {
            let listed = self
                .client
                .list_objects_v2()
                .bucket(&self.bucket)
                .prefix(folder)
                .set_continuation_token(token.clone())
                .send()
                .await
                .map_err(|e| s3_failed("ListObjectsV2", e))?;
            let keys: Vec<ObjectIdentifier> = listed
                .contents()
                .iter()
                .filter_map(|o| o.key())
                .filter_map(|k| ObjectIdentifier::builder().key(k).build().ok())
                .collect();
            if !keys.is_empty() {
                let delete = Delete::builder()
                    .set_objects(Some(keys))
                    .quiet(true)
                    .build()
                    .map_err(|e| UploadError::Failed(e.to_string()))?;
                let deleted = self
                    .client
                    .delete_objects()
                    .bucket(&self.bucket)
                    .delete(delete)
                    .send()
                    .await
                    .map_err(|e| s3_failed("DeleteObjects", e))?;
                if let Some(error) = deleted.errors().first() {
                    return Err(UploadError::Failed(format!(
                        "DeleteObjects left {}: {}",
                        error.key().unwrap_or_default(),
                        error.message().unwrap_or_default()
                    )));
                }
            }
            token = listed.next_continuation_token().map(str::to_owned);
            if token.is_none() {
                return Ok(());
            }
        }
    }

    async fn put_captions(&self, key: &str, text: &str) -> Result<()> {
        self.client
            .put_object()
            .bucket(&self.bucket)
            .key(key)
            .content_type("text/vtt; charset=utf-8")
            .body(text.as_bytes().to_vec().into())
            .send()
            .await
            .map_err(|e| s3_failed("PutObject", e))?;
        Ok(())
    }
}

// Locally

/// The bucket name local files carry (ignored: a key is a path under the lecture folder).
pub const LOCAL_BUCKET: &str = "local";

/// Locally: files under the lecture folder (`ACADEMY_LECTURES`), an upload's parts under
/// `.uploads/{uploadId}/` there until it completes.
pub struct FolderUploads {
    root: PathBuf,
    key: Vec<u8>,
    part_floor: u64,
}

/// The id part URLs name their key by (one key locally, as lecture links have).
const KEY_ID: &str = "local";

/// What a local upload remembers beside its parts.
#[derive(serde::Serialize, serde::Deserialize)]
struct LocalUpload {
    key: String,
    part_size: u64,
}

fn io_failed(what: &str, path: &Path, error: std::io::Error) -> UploadError {
    UploadError::Failed(format!("{what} {}: {error}", path.display()))
}

fn signed_text(upload_id: &str, part: u32, expires: i64) -> String {
    format!("academy-upload\n{upload_id}\n{part}\n{expires}")
}

fn part_refused(why: &str) -> ApiError {
    ApiError::Forbidden(why.into())
}

impl FolderUploads {
    /// Files under `root`; part URLs signed with `key` (the lecture key, `ACADEMY_LECTURE_KEY`;
    /// none: a random one, so part URLs of an earlier run are refused and the console asks for
    /// fresh ones); parts of at least `part_floor` bytes (`ACADEMY_UPLOAD_PART_BYTES`; none:
    /// AWS's size; never under `LOCAL_MIN_PART`).
    pub fn new(
        root: impl Into<PathBuf>,
        key: Option<&str>,
        part_floor: Option<u64>,
    ) -> std::result::Result<Self, String> {
        let key = match key.map(str::trim).filter(|k| !k.is_empty()) {
            Some(key) if key.len() < MIN_KEY_BYTES => {
                return Err(format!("a lecture key must be at least {MIN_KEY_BYTES} bytes"))
            }
            Some(key) => key.as_bytes().to_vec(),
            None => {
                let mut random = vec![0u8; MIN_KEY_BYTES];
                rand::RngCore::fill_bytes(&mut rand::rng(), &mut random);
                random
            }
        };
        let part_floor = part_floor.unwrap_or(S3_MIN_PART).max(LOCAL_MIN_PART);
        Ok(Self { root: root.into(), key, part_floor })
    }

    /// `ACADEMY_UPLOAD_PART_BYTES` as a number of bytes, at least `LOCAL_MIN_PART`.
    pub fn part_floor(setting: Option<&str>) -> std::result::Result<Option<u64>, String> {
        let Some(text) = setting else { return Ok(None) };
        text.trim()
            .parse::<u64>()
            .ok()
            .filter(|bytes| (LOCAL_MIN_PART..=S3_MIN_PART).contains(bytes))
            .map(Some)
            .ok_or_else(|| format!("ACADEMY_UPLOAD_PART_BYTES must be {LOCAL_MIN_PART} to {S3_MIN_PART}, not {text:?}"))
    }

    /// The path of `key`, if it is a plain relative path (no `..`, no root).
    fn path_of(&self, key: &str) -> Result<PathBuf> {
        let relative = Path::new(key);
        let plain = !key.is_empty() && relative.components().all(|c| matches!(c, Component::Normal(_)));
        plain.then(|| self.root.join(relative)).ok_or_else(|| UploadError::Failed(format!("not a plain key: {key}")))
    }

    /// The folder of an upload's parts (its id is 24 hex characters: nothing else is a path here).
    fn parts_dir(&self, upload_id: &str) -> Option<PathBuf> {
        ids::is_valid(upload_id).then(|| self.root.join(".uploads").join(upload_id))
    }

    async fn open_upload(&self, upload_id: &str) -> Result<(PathBuf, LocalUpload)> {
        let dir = self.parts_dir(upload_id).ok_or(UploadError::Gone)?;
        let text = tokio::fs::read_to_string(dir.join("upload.json")).await.map_err(|_| UploadError::Gone)?;
        let upload =
            serde_json::from_str(&text).map_err(|e| UploadError::Failed(format!("upload {upload_id}: {e}")))?;
        Ok((dir, upload))
    }

    /// Checks a part URL's signature; the most bytes the part may carry.
    pub async fn admit_part(
        &self,
        upload_id: &str,
        part: &str,
        query: Option<&str>,
    ) -> std::result::Result<u64, ApiError> {
        let number = part.parse::<u32>().ok().filter(|n| (1..=MAX_PARTS as u32).contains(n));
        let Some(number) = number else { return Err(ApiError::NotFound("No such part.".into())) };
        let get = |name: &str| {
            form_urlencoded::parse(query.unwrap_or_default().as_bytes())
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.into_owned())
        };
        let (Some(expires), Some(key_id), Some(signature)) =
            (get("expires").and_then(|e| e.parse::<i64>().ok()), get("key"), get("signature"))
        else {
            return Err(part_refused("This part URL is incomplete: start the upload again."));
        };
        let now = time::now();
        let genuine =
            key_id == KEY_ID && signature::verify(&self.key, &signed_text(upload_id, number, expires), &signature);
        if !genuine {
            return Err(part_refused("This part URL is not valid."));
        }
        if expires <= now {
            return Err(part_refused("This part URL has expired: start the upload again to resume."));
        }
        let (_, upload) = self.open_upload(upload_id).await.map_err(ApiError::from)?;
        Ok(upload.part_size)
    }

    /// Stores one part (replacing an earlier copy of it); its ETag, as S3 quotes it.
    pub async fn store_part(&self, upload_id: &str, part: u32, bytes: &[u8]) -> Result<String> {
        let (dir, upload) = self.open_upload(upload_id).await?;
        if bytes.len() as u64 > upload.part_size {
            return Err(UploadError::Refused(format!("A part may be at most {} bytes.", upload.part_size)));
        }
        let etag = hex::encode(Md5::digest(bytes));
        let temporary = dir.join(format!("{part:05}.{}.tmp", ids::generate()));
        tokio::fs::write(&temporary, bytes).await.map_err(|e| io_failed("writing", &temporary, e))?;
        let stored = dir.join(format!("{part:05}.part"));
        tokio::fs::rename(&temporary, &stored).await.map_err(|e| io_failed("storing", &stored, e))?;
        Ok(format!("\"{etag}\""))
    }

    /// The answer to `PUT /upload/{uploadId}/{partNumber}`: the part stored and its `ETag`, as
    /// S3 answers an UploadPart; a refusal as the API's JSON errors.
    pub async fn put_part(&self, upload_id: &str, part: &str, query: Option<&str>, bytes: &[u8]) -> Response<Body> {
        let stored = async {
            let limit = self.admit_part(upload_id, part, query).await?;
            if bytes.len() as u64 > limit {
                return Err(ApiError::PayloadTooLarge { limit: limit as usize });
            }
            let number = part.parse::<u32>().expect("admit_part checked the number");
            self.store_part(upload_id, number, bytes).await.map_err(ApiError::from)
        }
        .await;
        match stored {
            Ok(etag) => Response::builder()
                .status(StatusCode::OK)
                .header(header::ETAG, etag)
                .header(header::CACHE_CONTROL, "no-store")
                .body(Body::Empty)
                .expect("static response parts are valid"),
            Err(error) => error.into_response(),
        }
    }

    fn sign_part(&self, upload_id: &str, part: u32, now: i64) -> String {
        let expires = now + PART_URL_SECS as i64;
        let signature = signature::sign(&self.key, &signed_text(upload_id, part, expires));
        let query = form_urlencoded::Serializer::new(String::new())
            .append_pair("expires", &expires.to_string())
            .append_pair("key", KEY_ID)
            .append_pair("signature", &signature)
            .finish();
        format!("{LOCAL_PART_PATH}/{upload_id}/{part}?{query}")
    }

    /// The parts stored, each with its ETag (the MD5 of the file).
    async fn read_parts(&self, dir: &Path) -> Result<Vec<(StoredPart, PathBuf)>> {
        let mut entries = tokio::fs::read_dir(dir).await.map_err(|e| io_failed("listing", dir, e))?;
        let mut parts = Vec::new();
        while let Some(entry) = entries.next_entry().await.map_err(|e| io_failed("listing", dir, e))? {
            let name = entry.file_name().to_string_lossy().into_owned();
            let Some(number) = name.strip_suffix(".part").and_then(|n| n.parse::<u32>().ok()) else { continue };
            let bytes = tokio::fs::read(entry.path()).await.map_err(|e| io_failed("reading", &entry.path(), e))?;
            let etag = format!("\"{}\"", hex::encode(Md5::digest(&bytes)));
            parts.push((StoredPart { number, etag }, entry.path()));
        }
        parts.sort_by_key(|(p, _)| p.number);
        Ok(parts)
    }
}

/// The path local download links start with (`academy serve` answers it; no Lambda does).
pub const LOCAL_DOWNLOAD_PATH: &str = "/download";

fn download_text(key: &str, content_type: &str, disposition: &str, expires: i64) -> String {
    format!("academy-download\n{key}\n{content_type}\n{disposition}\n{expires}")
}

/// Locally: what the assignments' files need beyond an upload (`platform::objects`).
impl FolderUploads {
    /// The file's size and its first `max` bytes; `None` when there is none at `key`.
    pub async fn head_file(&self, key: &str, max: usize) -> Result<Option<(u64, Vec<u8>)>> {
        use tokio::io::AsyncReadExt;
        let path = self.path_of(key)?;
        let Ok(file) = tokio::fs::File::open(&path).await else { return Ok(None) };
        let size = file.metadata().await.map_err(|e| io_failed("reading", &path, e))?.len();
        let mut bytes = Vec::with_capacity(max.min(size as usize));
        file.take(max as u64).read_to_end(&mut bytes).await.map_err(|e| io_failed("reading", &path, e))?;
        Ok(Some((size, bytes)))
    }

    pub async fn delete_file(&self, key: &str) -> Result<()> {
        let path = self.path_of(key)?;
        match tokio::fs::remove_file(&path).await {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(io_failed("removing", &path, e)),
            _ => Ok(()),
        }
    }

    /// A link to `academy serve`'s own `/download/{key}` that answers the file with `content_type`
    /// and `disposition` until `expires`, signed with the upload key.
    pub fn download_link(&self, key: &str, content_type: &str, disposition: &str, expires: i64) -> String {
        let signature = signature::sign(&self.key, &download_text(key, content_type, disposition, expires));
        let query = form_urlencoded::Serializer::new(String::new())
            .append_pair("type", content_type)
            .append_pair("disposition", disposition)
            .append_pair("expires", &expires.to_string())
            .append_pair("signature", &signature)
            .finish();
        let path: Vec<String> = key
            .split('/')
            .map(|s| percent_encoding::utf8_percent_encode(s, percent_encoding::NON_ALPHANUMERIC).to_string())
            .collect();
        format!("{LOCAL_DOWNLOAD_PATH}/{}?{query}", path.join("/"))
    }

    /// The answer to `GET /download/{key}?…`: the file, as an attachment that is never sniffed, if
    /// the link is genuine and unexpired.
    pub async fn serve_download(&self, key: &str, query: Option<&str>) -> Response<Body> {
        let get = |name: &str| {
            form_urlencoded::parse(query.unwrap_or_default().as_bytes())
                .find(|(k, _)| k == name)
                .map(|(_, v)| v.into_owned())
        };
        let answer = async {
            let (Some(content_type), Some(disposition), Some(expires), Some(signature)) =
                (get("type"), get("disposition"), get("expires").and_then(|e| e.parse::<i64>().ok()), get("signature"))
            else {
                return Err(ApiError::Forbidden("This download link is incomplete.".into()));
            };
            if !signature::verify(&self.key, &download_text(key, &content_type, &disposition, expires), &signature) {
                return Err(ApiError::Forbidden("This download link is not valid.".into()));
            }
            if expires <= time::now() {
                return Err(ApiError::Forbidden("This download link has expired: open the page again.".into()));
            }
            let path = self.path_of(key).map_err(|_| ApiError::NotFound("No such file.".into()))?;
            let bytes = tokio::fs::read(&path).await.map_err(|_| ApiError::NotFound("No such file.".into()))?;
            Response::builder()
                .status(StatusCode::OK)
                .header(header::CONTENT_TYPE, content_type)
                .header(header::CONTENT_DISPOSITION, disposition)
                .header("x-content-type-options", "nosniff")
                .header(header::CACHE_CONTROL, "private, no-store")
                .body(Body::Binary(bytes))
                .map_err(|_| ApiError::Forbidden("This download link is not valid.".into()))
        }
        .await;
        answer.unwrap_or_else(ApiError::into_response)
    }
}

/// ETags compare without their quotes (a browser may read them either way).
fn same_etag(a: &str, b: &str) -> bool {
    a.trim_matches('"') == b.trim_matches('"')
}

#[async_trait]
impl LectureUploads for FolderUploads {
    fn part_size(&self, size: u64) -> u64 {
        part_size(size, self.part_floor)
    }

    fn location(&self, key: &str) -> String {
        format!("s3://{LOCAL_BUCKET}/{key}")
    }

    async fn start(&self, key: &str, _content_type: &str, part_size: u64) -> Result<String> {
        self.path_of(key)?;
        let upload_id = ids::generate();
        let dir = self.parts_dir(&upload_id).expect("a generated id is valid");
        tokio::fs::create_dir_all(&dir).await.map_err(|e| io_failed("creating", &dir, e))?;
        let upload = serde_json::to_string(&LocalUpload { key: key.into(), part_size }).expect("plain fields");
        tokio::fs::write(dir.join("upload.json"), upload).await.map_err(|e| io_failed("writing", &dir, e))?;
        Ok(upload_id)
    }

    async fn part_urls(&self, _key: &str, upload_id: &str, count: u32) -> Result<Vec<PartTarget>> {
        let now = time::now();
        let mut targets = Vec::with_capacity(count as usize);
        for number in 1..=count {
            targets.push(PartTarget { number, url: self.sign_part(upload_id, number, now) });
        }
        Ok(targets)
    }

    async fn stored_parts(&self, _key: &str, upload_id: &str) -> Result<Vec<StoredPart>> {
        let (dir, _) = self.open_upload(upload_id).await?;
        Ok(self.read_parts(&dir).await?.into_iter().map(|(p, _)| p).collect())
    }

    async fn complete(&self, key: &str, upload_id: &str, parts: &[StoredPart]) -> Result<()> {
        use tokio::io::AsyncWriteExt;
        let (dir, upload) = self.open_upload(upload_id).await?;
        if upload.key != key {
            return Err(UploadError::Gone);
        }
        let stored = self.read_parts(&dir).await?;
        let in_order = parts.iter().enumerate().all(|(i, p)| p.number as usize == i + 1);
        let matching = parts.len() == stored.len()
            && in_order
            && parts
                .iter()
                .zip(&stored)
                .all(|(named, (kept, _))| named.number == kept.number && same_etag(&named.etag, &kept.etag));
        if !matching {
            return Err(UploadError::Refused(
                "The parts named are not the parts stored: send the missing parts.".into(),
            ));
        }
        let target = self.path_of(key)?;
        if let Some(parent) = target.parent() {
            tokio::fs::create_dir_all(parent).await.map_err(|e| io_failed("creating", parent, e))?;
        }
        let joining = target.with_extension("joining");
        let mut out = tokio::fs::File::create(&joining).await.map_err(|e| io_failed("creating", &joining, e))?;
        for (_, path) in &stored {
            let bytes = tokio::fs::read(path).await.map_err(|e| io_failed("reading", path, e))?;
            out.write_all(&bytes).await.map_err(|e| io_failed("writing", &joining, e))?;
        }
        out.flush().await.map_err(|e| io_failed("writing", &joining, e))?;
        drop(out);
        tokio::fs::rename(&joining, &target).await.map_err(|e| io_failed("storing", &target, e))?;
        tokio::fs::remove_dir_all(&dir).await.map_err(|e| io_failed("removing", &dir, e))?;
        Ok(())
    }

    async fn abort(&self, _key: &str, upload_id: &str) -> Result<()> {
        let Some(dir) = self.parts_dir(upload_id) else { return Ok(()) };
        match tokio::fs::remove_dir_all(&dir).await {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(io_failed("removing", &dir, e)),
            _ => Ok(()),
        }
    }

    async fn delete_folder(&self, folder: &str) -> Result<()> {
        let dir = self.path_of(folder.trim_end_matches('/'))?;
        match tokio::fs::remove_dir_all(&dir).await {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(io_failed("removing", &dir, e)),
            _ => Ok(()),
        }
    }

    async fn put_captions(&self, key: &str, text: &str) -> Result<()> {
        let path = self.path_of(key)?;
        if let Some(parent) = path.parent() {
            tokio::fs::create_dir_all(parent).await.map_err(|e| io_failed("creating", parent, e))?;
        }
        tokio::fs::write(&path, text).await.map_err(|e| io_failed("writing", &path, e))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parts_are_large_enough_for_any_file_to_fit_ten_thousand() {
        assert_eq!(part_size(1, S3_MIN_PART), S3_MIN_PART);
        assert_eq!(part_size(10 * 1024 * MIB, S3_MIN_PART), S3_MIN_PART);
        // 200 GiB would need 20.5 MiB parts: rounded up to 21 MiB.
        assert_eq!(part_size(200 * 1024 * MIB, S3_MIN_PART), 21 * MIB);
        assert_eq!(part_size(1_000_000, LOCAL_MIN_PART), LOCAL_MIN_PART);
        assert_eq!(part_count(1_000_000, LOCAL_MIN_PART), 16);
        assert_eq!(part_count(S3_MIN_PART, S3_MIN_PART), 1);
        assert_eq!(part_count(S3_MIN_PART + 1, S3_MIN_PART), 2);
    }

    #[test]
    fn the_local_part_floor_is_bounded() {
        assert_eq!(FolderUploads::part_floor(None), Ok(None));
        assert_eq!(FolderUploads::part_floor(Some("65536")), Ok(Some(65536)));
        for bad in ["1024", "lots", "", "99999999999"] {
            assert!(FolderUploads::part_floor(Some(bad)).is_err(), "{bad}");
        }
    }

    #[tokio::test]
    async fn a_local_part_url_is_signed_for_its_upload_and_part() {
        let root = std::env::temp_dir().join(format!("academy-uploads-{}", ids::generate()));
        let uploads = FolderUploads::new(&root, None, Some(LOCAL_MIN_PART)).unwrap();
        let id = uploads.start("lectures/b/v/source/s.mp4", "video/mp4", LOCAL_MIN_PART).await.unwrap();
        let url = uploads.sign_part(&id, 2, time::now());
        let query = url.split_once('?').unwrap().1;
        assert_eq!(uploads.admit_part(&id, "2", Some(query)).await.unwrap(), LOCAL_MIN_PART);
        for (upload, part) in [(id.as_str(), "3"), ("ffffffffffffffffffffffff", "2")] {
            assert!(uploads.admit_part(upload, part, Some(query)).await.is_err(), "{upload} {part}");
        }
        assert!(matches!(uploads.admit_part(&id, "0", Some(query)).await, Err(ApiError::NotFound(_))));
        assert!(matches!(uploads.admit_part("../../etc", "2", Some(query)).await, Err(ApiError::Forbidden(_))));
        let other = FolderUploads::new(&root, None, None).unwrap();
        assert!(matches!(other.admit_part(&id, "2", Some(query)).await, Err(ApiError::Forbidden(_))));
        assert!(FolderUploads::new(&root, Some("short"), None).is_err());
        std::fs::remove_dir_all(root).unwrap();
    }
}

//! Where a checked lecture link finally leads. In AWS: a redirect to a presigned S3 GET of the
//! file, valid long enough to watch it (`ACADEMY_LECTURE_PLAY_SECONDS`, default 3 hours); S3
//! answers the player's Range requests itself, and a Lambda's 6 MB response limit and per-second
//! bill make streaming video through it the wrong tool. Locally: the bytes from the lecture
//! folder (`ACADEMY_LECTURES`, default `var/lectures`), with Range support, so the player seeks.
//!
//! An HLS recording's files (docs/decisions/0031-signed-playlists-and-segments.md) go the same
//! two ways with their own `Delivery` (media type and caching): playlists are read here for the
//! lecture function to rewrite, and each segment gets a URL of its own (`presign`): a presigned S3
//! GET in AWS; locally none, so the lecture function signs a link to itself.

use super::parse_s3_url;
use super::sigv4::Presigner;
use crate::http::error::ApiError;
use crate::objects::cloudfront::{encode, CloudFrontSigner};
use async_trait::async_trait;
use aws_credential_types::provider::{ProvideCredentials, SharedCredentialsProvider};
use aws_sdk_s3::presigning::PresigningConfig;
use lambda_http::http::{header, StatusCode};
use lambda_http::{Body, Request, Response};
use std::path::{Component, Path, PathBuf};
use std::time::Duration;

/// How long the presigned S3 URL works, unless `ACADEMY_LECTURE_PLAY_SECONDS` says otherwise.
pub const DEFAULT_PLAY_SECS: u64 = 3 * 60 * 60;

/// Largest slice one local answer carries; the player asks for the rest as it needs it.
pub const MAX_SLICE: u64 = 8 * 1024 * 1024;

/// Largest playlist read: a 12-hour recording's media playlist is about 100 KB.
pub const MAX_PLAYLIST: u64 = 4 * 1024 * 1024;

/// How an HLS recording's file is answered: its media type and how long a browser may keep it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Delivery {
    pub content_type: &'static str,
    pub cache_control: &'static str,
}

/// Segments, init segments, posters and captions never change under their name (a new
/// transcoding writes a new folder) and each signed URL is one viewer's: a browser may keep them.
pub const SEGMENT_CACHE: &str = "private, max-age=31536000, immutable";

impl Delivery {
    /// By the file's extension. Playlists are never stored: each fetch re-checks the grant.
    pub fn of(file: &str) -> Self {
        let extension = file.rsplit_once('.').map(|(_, e)| e.to_ascii_lowercase()).unwrap_or_default();
        let content_type = match extension.as_str() {
            "m3u8" => super::playlist::PLAYLIST_TYPE,
            "ts" => "video/mp2t",
            "m4s" | "mp4" | "m4v" | "cmfv" => "video/mp4",
            "aac" => "audio/aac",
            "m4a" | "cmfa" => "audio/mp4",
            "jpg" | "jpeg" => "image/jpeg",
            "png" => "image/png",
            "webp" => "image/webp",
            "vtt" => "text/vtt",
            _ => "application/octet-stream",
        };
        let cache_control = if extension == "m3u8" { "no-store" } else { SEGMENT_CACHE };
        Self { content_type, cache_control }
    }
}

#[async_trait]
pub trait LectureFiles: Send + Sync {
    /// The answer that hands over the file stored at `url` (`s3://bucket/key`): as it always was
    /// for a lecture's one stored file (`delivery` none), or as `delivery` says.
    async fn respond(&self, url: &str, req: &Request, delivery: Option<Delivery>) -> Result<Response<Body>, ApiError>;

    /// The whole of a small stored file (a playlist), at most `MAX_PLAYLIST` bytes.
    async fn read(&self, url: &str) -> Result<Vec<u8>, ApiError>;

    /// A URL of the file's own that works until `expires` (epoch seconds), or `None` when the files
    /// have none (the local folder: the lecture function signs a link to itself instead).
    async fn presign(&self, url: &str, delivery: Delivery, expires: i64, now: i64) -> Result<Option<String>, ApiError>;

    /// `presign` for each of `files` (a playlist's segments), in order; `None` as for `presign`.
    async fn presign_all(
        &self,
        files: &[(String, Delivery)],
        expires: i64,
        now: i64,
    ) -> Result<Option<Vec<String>>, ApiError> {
        let mut urls = Vec::with_capacity(files.len());
        for (url, delivery) in files {
            let Some(signed) = self.presign(url, *delivery, expires, now).await? else { return Ok(None) };
            urls.push(signed);
        }
        Ok(Some(urls))
    }

    /// `presign_all` for a playlist's files that share a start (`folder`: `s3://bucket/key-prefix`,
    /// the rung's folder or its files' shared start): where the files have a way to be opened by one
    /// signature over that start
    /// (the site's CloudFront in AWS, `S3Files::with_cdn`), each URL carries that one signature;
    /// otherwise, or for a file outside it, as `presign_all`.
    async fn presign_folder(
        &self,
        folder: &str,
        files: &[(String, Delivery)],
        expires: i64,
        now: i64,
    ) -> Result<Option<Vec<String>>, ApiError> {
        let _ = folder;
        self.presign_all(files, expires, now).await
    }

    /// How long a segment's URL lives: long enough to watch a lecture whose playlist is read once.
    fn play_secs(&self) -> i64;
}

fn missing() -> ApiError {
    ApiError::NotFound("This lecture's file is not available.".into())
}

/// In AWS: a redirect to a presigned GET.
pub struct S3Files {
    client: aws_sdk_s3::Client,
    play: Duration,
    /// The client's credentials, to sign a playlist's segments with (`presign_all`); without them
    /// the SDK presigns each.
    credentials: Option<SharedCredentialsProvider>,
    cdn: Option<SegmentsCdn>,
}

/// A rendition's segments through the site's CloudFront: its `/lectures/*` behaviour reads the
/// lectures bucket's `lectures/` prefix (the renditions' folders only, by the bucket policy) and
/// takes URLs signed with the files key, so one custom policy over a rendition's folder opens each
/// of its segments (docs/decisions/0047-one-signature-a-playlist.md).
pub struct SegmentsCdn {
    /// The site's origin (`https://www.example.com`, no trailing slash).
    origin: String,
    /// The bucket the behaviour reads.
    bucket: String,
    signer: CloudFrontSigner,
}

/// The bucket prefix the site's `/lectures/*` behaviour serves.
pub const CDN_PREFIX: &str = "lectures/";

/// What a segment through the CDN is answered with: the same for every viewer (the edge checks
/// each request's signature), so CloudFront and the browser may both keep it.
pub const CDN_SEGMENT_CACHE: &str = "max-age=31536000, immutable";

impl SegmentsCdn {
    pub fn new(origin: &str, bucket: &str, signer: CloudFrontSigner) -> Self {
        Self { origin: origin.trim_end_matches('/').to_owned(), bucket: bucket.to_owned(), signer }
    }

    fn path_of(key: &str) -> String {
        key.split('/').map(encode).collect::<Vec<_>>().join("/")
    }

    /// The URLs of `files` under `folder` (a key prefix: a folder, or the start of names), all signed by one policy until
    /// `expires`; `None` for a file this CDN does not serve (another bucket or folder).
    fn sign(&self, folder: &str, files: &[(String, Delivery)], expires: i64) -> Result<Vec<Option<String>>, String> {
        let pattern = format!("{}/{}*", self.origin, Self::path_of(folder));
        let signature = self.signer.sign_pattern(&pattern, expires)?;
        Ok(files
            .iter()
            .map(|(url, delivery)| {
                let (bucket, key) = parse_s3_url(url)?;
                (bucket == self.bucket && key.starts_with(folder)).then(|| {
                    format!(
                        "{}/{}?response-content-type={}&response-cache-control={}&{signature}",
                        self.origin,
                        Self::path_of(key),
                        encode(delivery.content_type),
                        encode(CDN_SEGMENT_CACHE),
                    )
                })
            })
            .collect())
    }
}

impl S3Files {
    pub fn new(client: aws_sdk_s3::Client, play: Duration) -> Self {
        Self { client, play, credentials: None, cdn: None }
    }

    /// Segments through the site's CloudFront, one signature a playlist (`presign_folder`).
    pub fn with_cdn(mut self, cdn: Option<SegmentsCdn>) -> Self {
        self.cdn = cdn;
        self
    }

    /// The credentials the client was made with (`SdkConfig::credentials_provider`).
    pub fn with_credentials(mut self, credentials: Option<SharedCredentialsProvider>) -> Self {
        self.credentials = credentials;
        self
    }

    /// The presigned URL's lifetime as `ACADEMY_LECTURE_PLAY_SECONDS` gives it (default 3 hours; at
    /// most 7 days, S3's own limit).
    pub fn play_time(setting: Option<&str>) -> Result<Duration, String> {
        match setting {
            None => Ok(Duration::from_secs(DEFAULT_PLAY_SECS)),
            Some(text) => text
                .trim()
                .parse::<u64>()
                .ok()
                .filter(|secs| (60..=7 * 24 * 60 * 60).contains(secs))
                .map(Duration::from_secs)
                .ok_or_else(|| format!("ACADEMY_LECTURE_PLAY_SECONDS must be 60 to 604800, not {text:?}")),
        }
    }
}

impl S3Files {
    /// A presigned GET of `url`, valid for `valid`; with `delivery`, S3 answers with its media
    /// type and caching (`response-content-type`, `response-cache-control`).
    async fn presigned(&self, url: &str, delivery: Option<Delivery>, valid: Duration) -> Result<String, ApiError> {
        let (bucket, key) = parse_s3_url(url).ok_or_else(missing)?;
        let config = PresigningConfig::expires_in(valid).map_err(|e| {
            tracing::error!(error = %e, "presigning configuration");
            ApiError::Unavailable
        })?;
        let get = self.client.get_object().bucket(bucket).key(key);
        let get = match delivery {
            Some(d) => get.response_content_type(d.content_type).response_cache_control(d.cache_control),
            None => get,
        };
        let signed = get.presigned(config).await.map_err(|e| {
            tracing::error!(error = %aws_sdk_s3::error::DisplayErrorContext(e), "could not presign a lecture file");
            ApiError::Unavailable
        })?;
        Ok(signed.uri().to_owned())
    }
}

impl S3Files {
    /// A presigner for `url`'s bucket at `now`, or `None` if the client has no credentials of its
    /// own to sign with (then each URL is presigned by the SDK).
    async fn presigner(&self, url: &str, valid: u64, now: i64) -> Result<Option<Presigner>, ApiError> {
        let Some(provider) = &self.credentials else { return Ok(None) };
        let (bucket, key) = parse_s3_url(url).ok_or_else(missing)?;
        // Where this client sends a GET of the bucket (virtual-hosted in AWS, path-style on moto),
        // as the SDK's endpoint rules say: its presigned URL, less its query and the key.
        let sample = self.presigned(url, None, Duration::from_secs(valid)).await?;
        let credentials = provider.provide_credentials().await.map_err(|e| {
            tracing::error!(error = %e, "no credentials to presign lecture files with");
            ApiError::Unavailable
        })?;
        let region = self.client.config().region().map(|r| r.to_string()).unwrap_or_else(|| "us-east-1".into());
        Ok(Presigner::new(&sample, bucket, key, &credentials, &region, now, valid))
    }
}

#[async_trait]
impl LectureFiles for S3Files {
    async fn respond(&self, url: &str, _req: &Request, delivery: Option<Delivery>) -> Result<Response<Body>, ApiError> {
        let signed = self.presigned(url, delivery, self.play).await?;
        Ok(Response::builder()
            .status(StatusCode::FOUND)
            .header(header::LOCATION, signed)
            .header(header::CACHE_CONTROL, "no-store")
            .body(Body::Empty)
            .expect("static response parts are valid"))
    }

    async fn read(&self, url: &str) -> Result<Vec<u8>, ApiError> {
        let (bucket, key) = parse_s3_url(url).ok_or_else(missing)?;
        let object = self.client.get_object().bucket(bucket).key(key).send().await.map_err(|e| {
            if e.as_service_error().is_some_and(|e| e.is_no_such_key()) {
                return missing();
            }
            tracing::error!(error = %aws_sdk_s3::error::DisplayErrorContext(e), "could not read a playlist");
            ApiError::Unavailable
        })?;
        if object.content_length().unwrap_or(0) as u64 > MAX_PLAYLIST {
            tracing::error!(key, "a playlist larger than the limit");
            return Err(missing());
        }
        let bytes = object.body.collect().await.map_err(|e| {
            tracing::error!(error = %e, "could not read a playlist");
            ApiError::Unavailable
        })?;
        Ok(bytes.into_bytes().to_vec())
    }

    async fn presign(&self, url: &str, delivery: Delivery, expires: i64, now: i64) -> Result<Option<String>, ApiError> {
        let valid = Duration::from_secs(expires.saturating_sub(now).max(1) as u64);
        self.presigned(url, Some(delivery), valid).await.map(Some)
    }

    /// One SDK presigning for the first file (where the bucket's URLs are), then SigV4 by hand for
    /// all of them with one signing key (`sigv4.rs`): the SDK's presigner costs a
    /// request's whole pipeline per URL, about 1.3 ms each in a debug build, 2.3 s for a 2-hour rung.
    async fn presign_all(
        &self,
        files: &[(String, Delivery)],
        expires: i64,
        now: i64,
    ) -> Result<Option<Vec<String>>, ApiError> {
        let Some((first, _)) = files.first() else { return Ok(Some(Vec::new())) };
        let valid = expires.saturating_sub(now).max(1) as u64;
        let presigner = self.presigner(first, valid, now).await?;
        let mut urls = Vec::with_capacity(files.len());
        for (url, delivery) in files {
            let by_hand =
                presigner.as_ref().zip(parse_s3_url(url)).and_then(|(p, (bucket, key))| p.sign(bucket, key, *delivery));
            urls.push(match by_hand {
                Some(signed) => signed,
                None => self.presigned(url, Some(*delivery), Duration::from_secs(valid)).await?,
            });
        }
        Ok(Some(urls))
    }

    /// Through the CDN when there is one and `folder` is under the prefix it serves: one custom
    /// policy for the folder, so the URLs differ only by the file's name (a 2-hour rung gzips to a
    /// few KB) and cost one RSA signature, not one SigV4 each.
    async fn presign_folder(
        &self,
        folder: &str,
        files: &[(String, Delivery)],
        expires: i64,
        now: i64,
    ) -> Result<Option<Vec<String>>, ApiError> {
        let served =
            parse_s3_url(folder).filter(|(_, key)| key.starts_with(CDN_PREFIX) && key.len() > CDN_PREFIX.len());
        let (Some(cdn), Some((_, key))) = (&self.cdn, served) else {
            return self.presign_all(files, expires, now).await;
        };
        let signed = cdn.sign(key, files, expires).map_err(|error| {
            tracing::error!(%error, "could not sign a rendition's folder");
            ApiError::Unavailable
        })?;
        let mut urls = Vec::with_capacity(files.len());
        for (url, signed) in files.iter().zip(signed) {
            urls.push(match signed {
                Some(url) => url,
                None => {
                    let valid = Duration::from_secs(expires.saturating_sub(now).max(1) as u64);
                    self.presigned(&url.0, Some(url.1), valid).await?
                }
            });
        }
        Ok(Some(urls))
    }

    fn play_secs(&self) -> i64 {
        self.play.as_secs() as i64
    }
}

/// Locally: files under a folder, by the key of their `s3://` URL (the bucket is ignored).
pub struct FolderFiles {
    root: PathBuf,
    play_secs: i64,
}

impl FolderFiles {
    pub fn new(root: impl Into<PathBuf>) -> Self {
        Self { root: root.into(), play_secs: DEFAULT_PLAY_SECS as i64 }
    }

    /// How long the lecture function's own links to segments live (as `S3Files::play_time`).
    pub fn with_play(mut self, play: Duration) -> Self {
        self.play_secs = play.as_secs() as i64;
        self
    }

    pub fn root(&self) -> &Path {
        &self.root
    }

    /// The file for `key`, if the key is a plain relative path (no `..`, no root).
    fn path_of(&self, key: &str) -> Option<PathBuf> {
        let relative = Path::new(key);
        relative.components().all(|c| matches!(c, Component::Normal(_))).then(|| self.root.join(relative))
    }
}

fn content_type(path: &Path) -> &'static str {
    match path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref() {
        Some("mp4" | "m4v") => "video/mp4",
        Some("webm") => "video/webm",
        Some("mov") => "video/quicktime",
        _ => "application/octet-stream",
    }
}

#[async_trait]
impl LectureFiles for FolderFiles {
    async fn respond(&self, url: &str, req: &Request, delivery: Option<Delivery>) -> Result<Response<Body>, ApiError> {
        use tokio::io::{AsyncReadExt, AsyncSeekExt};

        let (_, key) = parse_s3_url(url).ok_or_else(missing)?;
        let path = self.path_of(key).ok_or_else(missing)?;
        let mut file = tokio::fs::File::open(&path).await.map_err(|_| missing())?;
        let size = file.metadata().await.map_err(|_| missing())?.len();
        let range = req.headers().get(header::RANGE).and_then(|v| v.to_str().ok());
        let delivery = delivery.unwrap_or(Delivery { content_type: content_type(&path), cache_control: "no-store" });
        let builder = Response::builder()
            .header(header::CONTENT_TYPE, delivery.content_type)
            .header(header::ACCEPT_RANGES, "bytes")
            .header(header::CACHE_CONTROL, delivery.cache_control);
        let Some(range) = range else {
            let mut bytes = Vec::with_capacity(size as usize);
            file.read_to_end(&mut bytes).await.map_err(|_| missing())?;
            return Ok(builder.status(StatusCode::OK).body(Body::Binary(bytes)).expect("valid response"));
        };
        let wanted = http_range_header::parse_range_header(range).ok().and_then(|r| r.validate(size).ok());
        let Some([wanted]) = wanted.as_deref() else {
            // Unsatisfiable, malformed or several ranges: say what exists.
            return Ok(builder
                .status(StatusCode::RANGE_NOT_SATISFIABLE)
                .header(header::CONTENT_RANGE, format!("bytes */{size}"))
                .body(Body::Empty)
                .expect("valid response"));
        };
        let start = *wanted.start();
        let end = (*wanted.end()).min(start + MAX_SLICE - 1);
        let mut bytes = vec![0; (end - start + 1) as usize];
        file.seek(std::io::SeekFrom::Start(start)).await.map_err(|_| missing())?;
        file.read_exact(&mut bytes).await.map_err(|_| missing())?;
        Ok(builder
            .status(StatusCode::PARTIAL_CONTENT)
            .header(header::CONTENT_RANGE, format!("bytes {start}-{end}/{size}"))
            .body(Body::Binary(bytes))
            .expect("valid response"))
    }

    async fn read(&self, url: &str) -> Result<Vec<u8>, ApiError> {
        let (_, key) = parse_s3_url(url).ok_or_else(missing)?;
        let path = self.path_of(key).ok_or_else(missing)?;
        let size = tokio::fs::metadata(&path).await.map_err(|_| missing())?.len();
        if size > MAX_PLAYLIST {
            tracing::error!(key, "a playlist larger than the limit");
            return Err(missing());
        }
        tokio::fs::read(&path).await.map_err(|_| missing())
    }

    async fn presign(&self, _: &str, _: Delivery, _: i64, _: i64) -> Result<Option<String>, ApiError> {
        Ok(None)
    }

    fn play_secs(&self) -> i64 {
        self.play_secs
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_stay_inside_the_folder() {
        let files = FolderFiles::new("/srv/lectures");
        assert_eq!(files.path_of("mern-07/l1.mp4"), Some(PathBuf::from("/srv/lectures/mern-07/l1.mp4")));
        for escape in ["../etc/passwd", "/etc/passwd", "a/../../b", "./a"] {
            assert_eq!(files.path_of(escape), None, "{escape}");
        }
    }

    #[test]
    fn video_types_by_extension() {
        assert_eq!(content_type(Path::new("a/b.MP4")), "video/mp4");
        assert_eq!(content_type(Path::new("a.webm")), "video/webm");
        assert_eq!(content_type(Path::new("a")), "application/octet-stream");
    }

    #[test]
    fn hls_files_by_class() {
        let of = |f: &str| (Delivery::of(f).content_type, Delivery::of(f).cache_control);
        assert_eq!(of("master.m3u8"), ("application/vnd.apple.mpegurl", "no-store"));
        assert_eq!(of("360p/seg_1.ts"), ("video/mp2t", SEGMENT_CACHE));
        assert_eq!(of("360p/seg_1.m4s"), ("video/mp4", SEGMENT_CACHE));
        assert_eq!(of("360p/init.mp4"), ("video/mp4", SEGMENT_CACHE));
        assert_eq!(of("audio.aac"), ("audio/aac", SEGMENT_CACHE));
        assert_eq!(of("poster.JPG"), ("image/jpeg", SEGMENT_CACHE));
        assert_eq!(of("captions.vtt"), ("text/vtt", SEGMENT_CACHE));
    }
}

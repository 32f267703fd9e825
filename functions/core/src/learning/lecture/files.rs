//! Where a checked lecture link finally leads. In AWS: a redirect to a presigned S3 GET of the
//! file, valid long enough to watch it (`ACADEMY_LECTURE_PLAY_SECONDS`, default 3 hours); S3
//! answers the player's Range requests itself, and a Lambda's 6 MB response limit and per-second
//! bill make streaming video through it the wrong tool. Locally: the bytes from the lecture
//! folder (`ACADEMY_LECTURES`, default `var/lectures`), with Range support, so the player seeks.

use super::parse_s3_url;
use crate::http::error::ApiError;
use async_trait::async_trait;
use aws_sdk_s3::presigning::PresigningConfig;
use lambda_http::http::{header, StatusCode};
use lambda_http::{Body, Request, Response};
use std::path::{Component, Path, PathBuf};
use std::time::Duration;

/// How long the presigned S3 URL works, unless `ACADEMY_LECTURE_PLAY_SECONDS` says otherwise.
pub const DEFAULT_PLAY_SECS: u64 = 3 * 60 * 60;

/// Largest slice one local answer carries; the player asks for the rest as it needs it.
pub const MAX_SLICE: u64 = 8 * 1024 * 1024;

#[async_trait]
pub trait LectureFiles: Send + Sync {
    /// The answer that hands over the file stored at `url` (`s3://bucket/key`).
    async fn respond(&self, url: &str, req: &Request) -> Result<Response<Body>, ApiError>;
}

fn missing() -> ApiError {
    ApiError::NotFound("This lecture's file is not available.".into())
}

/// In AWS: a redirect to a presigned GET.
pub struct S3Files {
    client: aws_sdk_s3::Client,
    play: Duration,
}

impl S3Files {
    pub fn new(client: aws_sdk_s3::Client, play: Duration) -> Self {
        Self { client, play }
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

#[async_trait]
impl LectureFiles for S3Files {
    async fn respond(&self, url: &str, _req: &Request) -> Result<Response<Body>, ApiError> {
        let (bucket, key) = parse_s3_url(url).ok_or_else(missing)?;
        let config = PresigningConfig::expires_in(self.play).map_err(|e| {
            tracing::error!(error = %e, "presigning configuration");
            ApiError::Unavailable
        })?;
        let signed = self.client.get_object().bucket(bucket).key(key).presigned(config).await.map_err(|e| {
            tracing::error!(error = %aws_sdk_s3::error::DisplayErrorContext(e), "could not presign a lecture file");
            ApiError::Unavailable
        })?;
        Ok(Response::builder()
            .status(StatusCode::FOUND)
            .header(header::LOCATION, signed.uri())
            .header(header::CACHE_CONTROL, "no-store")
            .body(Body::Empty)
            .expect("static response parts are valid"))
    }
}

/// Locally: files under a folder, by the key of their `s3://` URL (the bucket is ignored).
pub struct FolderFiles {
    root: PathBuf,
}

impl FolderFiles {
    pub fn new(root: impl Into<PathBuf>) -> Self {
        Self { root: root.into() }
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
    async fn respond(&self, url: &str, req: &Request) -> Result<Response<Body>, ApiError> {
        use tokio::io::{AsyncReadExt, AsyncSeekExt};

        let (_, key) = parse_s3_url(url).ok_or_else(missing)?;
        let path = self.path_of(key).ok_or_else(missing)?;
        let mut file = tokio::fs::File::open(&path).await.map_err(|_| missing())?;
        let size = file.metadata().await.map_err(|_| missing())?.len();
        let range = req.headers().get(header::RANGE).and_then(|v| v.to_str().ok());
        let builder = Response::builder()
            .header(header::CONTENT_TYPE, content_type(&path))
            .header(header::ACCEPT_RANGES, "bytes")
            .header(header::CACHE_CONTROL, "no-store");
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
}

//! Assignment files in the stores lecture recordings use (`media::uploads`): S3's multipart
//! uploads in AWS, the lecture folder and `academy serve`'s own signed `/upload` and `/download`
//! routes locally. Downloads always answer as attachments with `X-Content-Type-Options: nosniff`:
//! in AWS through CloudFront (`CloudFrontDownloads`: a CloudFront signed URL of the site's
//! `/assignments/*` behaviour, whose response headers policy adds nosniff, with the
//! `response-content-disposition` and `response-content-type` S3 answers with), locally from the
//! server with the same headers (docs/decisions/0042-assignments.md). A bare S3 presigned GET
//! (`academy serve` with a bucket) is an attachment too, but S3 cannot add nosniff.

use crate::http::error::ApiError;
use crate::media::uploads::{FolderUploads, LectureUploads, S3Uploads, StoredPart, UploadError};
use crate::objects::cloudfront::{encode, CloudFrontSigner};
use crate::objects::{Objects, UploadPart};
use crate::time;
use async_trait::async_trait;
use std::time::Duration;

/// `Content-Disposition: attachment` naming `file_name`: an ASCII fallback and the UTF-8 name (RFC 6266).
pub fn attachment(file_name: &str) -> String {
    let ascii: String =
        file_name.chars().map(|c| if c.is_ascii_alphanumeric() || " ._-()".contains(c) { c } else { '_' }).collect();
    let encoded = percent_encoding::utf8_percent_encode(file_name, percent_encoding::NON_ALPHANUMERIC);
    format!("attachment; filename=\"{ascii}\"; filename*=UTF-8''{encoded}")
}

/// What a download is answered as: the type the content was found to be, except text, which is
/// answered as plain text whatever it holds.
fn served_type(content_type: &str) -> &str {
    if content_type.starts_with("text/") {
        "text/plain; charset=utf-8"
    } else {
        content_type
    }
}

fn stored(parts: &[(u32, String)]) -> Vec<StoredPart> {
    parts.iter().map(|(number, etag)| StoredPart { number: *number, etag: etag.clone() }).collect()
}

fn failed(error: UploadError) -> ApiError {
    ApiError::from(error)
}

/// What a recordings' store (S3's multipart uploads, the lecture folder) adds to its
/// `LectureUploads` to be the objects kit's `Objects`: a file's size and first bytes, a file
/// removed, and a download link answering as `disposition` with `content_type`.
#[async_trait]
pub trait FileStore: LectureUploads {
    async fn head(&self, key: &str, max: usize) -> Result<Option<(u64, Vec<u8>)>, UploadError>;
    async fn delete(&self, key: &str) -> Result<(), UploadError>;
    async fn download(
        &self,
        key: &str,
        content_type: &str,
        disposition: &str,
        expires: i64,
    ) -> Result<String, UploadError>;
}

#[async_trait]
impl FileStore for S3Uploads {
    async fn head(&self, key: &str, max: usize) -> Result<Option<(u64, Vec<u8>)>, UploadError> {
        self.head_object(key, max).await
    }

    async fn delete(&self, key: &str) -> Result<(), UploadError> {
        self.delete_object(key).await
    }

    async fn download(
        &self,
        key: &str,
        content_type: &str,
        disposition: &str,
        expires: i64,
    ) -> Result<String, UploadError> {
        // Within an hour whatever the caller's clock says (a test's clock may run ahead).
        let valid = Duration::from_secs(expires.saturating_sub(time::now()).clamp(1, 3600) as u64);
        self.download_link(key, content_type, disposition, valid).await
    }
}

#[async_trait]
impl FileStore for FolderUploads {
    async fn head(&self, key: &str, max: usize) -> Result<Option<(u64, Vec<u8>)>, UploadError> {
        self.head_file(key, max).await
    }

    async fn delete(&self, key: &str) -> Result<(), UploadError> {
        self.delete_file(key).await
    }

    async fn download(
        &self,
        key: &str,
        content_type: &str,
        disposition: &str,
        expires: i64,
    ) -> Result<String, UploadError> {
        Ok(self.download_link(key, content_type, disposition, expires))
    }
}

#[async_trait]
impl<T: FileStore> Objects for T {
    fn part_size(&self, size: u64) -> u64 {
        LectureUploads::part_size(self, size)
    }

    async fn start(&self, key: &str, part_size: u64) -> Result<String, ApiError> {
        LectureUploads::start(self, key, "application/octet-stream", part_size).await.map_err(failed)
    }

    async fn part_urls(&self, key: &str, upload_id: &str, count: u32) -> Result<Vec<UploadPart>, ApiError> {
        let targets = LectureUploads::part_urls(self, key, upload_id, count).await.map_err(failed)?;
        Ok(targets.into_iter().map(|t| UploadPart { number: t.number, url: t.url }).collect())
    }

    async fn complete(&self, key: &str, upload_id: &str, parts: &[(u32, String)]) -> Result<(), ApiError> {
        LectureUploads::complete(self, key, upload_id, &stored(parts)).await.map_err(failed)
    }

    async fn head(&self, key: &str, max: usize) -> Result<Option<(u64, Vec<u8>)>, ApiError> {
        FileStore::head(self, key, max).await.map_err(failed)
    }

    async fn delete(&self, key: &str) -> Result<(), ApiError> {
        FileStore::delete(self, key).await.map_err(failed)
    }

    async fn download_url(
        &self,
        key: &str,
        file_name: &str,
        content_type: &str,
        expires: i64,
    ) -> Result<String, ApiError> {
        self.download(key, served_type(content_type), &attachment(file_name), expires).await.map_err(failed)
    }
}

/// Files kept by `files` (S3 in AWS) whose downloads are CloudFront signed URLs at `origin` (the
/// site's: the distribution serves `/assignments/*` from the bucket's `assignments/` prefix).
pub struct CloudFrontDownloads {
    pub files: std::sync::Arc<dyn Objects>,
    pub signer: CloudFrontSigner,
    /// `https://www.example.com`, no trailing slash.
    pub origin: String,
}

impl CloudFrontDownloads {
    pub fn new(files: std::sync::Arc<dyn Objects>, signer: CloudFrontSigner, origin: &str) -> Self {
        Self { files, signer, origin: origin.trim_end_matches('/').to_owned() }
    }

    /// The signed link to `key` answered as `content_type` and `disposition` until `expires`.
    pub fn link(&self, key: &str, content_type: &str, disposition: &str, expires: i64) -> Result<String, ApiError> {
        let path: Vec<String> = key.split('/').map(encode).collect();
        let resource = format!(
            "{}/{}?response-content-disposition={}&response-content-type={}&response-cache-control={}",
            self.origin,
            path.join("/"),
            encode(disposition),
            encode(content_type),
            encode("private, no-store"),
        );
        self.signer.sign(&resource, expires).map_err(|error| {
            tracing::error!(%error, "signing a download link");
            ApiError::Unavailable
        })
    }
}

#[async_trait]
impl Objects for CloudFrontDownloads {
    fn part_size(&self, size: u64) -> u64 {
        self.files.part_size(size)
    }

    async fn start(&self, key: &str, part_size: u64) -> Result<String, ApiError> {
        self.files.start(key, part_size).await
    }

    async fn part_urls(&self, key: &str, upload_id: &str, count: u32) -> Result<Vec<UploadPart>, ApiError> {
        self.files.part_urls(key, upload_id, count).await
    }

    async fn complete(&self, key: &str, upload_id: &str, parts: &[(u32, String)]) -> Result<(), ApiError> {
        self.files.complete(key, upload_id, parts).await
    }

    async fn head(&self, key: &str, max: usize) -> Result<Option<(u64, Vec<u8>)>, ApiError> {
        self.files.head(key, max).await
    }

    async fn delete(&self, key: &str) -> Result<(), ApiError> {
        self.files.delete(key).await
    }

    async fn download_url(
        &self,
        key: &str,
        file_name: &str,
        content_type: &str,
        expires: i64,
    ) -> Result<String, ApiError> {
        self.link(key, served_type(content_type), &attachment(file_name), expires)
    }
}

#[cfg(test)]
mod tests {
    use super::attachment;

    #[test]
    fn a_download_is_an_attachment_named_safely() {
        assert_eq!(attachment("report.pdf"), "attachment; filename=\"report.pdf\"; filename*=UTF-8''report%2Epdf");
        let odd = attachment("a\"b;c\u{e9}.txt");
        assert!(odd.starts_with("attachment; filename=\"a_b_c_.txt\""), "{odd}");
    }
}

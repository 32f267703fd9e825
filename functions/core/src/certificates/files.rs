//! Where certificates' PDFs are kept once generated: the lectures bucket's `certificates/` prefix
//! in AWS, a folder locally (`ACADEMY_CERTIFICATES`, `var/certificates` by default). A PDF is
//! named by its certificate's id; one that is missing (never stored, or lost) is generated again
//! from the record when asked for.

use async_trait::async_trait;
use std::path::PathBuf;

/// A certificate's PDF in the bucket: `certificates/{id}.pdf`.
pub fn key_of(id: &str) -> String {
    format!("certificates/{id}.pdf")
}

#[async_trait]
pub trait CertificateFiles: Send + Sync {
    /// Stores (or replaces) a certificate's PDF.
    async fn put(&self, id: &str, pdf: &[u8]) -> Result<(), String>;
    /// A certificate's PDF, if stored.
    async fn get(&self, id: &str) -> Result<Option<Vec<u8>>, String>;
}

/// The lectures bucket in S3.
pub struct S3Certificates {
    client: aws_sdk_s3::Client,
    bucket: String,
}

impl S3Certificates {
    pub fn new(client: aws_sdk_s3::Client, bucket: &str) -> Self {
        Self { client, bucket: bucket.to_owned() }
    }
}

fn s3_failed<E: std::error::Error + 'static>(operation: &str, error: E) -> String {
    format!("S3 {operation} failed: {}", aws_sdk_s3::error::DisplayErrorContext(error))
}

#[async_trait]
impl CertificateFiles for S3Certificates {
    async fn put(&self, id: &str, pdf: &[u8]) -> Result<(), String> {
        self.client
            .put_object()
            .bucket(&self.bucket)
            .key(key_of(id))
            .content_type("application/pdf")
            .body(pdf.to_vec().into())
            .send()
            .await
            .map_err(|e| s3_failed("PutObject", e))?;
        Ok(())
    }

    async fn get(&self, id: &str) -> Result<Option<Vec<u8>>, String> {
        let object = match self.client.get_object().bucket(&self.bucket).key(key_of(id)).send().await {
            Ok(object) => object,
            Err(e) if e.as_service_error().is_some_and(|e| e.is_no_such_key()) => return Ok(None),
            Err(e) => return Err(s3_failed("GetObject", e)),
        };
        let bytes = object.body.collect().await.map_err(|e| format!("S3 GetObject body failed: {e}"))?;
        Ok(Some(bytes.into_bytes().to_vec()))
    }
}

/// A local folder (`{id}.pdf` in it).
pub struct FolderCertificates {
    root: PathBuf,
}

impl FolderCertificates {
    pub fn new(root: impl Into<PathBuf>) -> Self {
        Self { root: root.into() }
    }
}

#[async_trait]
impl CertificateFiles for FolderCertificates {
    async fn put(&self, id: &str, pdf: &[u8]) -> Result<(), String> {
        let path = self.root.join(format!("{id}.pdf"));
        let partial = path.with_extension("pdf.partial");
        let folder = &self.root;
        tokio::fs::create_dir_all(folder).await.map_err(|e| format!("{}: {e}", folder.display()))?;
        // Written aside, then renamed: a reader never sees half a file.
        tokio::fs::write(&partial, pdf).await.map_err(|e| format!("{}: {e}", partial.display()))?;
        tokio::fs::rename(&partial, &path).await.map_err(|e| format!("{}: {e}", path.display()))
    }

    async fn get(&self, id: &str) -> Result<Option<Vec<u8>>, String> {
        let path = self.root.join(format!("{id}.pdf"));
        match tokio::fs::read(&path).await {
            Ok(bytes) => Ok(Some(bytes)),
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(format!("{}: {e}", path.display())),
        }
    }
}

//! Certificates and staff's completion marks, in the student's partition (`USER#{sub}`): a
//! certificate at `CERTIFICATE#{batchId}` (on the index at `CERTIFICATE#{id}`, so anyone holding
//! the id finds it with one query), a mark at `COMPLETION#{batchId}`.

use super::records::{item, record_of, records_of};
use super::{keys, PutMode, Result, Store};
use crate::domain::{Certificate, CompletionMark};
use async_trait::async_trait;

#[async_trait]
pub trait CertificateRecords: Send + Sync {
    /// Stores a new certificate: `StoreError::Conflict` when the student already has one for the batch.
    async fn create_certificate(&self, certificate: &Certificate) -> Result<()>;

    /// Replaces a stored certificate (revoked, or its name corrected).
    async fn put_certificate(&self, certificate: &Certificate) -> Result<()>;

    /// A student's certificate of one batch.
    async fn certificate_of(&self, sub: &str, batch_id: &str) -> Result<Option<Certificate>>;

    /// A student's certificates, by batch id.
    async fn list_certificates(&self, sub: &str) -> Result<Vec<Certificate>>;

    /// The certificate with this id, whoever holds it.
    async fn find_certificate(&self, id: &str) -> Result<Option<Certificate>>;

    async fn put_completion_mark(&self, mark: &CompletionMark) -> Result<()>;

    async fn get_completion_mark(&self, sub: &str, batch_id: &str) -> Result<Option<CompletionMark>>;

    async fn delete_completion_mark(&self, sub: &str, batch_id: &str) -> Result<()>;
}

fn certificate_item(certificate: &Certificate) -> Result<super::Item> {
    let mut it = item(keys::user_pk(&certificate.sub), keys::certificate_sk(&certificate.batch_id), certificate)?;
    it.gsi1 = Some((keys::certificate_index(&certificate.id), keys::CERTIFICATE_PREFIX.into()));
    Ok(it)
}

#[async_trait]
impl CertificateRecords for Store {
    async fn create_certificate(&self, certificate: &Certificate) -> Result<()> {
        self.items().put(certificate_item(certificate)?, PutMode::IfAbsent).await
    }

    async fn put_certificate(&self, certificate: &Certificate) -> Result<()> {
        self.items().put(certificate_item(certificate)?, PutMode::Upsert).await
    }

    async fn certificate_of(&self, sub: &str, batch_id: &str) -> Result<Option<Certificate>> {
        let found = self.items().get(&keys::user_pk(sub), &keys::certificate_sk(batch_id), 0).await?;
        found.map(record_of).transpose()
    }

    async fn list_certificates(&self, sub: &str) -> Result<Vec<Certificate>> {
        records_of(self.items().query(&keys::user_pk(sub), keys::CERTIFICATE_PREFIX, 0).await?)
    }

    async fn find_certificate(&self, id: &str) -> Result<Option<Certificate>> {
        let found = self.items().query_index(&keys::certificate_index(id), Some(keys::CERTIFICATE_PREFIX), 0).await?;
        found.into_iter().next().map(record_of).transpose()
    }

    async fn put_completion_mark(&self, mark: &CompletionMark) -> Result<()> {
        let it = item(keys::user_pk(&mark.sub), keys::completion_sk(&mark.batch_id), mark)?;
        self.items().put(it, PutMode::Upsert).await
    }

    async fn get_completion_mark(&self, sub: &str, batch_id: &str) -> Result<Option<CompletionMark>> {
        let found = self.items().get(&keys::user_pk(sub), &keys::completion_sk(batch_id), 0).await?;
        found.map(record_of).transpose()
    }

    async fn delete_completion_mark(&self, sub: &str, batch_id: &str) -> Result<()> {
        self.items().delete(&keys::user_pk(sub), &keys::completion_sk(batch_id)).await
    }
}

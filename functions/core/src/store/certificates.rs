//! Certificates and staff's completion marks, in the student's partition (`USER#{sub}`): a
//! certificate at `CERTIFICATE#{batchId}`, a mark at `COMPLETION#{batchId}`. Beside each
//! certificate, its holder by id (`CERTIFICATE#{id}` / `HOLDER`: the account and batch), so anyone
//! holding the id finds it with two consistent reads, the moment it is issued (an index is
//! eventually consistent: a verification or a revoke just after issue could miss it).

use super::records::{item, record_of, records_of};
use super::{keys, PutMode, Result, Store, StoreError};
use crate::domain::{Certificate, CompletionMark};
use async_trait::async_trait;

#[async_trait]
pub trait CertificateRecords: Send + Sync {
    /// Stores a new certificate: `StoreError::Conflict` when the student already has one for the
    /// batch (or, never in practice, when its random id was already issued).
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
    item(keys::user_pk(&certificate.sub), keys::certificate_sk(&certificate.batch_id), certificate)
}

/// Whose a certificate is: the two parts of its key in the student's partition.
#[derive(serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct Holder {
    sub: String,
    batch_id: String,
}

#[async_trait]
impl CertificateRecords for Store {
    /// The holder first: a failure after it leaves an id that finds nothing, never a certificate
    /// no id finds. If the student has one already, the holder is taken back.
    async fn create_certificate(&self, certificate: &Certificate) -> Result<()> {
        let holder = Holder { sub: certificate.sub.clone(), batch_id: certificate.batch_id.clone() };
        let (pk, sk) = (keys::certificate_pk(&certificate.id), keys::CERTIFICATE_HOLDER);
        self.items().put(item(pk.clone(), sk.into(), &holder)?, PutMode::IfAbsent).await?;
        match self.items().put(certificate_item(certificate)?, PutMode::IfAbsent).await {
            Err(StoreError::Conflict) => {
                self.items().delete(&pk, sk).await?;
                Err(StoreError::Conflict)
            }
            stored => stored,
        }
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
        let Some(found) = self.items().get(&keys::certificate_pk(id), keys::CERTIFICATE_HOLDER, 0).await? else {
            return Ok(None);
        };
        let holder: Holder = record_of(found)?;
        Ok(self.certificate_of(&holder.sub, &holder.batch_id).await?.filter(|c| c.id == id))
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

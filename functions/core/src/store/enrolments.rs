//! Staff's enrolments: in the batch's partition, one per e-mail (so "already enrolled" is one
//! conditional put), and on the index by e-mail (so a signed-in student's enrolments are one query).

use super::records::{item, record_of, Cursor, Page};
use super::{keys, Item, Order, PutMode, Range, Result, Store};
use crate::domain::Enrolment;
use async_trait::async_trait;

#[async_trait]
pub trait EnrolmentRecords: Send + Sync {
    /// Stores a new enrolment; `Conflict` if this e-mail already holds one in the batch.
    async fn insert_enrolment(&self, enrolment: &Enrolment) -> Result<()>;

    /// Replaces an enrolment (revoked, a new Secret ID, mailed).
    async fn save_enrolment(&self, enrolment: &Enrolment) -> Result<()>;

    async fn get_enrolment(&self, batch_id: &str, email_key: &str) -> Result<Option<Enrolment>>;

    /// One page of a batch's enrolments, by e-mail key.
    async fn page_enrolments(&self, batch_id: &str, after: Option<&Cursor>, limit: usize) -> Result<Page<Enrolment>>;

    /// All of a batch's enrolments (a batch holds tens, at most a few hundred).
    async fn list_enrolments(&self, batch_id: &str) -> Result<Vec<Enrolment>>;

    /// Every enrolment naming `email` (lowercase), in any batch.
    async fn enrolments_of(&self, email: &str) -> Result<Vec<Enrolment>>;
}

fn enrolment_item(enrolment: &Enrolment) -> Result<Item> {
    let key = Enrolment::email_key(&enrolment.email);
    let mut it = item(keys::batch_pk(&enrolment.batch_id), keys::enrolment_sk(&key), enrolment)?;
    it.gsi1 = Some((keys::email_index(&enrolment.email), keys::batch_sk(&enrolment.batch_id)));
    Ok(it)
}

fn of_batch(batch_pk: &str) -> Range<'_> {
    Range::Table { pk: batch_pk, sk_prefix: keys::ENROLMENT_PREFIX }
}

#[async_trait]
impl EnrolmentRecords for Store {
    async fn insert_enrolment(&self, enrolment: &Enrolment) -> Result<()> {
        self.items().put(enrolment_item(enrolment)?, PutMode::IfAbsent).await
    }

    async fn save_enrolment(&self, enrolment: &Enrolment) -> Result<()> {
        self.items().put(enrolment_item(enrolment)?, PutMode::Upsert).await
    }

    async fn get_enrolment(&self, batch_id: &str, email_key: &str) -> Result<Option<Enrolment>> {
        let found = self.items().get(&keys::batch_pk(batch_id), &keys::enrolment_sk(email_key), 0).await?;
        found.map(record_of).transpose()
    }

    async fn page_enrolments(&self, batch_id: &str, after: Option<&Cursor>, limit: usize) -> Result<Page<Enrolment>> {
        self.page_of(of_batch(&keys::batch_pk(batch_id)), Order::Ascending, after, limit).await
    }

    async fn list_enrolments(&self, batch_id: &str) -> Result<Vec<Enrolment>> {
        self.all_of(of_batch(&keys::batch_pk(batch_id))).await
    }

    async fn enrolments_of(&self, email: &str) -> Result<Vec<Enrolment>> {
        let index = keys::email_index(email);
        self.all_of(Range::Index { gsi1pk: &index, gsi1sk_prefix: "BATCH#" }).await
    }
}

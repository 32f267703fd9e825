//! Persistence. `Items` is the narrow key-value contract both backends implement (DynamoDB in
//! AWS, SQLite locally); `Store` maps the product's records onto it with one key layout
//! (`keys.rs`), so that layout and every rule on top of it exist once. Each area's records are a
//! trait of their own (`CatalogRecords`, `GrantRecords`, `StudentRecords`, `SubmissionRecords`,
//! `EnrolmentRecords`, `AuditRecords`, `CertificateRecords`, `Counters`), so a handler asks for exactly the records it uses. Features with a key layout of
//! their own keep it and their records' trait in their folder (`demo/store.rs`, `payments/store.rs`,
//! `live/store.rs`, `assignments/store.rs`), over the same `Items`.

mod audit;
mod catalog;
mod certificates;
mod counters;
pub mod dynamodb;
mod enrolments;
mod grants;
pub mod keys;
mod records;
mod reminders;
pub mod sqlite;
mod students;
mod submissions;

use async_trait::async_trait;
use serde_json::{Map, Value};
use std::sync::Arc;

pub use audit::AuditRecords;
pub use catalog::CatalogRecords;
pub use certificates::CertificateRecords;
pub use counters::Counters;
pub use enrolments::EnrolmentRecords;
pub use grants::GrantRecords;
pub use records::Store;
pub use records::{body_of, item, record_of, records_of, Cursor, Page};
pub use reminders::ReminderRecords;
pub use students::StudentRecords;
pub use submissions::SubmissionRecords;

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// A conditional put found the key already taken.
    #[error("an item with this key already exists")]
    Conflict,
    #[error("stored item is malformed: {0}")]
    Corrupt(String),
    #[error("store backend failed: {0}")]
    Backend(String),
    /// A list's cursor that no list of this kind gave (a client's mistake, not the store's).
    #[error("the cursor is not one this list gave")]
    BadCursor,
}

pub type Result<T> = std::result::Result<T, StoreError>;

/// One stored item: its keys, optional secondary-index keys, optional expiry (epoch seconds,
/// after which it reads as absent), and the record's own attributes.
#[derive(Clone, Debug, PartialEq)]
pub struct Item {
    pub pk: String,
    pub sk: String,
    pub gsi1: Option<(String, String)>,
    pub expires_at: Option<i64>,
    pub body: Map<String, Value>,
}

impl Item {
    pub fn is_live(&self, now: i64) -> bool {
        self.expires_at.is_none_or(|at| at > now)
    }
}

/// Whether a put may replace an existing item.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PutMode {
    Upsert,
    IfAbsent,
}

/// Where an item sits in the table (`pk`, `sk`) and, when it is on it, the index: a place to
/// continue a paginated query after (DynamoDB's `ExclusiveStartKey`).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct Position {
    pub pk: String,
    pub sk: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub gsi1: Option<(String, String)>,
}

impl Position {
    pub fn of(item: &Item) -> Self {
        Self { pk: item.pk.clone(), sk: item.sk.clone(), gsi1: item.gsi1.clone() }
    }
}

/// The items one page reads: under a partition key with sort keys starting with a prefix, or
/// under an index key with index sort keys starting with a prefix.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Range<'a> {
    Table { pk: &'a str, sk_prefix: &'a str },
    Index { gsi1pk: &'a str, gsi1sk_prefix: &'a str },
}

impl Range<'_> {
    /// Whether `position` lies in this range (a cursor from another list is refused, not followed).
    pub fn holds(&self, position: &Position) -> bool {
        match *self {
            Self::Table { pk, sk_prefix } => position.pk == pk && position.sk.starts_with(sk_prefix),
            Self::Index { gsi1pk, gsi1sk_prefix } => {
                position.gsi1.as_ref().is_some_and(|(g, s)| g == gsi1pk && s.starts_with(gsi1sk_prefix))
            }
        }
    }
}

/// One page of a query, in the order asked for.
#[derive(Clone, Debug, PartialEq)]
pub struct ItemPage {
    pub items: Vec<Item>,
    /// Whether there may be more after the last item (read on from its `Position`).
    pub more: bool,
}

/// Sort order of a page.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Order {
    Ascending,
    Descending,
}

/// The key-value operations the product needs, and nothing more.
#[async_trait]
pub trait Items: Send + Sync {
    async fn put(&self, item: Item, mode: PutMode) -> Result<()>;
    async fn get(&self, pk: &str, sk: &str, now: i64) -> Result<Option<Item>>;
    /// Items under `pk` whose sort key starts with `sk_prefix`, ascending by sort key.
    async fn query(&self, pk: &str, sk_prefix: &str, now: i64) -> Result<Vec<Item>>;
    /// Items on the secondary index under `gsi1pk` (and exactly `gsi1sk`, when given), ascending.
    async fn query_index(&self, gsi1pk: &str, gsi1sk: Option<&str>, now: i64) -> Result<Vec<Item>>;
    /// Items on the secondary index under `gsi1pk` whose sort key is from `from` to `to`
    /// (both included), ascending: one range of the index, not all of it.
    async fn query_index_range(&self, gsi1pk: &str, from: &str, to: &str, now: i64) -> Result<Vec<Item>>;
    /// Atomically adds `delta` to the counter at the key, creating it at zero (expiring at
    /// `expires_at`) if absent or expired, and returns the new count: one update, so concurrent
    /// callers each see a different count (the rate limits decide on it; `rate.rs`).
    async fn add(&self, pk: &str, sk: &str, delta: i64, expires_at: i64, now: i64) -> Result<i64>;
    /// At most `limit` items of `range` in `order`, starting after `after`: one query, never a scan.
    async fn page(&self, range: Range<'_>, order: Order, after: Option<&Position>, limit: usize) -> Result<ItemPage>;
    /// Removes an item (nothing happens when there is none).
    async fn delete(&self, pk: &str, sk: &str) -> Result<()>;
    /// Removes the item only while its text field `field` is `value` (one conditional delete):
    /// whether it was removed.
    async fn delete_if(&self, pk: &str, sk: &str, field: &str, value: &str) -> Result<bool>;
}

/// Where the store lives: `embedded:PATH` (SQLite) or `dynamodb:TABLE`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StoreUrl {
    Embedded(String),
    DynamoDb(String),
}

pub const DEFAULT_STORE: &str = "embedded:var/academy.db";

impl std::str::FromStr for StoreUrl {
    type Err = String;

    fn from_str(s: &str) -> std::result::Result<Self, String> {
        match s.split_once(':') {
            Some(("embedded", path)) if !path.is_empty() => Ok(Self::Embedded(path.into())),
            Some(("dynamodb", table)) if !table.is_empty() => Ok(Self::DynamoDb(table.into())),
            _ => Err(format!("store must be embedded:PATH or dynamodb:TABLE, not {s:?}")),
        }
    }
}

impl StoreUrl {
    /// Opens the store; the DynamoDB client takes its region, credentials and endpoint
    /// (`AWS_ENDPOINT_URL`) from the usual AWS environment.
    pub async fn open(&self) -> Result<Store> {
        let items: Arc<dyn Items> = match self {
            Self::Embedded(path) => Arc::new(sqlite::SqliteItems::open(path)?),
            Self::DynamoDb(table) => {
                let config = crate::tls::aws_loader().load().await;
                Arc::new(dynamodb::DynamoItems::new(dynamodb::client(&config), table))
            }
        };
        Ok(Store::new(items))
    }
}

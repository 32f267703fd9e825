//! The product's records on top of `Items`: one mapping for both backends.

use super::{keys, Item, Items, Result, StoreError};
use crate::domain::Submission;
use serde::{de::DeserializeOwned, Serialize};
use serde_json::{Map, Value};
use std::sync::Arc;

/// Typed access to every record the product stores.
#[derive(Clone)]
pub struct Store {
    items: Arc<dyn Items>,
}

pub(super) fn body_of<T: Serialize>(record: &T) -> Result<Map<String, Value>> {
    match serde_json::to_value(record) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err(StoreError::Corrupt("record is not an object".into())),
        Err(e) => Err(StoreError::Corrupt(e.to_string())),
    }
}

pub(super) fn record_of<T: DeserializeOwned>(item: Item) -> Result<T> {
    serde_json::from_value(Value::Object(item.body))
        .map_err(|e| StoreError::Corrupt(format!("{} {}: {e}", item.pk, item.sk)))
}

pub(super) fn records_of<T: DeserializeOwned>(items: Vec<Item>) -> Result<Vec<T>> {
    items.into_iter().map(record_of).collect()
}

/// Submissions are also indexed by creation time, so ops can list them in order.
pub(super) fn submission_item(submission: &Submission) -> Result<Item> {
    let mut it = item(keys::submission_pk(&submission.id), keys::SUBMISSION.into(), submission)?;
    it.gsi1 = Some((keys::SUBMISSION.into(), format!("{:012}#{}", submission.created_at, submission.id)));
    Ok(it)
}

pub(super) fn item<T: Serialize>(pk: String, sk: String, record: &T) -> Result<Item> {
    Ok(Item { pk, sk, gsi1: None, expires_at: None, body: body_of(record)? })
}

impl Store {
    pub fn new(items: Arc<dyn Items>) -> Self {
        Self { items }
    }

    pub(super) fn items(&self) -> &dyn Items {
        self.items.as_ref()
    }
}

//! The product's records on top of `Items`: one mapping for both backends.

use super::{keys, Item, Items, Order, Position, Range, Result, StoreError};
use crate::domain::Submission;
use base64::{engine::general_purpose::URL_SAFE_NO_PAD, Engine};
use serde::{de::DeserializeOwned, Serialize};
use serde_json::{Map, Value};
use std::sync::Arc;

/// Typed access to every record the product stores.
#[derive(Clone)]
pub struct Store {
    items: Arc<dyn Items>,
}

pub fn body_of<T: Serialize>(record: &T) -> Result<Map<String, Value>> {
    match serde_json::to_value(record) {
        Ok(Value::Object(map)) => Ok(map),
        Ok(_) => Err(StoreError::Corrupt("record is not an object".into())),
        Err(e) => Err(StoreError::Corrupt(e.to_string())),
    }
}

pub fn record_of<T: DeserializeOwned>(item: Item) -> Result<T> {
    serde_json::from_value(Value::Object(item.body))
        .map_err(|e| StoreError::Corrupt(format!("{} {}: {e}", item.pk, item.sk)))
}

pub fn records_of<T: DeserializeOwned>(items: Vec<Item>) -> Result<Vec<T>> {
    items.into_iter().map(record_of).collect()
}

/// Submissions are also indexed by creation time, so ops can list them in order.
pub(super) fn submission_item(submission: &Submission) -> Result<Item> {
    let mut it = item(keys::submission_pk(&submission.id), keys::SUBMISSION.into(), submission)?;
    it.gsi1 = Some((keys::SUBMISSION.into(), format!("{:012}#{}", submission.created_at, submission.id)));
    Ok(it)
}

pub fn item<T: Serialize>(pk: String, sk: String, record: &T) -> Result<Item> {
    Ok(Item { pk, sk, gsi1: None, expires_at: None, body: body_of(record)? })
}

/// A place in a list, handed to a client as an opaque `nextCursor` and taken back as `cursor`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Cursor(pub Position);

/// The longest cursor text accepted (keys are short; this bounds the decoding).
const MAX_CURSOR_CHARS: usize = 1024;

impl Cursor {
    pub fn encode(&self) -> String {
        URL_SAFE_NO_PAD.encode(serde_json::to_vec(&self.0).unwrap_or_default())
    }

    /// The cursor a client sent; `BadCursor` if it is not one a list gave.
    pub fn decode(text: &str) -> Result<Self> {
        if text.len() > MAX_CURSOR_CHARS {
            return Err(StoreError::BadCursor);
        }
        let bytes = URL_SAFE_NO_PAD.decode(text).map_err(|_| StoreError::BadCursor)?;
        serde_json::from_slice(&bytes).map(Self).map_err(|_| StoreError::BadCursor)
    }
}

/// One page of records, each with its place (to continue after it), and whether more may follow.
#[derive(Clone, Debug, PartialEq)]
pub struct Page<T> {
    pub records: Vec<(Cursor, T)>,
    pub more: bool,
}

impl<T> Page<T> {
    /// The records, and the cursor after the last of them when more may follow.
    pub fn into_parts(mut self) -> (Vec<T>, Option<Cursor>) {
        let next = if self.more { self.records.last().map(|(at, _)| at.clone()) } else { None };
        (self.records.drain(..).map(|(_, r)| r).collect(), next)
    }
}

impl Store {
    /// One page of `range` as records of type `T`, after `after` (which must lie in `range`).
    pub async fn page_of<T: DeserializeOwned>(
        &self,
        range: Range<'_>,
        order: Order,
        after: Option<&Cursor>,
        limit: usize,
    ) -> Result<Page<T>> {
        if after.is_some_and(|c| !range.holds(&c.0)) {
            return Err(StoreError::BadCursor);
        }
        let page = self.items.page(range, order, after.map(|c| &c.0), limit).await?;
        let records = page
            .items
            .into_iter()
            .map(|item| Ok((Cursor(Position::of(&item)), record_of(item)?)))
            .collect::<Result<Vec<_>>>()?;
        Ok(Page { records, more: page.more })
    }

    /// Every record of `range`, page by page (for lists bounded by what they hold, e.g. one batch's students).
    pub async fn all_of<T: DeserializeOwned>(&self, range: Range<'_>) -> Result<Vec<T>> {
        const PAGE: usize = 500;
        let (mut out, mut after) = (Vec::new(), None);
        loop {
            let (records, next) = self.page_of::<T>(range, Order::Ascending, after.as_ref(), PAGE).await?.into_parts();
            out.extend(records);
            match next {
                Some(cursor) => after = Some(cursor),
                None => return Ok(out),
            }
        }
    }

    pub fn new(items: Arc<dyn Items>) -> Self {
        Self { items }
    }

    /// The items under the records: a feature that keeps its own key layout (`payments::store`) works on them.
    pub fn items(&self) -> &dyn Items {
        self.items.as_ref()
    }
}

//! The AWS store: one DynamoDB table with string `pk`/`sk`, the `gsi1` index and an
//! `expires_at` TTL attribute. Record attributes are mapped with serde_dynamo.

use super::{Item, ItemPage, Items, Order, Position, PutMode, Range, Result, StoreError};
use async_trait::async_trait;
use aws_sdk_dynamodb::config::timeout::TimeoutConfig;
use aws_sdk_dynamodb::operation::query::builders::QueryFluentBuilder;
pub use aws_sdk_dynamodb::Client;
use aws_sdk_dynamodb::{
    error::DisplayErrorContext,
    types::{
        AttributeDefinition, AttributeValue, BillingMode, GlobalSecondaryIndex, KeySchemaElement, KeyType, Projection,
        ProjectionType, ReturnValue, ScalarAttributeType,
    },
};
use serde_json::{Map, Value};
use std::collections::HashMap;
use std::time::Duration;

pub const GSI1: &str = "gsi1";

/// How long one store call may take: a connection, each attempt, and the whole call with its
/// retries. DynamoDB answers in milliseconds when it is well; a slow or hanging one then fails the
/// call (the API answers 503 JSON) well within a function's 10 s, instead of the function timing
/// out with no answer of ours.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(2);
pub const ATTEMPT_TIMEOUT: Duration = Duration::from_secs(2);
pub const CALL_TIMEOUT: Duration = Duration::from_secs(5);

/// A DynamoDB client made from `config` with the timeouts above.
pub fn client(config: &aws_config::SdkConfig) -> Client {
    let timeouts = TimeoutConfig::builder()
        .connect_timeout(CONNECT_TIMEOUT)
        .operation_attempt_timeout(ATTEMPT_TIMEOUT)
        .operation_timeout(CALL_TIMEOUT)
        .build();
    Client::from_conf(aws_sdk_dynamodb::config::Builder::from(config).timeout_config(timeouts).build())
}
const KEY_ATTRS: [&str; 5] = ["pk", "sk", "gsi1pk", "gsi1sk", "expires_at"];

pub struct DynamoItems {
    client: Client,
    table: String,
}

type Attrs = HashMap<String, AttributeValue>;

fn backend<E: std::error::Error>(e: E) -> StoreError {
    StoreError::Backend(DisplayErrorContext(e).to_string())
}

fn s(v: &str) -> AttributeValue {
    AttributeValue::S(v.to_owned())
}

fn n(v: i64) -> AttributeValue {
    AttributeValue::N(v.to_string())
}

fn to_attrs(item: Item) -> Result<Attrs> {
    let mut attrs: Attrs = serde_dynamo::to_item(&item.body).map_err(|e| StoreError::Corrupt(e.to_string()))?;
    attrs.insert("pk".into(), s(&item.pk));
    attrs.insert("sk".into(), s(&item.sk));
    if let Some((gpk, gsk)) = &item.gsi1 {
        attrs.insert("gsi1pk".into(), s(gpk));
        attrs.insert("gsi1sk".into(), s(gsk));
    }
    if let Some(at) = item.expires_at {
        attrs.insert("expires_at".into(), n(at));
    }
    Ok(attrs)
}

fn text(attrs: &mut Attrs, name: &str) -> Option<String> {
    match attrs.remove(name) {
        Some(AttributeValue::S(v)) => Some(v),
        _ => None,
    }
}

fn from_attrs(mut attrs: Attrs) -> Result<Item> {
    let missing = || StoreError::Corrupt("item without pk/sk".into());
    let pk = text(&mut attrs, "pk").ok_or_else(missing)?;
    let sk = text(&mut attrs, "sk").ok_or_else(missing)?;
    let gsi1 = text(&mut attrs, "gsi1pk").zip(text(&mut attrs, "gsi1sk"));
    let expires_at = match attrs.remove("expires_at") {
        Some(AttributeValue::N(v)) => v.parse().ok(),
        _ => None,
    };
    for name in KEY_ATTRS {
        attrs.remove(name);
    }
    let body: Map<String, Value> = serde_dynamo::from_item(attrs).map_err(|e| StoreError::Corrupt(e.to_string()))?;
    Ok(Item { pk, sk, gsi1, expires_at, body })
}

fn live(items: Vec<Attrs>, now: i64) -> Result<Vec<Item>> {
    let items = items.into_iter().map(from_attrs).collect::<Result<Vec<_>>>()?;
    Ok(items.into_iter().filter(|it| it.is_live(now)).collect())
}

impl DynamoItems {
    pub fn new(client: Client, table: &str) -> Self {
        Self { client, table: table.to_owned() }
    }

    /// A query of the table (consistent) or of an index (eventually consistent: indexes offer no other).
    fn query(&self, index: Option<&str>, condition: &str, values: Attrs) -> QueryFluentBuilder {
        self.client
            .query()
            .table_name(&self.table)
            .set_index_name(index.map(str::to_owned))
            .key_condition_expression(condition)
            .set_expression_attribute_values(Some(values))
            .consistent_read(index.is_none())
    }

    /// Runs a query to its last page.
    async fn query_all(&self, index: Option<&str>, condition: &str, values: Attrs) -> Result<Vec<Attrs>> {
        let mut out = Vec::new();
        let mut start: Option<Attrs> = None;
        loop {
            let page = self
                .query(index, condition, values.clone())
                .set_exclusive_start_key(start.take())
                .send()
                .await
                .map_err(backend)?;
            out.extend(page.items.unwrap_or_default());
            match page.last_evaluated_key {
                Some(key) if !key.is_empty() => start = Some(key),
                _ => return Ok(out),
            }
        }
    }
}

#[async_trait]
impl Items for DynamoItems {
    async fn put(&self, item: Item, mode: PutMode) -> Result<()> {
        let mut request = self.client.put_item().table_name(&self.table).set_item(Some(to_attrs(item)?));
        if mode == PutMode::IfAbsent {
            request = request.condition_expression("attribute_not_exists(pk)");
        }
        match request.send().await {
            Ok(_) => Ok(()),
            Err(e) if e.as_service_error().is_some_and(|se| se.is_conditional_check_failed_exception()) => {
                Err(StoreError::Conflict)
            }
            Err(e) => Err(backend(e)),
        }
    }

    async fn get(&self, pk: &str, sk: &str, now: i64) -> Result<Option<Item>> {
        let out = self
            .client
            .get_item()
            .table_name(&self.table)
            .key("pk", s(pk))
            .key("sk", s(sk))
            .consistent_read(true)
            .send()
            .await
            .map_err(backend)?;
        Ok(live(out.item.into_iter().collect(), now)?.pop())
    }

    async fn query(&self, pk: &str, sk_prefix: &str, now: i64) -> Result<Vec<Item>> {
        let values = HashMap::from([(":pk".to_owned(), s(pk)), (":p".to_owned(), s(sk_prefix))]);
        live(self.query_all(None, "pk = :pk AND begins_with(sk, :p)", values).await?, now)
    }

    async fn query_index(&self, gsi1pk: &str, gsi1sk: Option<&str>, now: i64) -> Result<Vec<Item>> {
        let mut values = HashMap::from([(":g".to_owned(), s(gsi1pk))]);
        let condition = match gsi1sk {
            Some(sk) => {
                values.insert(":s".into(), s(sk));
                "gsi1pk = :g AND gsi1sk = :s"
            }
            None => "gsi1pk = :g",
        };
        live(self.query_all(Some(GSI1), condition, values).await?, now)
    }

    async fn query_index_range(&self, gsi1pk: &str, from: &str, to: &str, now: i64) -> Result<Vec<Item>> {
        let values =
            HashMap::from([(":g".to_owned(), s(gsi1pk)), (":a".to_owned(), s(from)), (":b".to_owned(), s(to))]);
        live(self.query_all(Some(GSI1), "gsi1pk = :g AND gsi1sk BETWEEN :a AND :b", values).await?, now)
    }

    async fn add(&self, pk: &str, sk: &str, delta: i64, expires_at: i64, now: i64) -> Result<i64> {
        // Two tries: an expired counter that TTL has not yet deleted is replaced (conditionally,
        // so concurrent callers cannot both start it again), then the update is repeated.
        for _ in 0..2 {
            let added = self
                .client
                .update_item()
                .table_name(&self.table)
                .key("pk", s(pk))
                .key("sk", s(sk))
                .condition_expression("attribute_not_exists(pk) OR expires_at > :now")
                .update_expression("ADD #n :delta SET expires_at = if_not_exists(expires_at, :exp)")
                .expression_attribute_names("#n", "n")
                .expression_attribute_values(":delta", n(delta))
                .expression_attribute_values(":exp", n(expires_at))
                .expression_attribute_values(":now", n(now))
                .return_values(ReturnValue::UpdatedNew)
                .send()
                .await;
            match added {
                Ok(out) => {
                    return match out.attributes.as_ref().and_then(|a| a.get("n")) {
                        Some(AttributeValue::N(v)) => v.parse().map_err(|_| StoreError::Corrupt("counter".into())),
                        _ => Err(StoreError::Corrupt("counter missing after update".into())),
                    }
                }
                Err(e) if e.as_service_error().is_some_and(|se| se.is_conditional_check_failed_exception()) => {
                    let restarted = self
                        .client
                        .put_item()
                        .table_name(&self.table)
                        .item("pk", s(pk))
                        .item("sk", s(sk))
                        .item("n", n(0))
                        .item("expires_at", n(expires_at))
                        .condition_expression("expires_at <= :now")
                        .expression_attribute_values(":now", n(now))
                        .send()
                        .await;
                    match restarted {
                        Ok(_) => {}
                        Err(e) if e.as_service_error().is_some_and(|se| se.is_conditional_check_failed_exception()) => {
                        }
                        Err(e) => return Err(backend(e)),
                    }
                }
                Err(e) => return Err(backend(e)),
            }
        }
        Err(StoreError::Backend("the counter kept expiring while it was updated".into()))
    }

    async fn page(&self, range: Range<'_>, order: Order, after: Option<&Position>, limit: usize) -> Result<ItemPage> {
        let (index, (key, sort_key), (value, prefix)) = match range {
            Range::Table { pk, sk_prefix } => (None, ("pk", "sk"), (pk, sk_prefix)),
            Range::Index { gsi1pk, gsi1sk_prefix } => (Some(GSI1), ("gsi1pk", "gsi1sk"), (gsi1pk, gsi1sk_prefix)),
        };
        // DynamoDB refuses an empty string as a key's value, even in begins_with: no prefix, no condition on it.
        let mut values = HashMap::from([(":k".to_owned(), s(value))]);
        let condition = if prefix.is_empty() {
            format!("{key} = :k")
        } else {
            values.insert(":p".to_owned(), s(prefix));
            format!("{key} = :k AND begins_with({sort_key}, :p)")
        };
        let start = after.map(|p| {
            let mut key = HashMap::from([("pk".to_owned(), s(&p.pk)), ("sk".to_owned(), s(&p.sk))]);
            if let (Some((g, k)), Some(_)) = (&p.gsi1, index) {
                key.insert("gsi1pk".into(), s(g));
                key.insert("gsi1sk".into(), s(k));
            }
            key
        });
        // One more than asked: whether there is more is then known without a second call.
        let fetch = i32::try_from(limit.saturating_add(1)).unwrap_or(i32::MAX);
        let page = self
            .query(index, &condition, values)
            .scan_index_forward(order == Order::Ascending)
            .set_exclusive_start_key(start)
            .limit(fetch)
            .send()
            .await
            .map_err(backend)?;
        let cut_short = page.last_evaluated_key.is_some_and(|k| !k.is_empty());
        let mut items = page.items.unwrap_or_default().into_iter().map(from_attrs).collect::<Result<Vec<_>>>()?;
        // A full page, or one DynamoDB cut at its 1 MB read limit.
        let more = items.len() > limit || cut_short;
        items.truncate(limit);
        Ok(ItemPage { items, more })
    }

    async fn delete(&self, pk: &str, sk: &str) -> Result<()> {
        self.client
            .delete_item()
            .table_name(&self.table)
            .key("pk", s(pk))
            .key("sk", s(sk))
            .send()
            .await
            .map_err(backend)?;
        Ok(())
    }

    async fn delete_if(&self, pk: &str, sk: &str, field: &str, value: &str) -> Result<bool> {
        let deleted = self
            .client
            .delete_item()
            .table_name(&self.table)
            .key("pk", s(pk))
            .key("sk", s(sk))
            .condition_expression("#field = :value")
            .expression_attribute_names("#field", field)
            .expression_attribute_values(":value", s(value))
            .send()
            .await;
        match deleted {
            Ok(_) => Ok(true),
            Err(e) if e.as_service_error().is_some_and(|se| se.is_conditional_check_failed_exception()) => Ok(false),
            Err(e) => Err(backend(e)),
        }
    }
}

/// Creates the table as `template.yaml` declares it (for moto, local DynamoDB and tests).
pub async fn create_table(client: &Client, table: &str) -> Result<()> {
    let attr = |name: &str| {
        AttributeDefinition::builder()
            .attribute_name(name)
            .attribute_type(ScalarAttributeType::S)
            .build()
            .map_err(backend)
    };
    let key = |name: &str, kind: KeyType| {
        KeySchemaElement::builder().attribute_name(name).key_type(kind).build().map_err(backend)
    };
    let index = GlobalSecondaryIndex::builder()
        .index_name(GSI1)
        .key_schema(key("gsi1pk", KeyType::Hash)?)
        .key_schema(key("gsi1sk", KeyType::Range)?)
        .projection(Projection::builder().projection_type(ProjectionType::All).build())
        .build()
        .map_err(backend)?;
    client
        .create_table()
        .table_name(table)
        .billing_mode(BillingMode::PayPerRequest)
        .attribute_definitions(attr("pk")?)
        .attribute_definitions(attr("sk")?)
        .attribute_definitions(attr("gsi1pk")?)
        .attribute_definitions(attr("gsi1sk")?)
        .key_schema(key("pk", KeyType::Hash)?)
        .key_schema(key("sk", KeyType::Range)?)
        .global_secondary_indexes(index)
        .send()
        .await
        .map_err(backend)?;
    Ok(())
}

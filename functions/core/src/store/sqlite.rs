//! The embedded store: one SQLite `items` table mirroring the DynamoDB keys. WAL mode and a
//! busy timeout let `academy serve` and the `academy` CLI use one file at the same time.

use super::{Item, ItemPage, Items, Order, Position, PutMode, Range, Result, StoreError};
use async_trait::async_trait;
use rusqlite::{params, Connection, OptionalExtension};
use std::sync::{Arc, Mutex};

pub struct SqliteItems {
    conn: Arc<Mutex<Connection>>,
}

const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS items (
    pk TEXT NOT NULL,
    sk TEXT NOT NULL,
    gsi1pk TEXT,
    gsi1sk TEXT,
    expires_at INTEGER,
    body TEXT NOT NULL,
    PRIMARY KEY (pk, sk)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS items_gsi1 ON items (gsi1pk, gsi1sk) WHERE gsi1pk IS NOT NULL;
";

fn backend(e: rusqlite::Error) -> StoreError {
    StoreError::Backend(e.to_string())
}

impl SqliteItems {
    /// Opens (creating if needed) the database file and its parent folder.
    pub fn open(path: &str) -> Result<Self> {
        if let Some(dir) = std::path::Path::new(path).parent().filter(|d| !d.as_os_str().is_empty()) {
            std::fs::create_dir_all(dir).map_err(|e| StoreError::Backend(format!("{}: {e}", dir.display())))?;
        }
        let conn = Connection::open(path).map_err(backend)?;
        conn.busy_timeout(std::time::Duration::from_secs(5)).map_err(backend)?;
        conn.pragma_update(None, "journal_mode", "WAL").map_err(backend)?;
        conn.pragma_update(None, "synchronous", "NORMAL").map_err(backend)?;
        conn.execute_batch(SCHEMA).map_err(backend)?;
        Ok(Self { conn: Arc::new(Mutex::new(conn)) })
    }

    /// Runs `f` on the connection off the async threads.
    async fn with<T: Send + 'static>(
        &self,
        f: impl FnOnce(&mut Connection) -> Result<T> + Send + 'static,
    ) -> Result<T> {
        let conn = self.conn.clone();
        tokio::task::spawn_blocking(move || {
            let mut guard = conn.lock().map_err(|_| StoreError::Backend("connection poisoned".into()))?;
            f(&mut guard)
        })
        .await
        .map_err(|e| StoreError::Backend(e.to_string()))?
    }
}

const COLUMNS: &str = "pk, sk, gsi1pk, gsi1sk, expires_at, body";

fn row_to_item(row: &rusqlite::Row) -> rusqlite::Result<(Item, String)> {
    let gsi1pk: Option<String> = row.get(2)?;
    let gsi1sk: Option<String> = row.get(3)?;
    let item = Item {
        pk: row.get(0)?,
        sk: row.get(1)?,
        gsi1: gsi1pk.zip(gsi1sk),
        expires_at: row.get(4)?,
        body: Default::default(),
    };
    Ok((item, row.get(5)?))
}

fn parse(rows: Vec<(Item, String)>, now: i64) -> Result<Vec<Item>> {
    rows.into_iter()
        .filter(|(it, _)| it.is_live(now))
        .map(|(mut it, body)| {
            it.body = serde_json::from_str(&body).map_err(|e| StoreError::Corrupt(e.to_string()))?;
            Ok(it)
        })
        .collect()
}

/// `LIKE` pattern matching strings that start with `prefix`.
fn like_prefix(prefix: &str) -> String {
    let escaped = prefix.replace('\\', "\\\\").replace('%', "\\%").replace('_', "\\_");
    format!("{escaped}%")
}

#[async_trait]
impl Items for SqliteItems {
    async fn put(&self, item: Item, mode: PutMode) -> Result<()> {
        let body = serde_json::to_string(&item.body).map_err(|e| StoreError::Corrupt(e.to_string()))?;
        self.with(move |conn| {
            let verb = match mode {
                PutMode::Upsert => "INSERT OR REPLACE",
                PutMode::IfAbsent => "INSERT",
            };
            let (gpk, gsk) = item.gsi1.unzip();
            let sql = format!("{verb} INTO items ({COLUMNS}) VALUES (?1, ?2, ?3, ?4, ?5, ?6)");
            match conn.execute(&sql, params![item.pk, item.sk, gpk, gsk, item.expires_at, body]) {
                Ok(_) => Ok(()),
                Err(rusqlite::Error::SqliteFailure(e, _)) if e.code == rusqlite::ErrorCode::ConstraintViolation => {
                    Err(StoreError::Conflict)
                }
                Err(e) => Err(backend(e)),
            }
        })
        .await
    }

    async fn get(&self, pk: &str, sk: &str, now: i64) -> Result<Option<Item>> {
        let (pk, sk) = (pk.to_owned(), sk.to_owned());
        let row = self
            .with(move |conn| {
                conn.query_row(
                    &format!("SELECT {COLUMNS} FROM items WHERE pk = ?1 AND sk = ?2"),
                    params![pk, sk],
                    row_to_item,
                )
                .optional()
                .map_err(backend)
            })
            .await?;
        Ok(parse(row.into_iter().collect(), now)?.pop())
    }

    async fn query(&self, pk: &str, sk_prefix: &str, now: i64) -> Result<Vec<Item>> {
        let (pk, pattern) = (pk.to_owned(), like_prefix(sk_prefix));
        let rows = self
            .with(move |conn| {
                let sql = format!("SELECT {COLUMNS} FROM items WHERE pk = ?1 AND sk LIKE ?2 ESCAPE '\\' ORDER BY sk");
                let mut stmt = conn.prepare(&sql).map_err(backend)?;
                let rows = stmt.query_map(params![pk, pattern], row_to_item).map_err(backend)?;
                rows.collect::<rusqlite::Result<Vec<_>>>().map_err(backend)
            })
            .await?;
        parse(rows, now)
    }

    async fn query_index(&self, gsi1pk: &str, gsi1sk: Option<&str>, now: i64) -> Result<Vec<Item>> {
        let (gpk, gsk) = (gsi1pk.to_owned(), gsi1sk.map(str::to_owned));
        let rows = self
            .with(move |conn| {
                let sql = format!(
                    "SELECT {COLUMNS} FROM items WHERE gsi1pk = ?1 AND (?2 IS NULL OR gsi1sk = ?2) ORDER BY gsi1sk"
                );
                let mut stmt = conn.prepare(&sql).map_err(backend)?;
                let rows = stmt.query_map(params![gpk, gsk], row_to_item).map_err(backend)?;
                rows.collect::<rusqlite::Result<Vec<_>>>().map_err(backend)
            })
            .await?;
        parse(rows, now)
    }

    async fn query_index_range(&self, gsi1pk: &str, from: &str, to: &str, now: i64) -> Result<Vec<Item>> {
        let (gpk, from, to) = (gsi1pk.to_owned(), from.to_owned(), to.to_owned());
        let rows = self
            .with(move |conn| {
                let sql = format!(
                    "SELECT {COLUMNS} FROM items WHERE gsi1pk = ?1 AND gsi1sk BETWEEN ?2 AND ?3 ORDER BY gsi1sk"
                );
                let mut stmt = conn.prepare(&sql).map_err(backend)?;
                let rows = stmt.query_map(params![gpk, from, to], row_to_item).map_err(backend)?;
                rows.collect::<rusqlite::Result<Vec<_>>>().map_err(backend)
            })
            .await?;
        parse(rows, now)
    }

    async fn add(&self, pk: &str, sk: &str, delta: i64, expires_at: i64, now: i64) -> Result<i64> {
        let (pk, sk) = (pk.to_owned(), sk.to_owned());
        self.with(move |conn| {
            // IMMEDIATE takes the write lock first, so two processes cannot both read the old count.
            let tx = conn.transaction_with_behavior(rusqlite::TransactionBehavior::Immediate).map_err(backend)?;
            let current: Option<(Option<i64>, String)> = tx
                .query_row("SELECT expires_at, body FROM items WHERE pk = ?1 AND sk = ?2", params![pk, sk], |r| {
                    Ok((r.get(0)?, r.get(1)?))
                })
                .optional()
                .map_err(backend)?;
            let (count, keep_expiry) = match current {
                Some((exp, body)) if exp.is_none_or(|e| e > now) => {
                    let body: serde_json::Value =
                        serde_json::from_str(&body).map_err(|e| StoreError::Corrupt(e.to_string()))?;
                    (body.get("n").and_then(|n| n.as_i64()).unwrap_or(0) + delta, exp)
                }
                _ => (delta, Some(expires_at)),
            };
            let body = serde_json::json!({ "n": count }).to_string();
            tx.execute(
                &format!("INSERT OR REPLACE INTO items ({COLUMNS}) VALUES (?1, ?2, NULL, NULL, ?3, ?4)"),
                params![pk, sk, keep_expiry, body],
            )
            .map_err(backend)?;
            tx.commit().map_err(backend)?;
            Ok(count)
        })
        .await
    }

    async fn page(&self, range: Range<'_>, order: Order, after: Option<&Position>, limit: usize) -> Result<ItemPage> {
        let (key, sort, prefix) = match range {
            Range::Table { pk, sk_prefix } => ("pk", "sk", (pk.to_owned(), like_prefix(sk_prefix))),
            Range::Index { gsi1pk, gsi1sk_prefix } => {
                ("gsi1pk", "gsi1sk", (gsi1pk.to_owned(), like_prefix(gsi1sk_prefix)))
            }
        };
        let (cmp, dir) = match order {
            Order::Ascending => (">", "ASC"),
            Order::Descending => ("<", "DESC"),
        };
        // The position to continue after, as the sort tuple: (sk) in the table, (gsi1sk, pk, sk) on the index.
        let (after_sort, after_pk, after_sk) = match after {
            None => (None, None, None),
            Some(p) => match range {
                Range::Table { .. } => (Some(p.sk.clone()), None, None),
                Range::Index { .. } => {
                    (p.gsi1.as_ref().map(|(_, s)| s.clone()), Some(p.pk.clone()), Some(p.sk.clone()))
                }
            },
        };
        let ties = match range {
            Range::Table { .. } => String::new(),
            Range::Index { .. } => format!(", pk {dir}, sk {dir}"),
        };
        let after_clause = match range {
            Range::Table { .. } => format!("(?3 IS NULL OR sk {cmp} ?3)"),
            Range::Index { .. } => format!("(?3 IS NULL OR (gsi1sk, pk, sk) {cmp} (?3, ?4, ?5))"),
        };
        let sql = format!(
            "SELECT {COLUMNS} FROM items WHERE {key} = ?1 AND {sort} LIKE ?2 ESCAPE '\\' AND {after_clause} \
             ORDER BY {sort} {dir}{ties} LIMIT ?6"
        );
        let fetch = limit.saturating_add(1) as i64;
        let rows = self
            .with(move |conn| {
                let mut stmt = conn.prepare(&sql).map_err(backend)?;
                let rows = stmt
                    .query_map(params![prefix.0, prefix.1, after_sort, after_pk, after_sk, fetch], row_to_item)
                    .map_err(backend)?;
                rows.collect::<rusqlite::Result<Vec<_>>>().map_err(backend)
            })
            .await?;
        let more = rows.len() > limit;
        let mut items = parse(rows, 0)?;
        items.truncate(limit);
        Ok(ItemPage { items, more })
    }

    async fn delete(&self, pk: &str, sk: &str) -> Result<()> {
        let (pk, sk) = (pk.to_owned(), sk.to_owned());
        self.with(move |conn| {
            conn.execute("DELETE FROM items WHERE pk = ?1 AND sk = ?2", params![pk, sk]).map_err(backend)?;
            Ok(())
        })
        .await
    }

    async fn delete_if(&self, pk: &str, sk: &str, field: &str, value: &str) -> Result<bool> {
        let (pk, sk, path, value) = (pk.to_owned(), sk.to_owned(), format!("$.\"{field}\""), value.to_owned());
        self.with(move |conn| {
            let sql = "DELETE FROM items WHERE pk = ?1 AND sk = ?2 AND json_extract(body, ?3) = ?4";
            Ok(conn.execute(sql, params![pk, sk, path, value]).map_err(backend)? == 1)
        })
        .await
    }
}

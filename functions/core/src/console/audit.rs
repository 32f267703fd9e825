//! The audit trail: who did what to which record, when, and how it ended. Each staff write is
//! recorded after it ran, whatever its outcome (a refused request too); `GET /api/staff/audit`
//! lists the trail newest first. Nothing in the API changes or deletes an entry.

use super::{cursor, page_limit, Actor};
use crate::domain::AuditEntry;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::{ok, Answer};
use crate::store::AuditRecords;
use crate::{ids, time};
use lambda_http::Request;
use serde::Serialize;
use utoipa::ToSchema;

/// `GET /api/staff/audit` answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuditPage {
    pub items: Vec<AuditEntry>,
    /// Where the next page starts; none on the last page.
    pub next_cursor: Option<String>,
}

/// How a write ended, as the trail says it.
pub fn outcome_of<T>(result: &Result<T, ApiError>) -> &'static str {
    match result {
        Ok(_) => "ok",
        Err(e) if e.status().is_client_error() => "refused",
        Err(_) => "failed",
    }
}

/// Appends one entry for a write that ended as `result`, and hands `result` back. An entry that
/// cannot be written is logged as an error (the write itself already happened or failed).
pub async fn recorded<T>(
    store: &(impl AuditRecords + ?Sized),
    actor: &Actor,
    action: &str,
    target: &str,
    detail: Option<String>,
    result: Result<T, ApiError>,
) -> Result<T, ApiError> {
    let detail = detail.or_else(|| result.as_ref().err().map(ToString::to_string));
    let entry = AuditEntry {
        id: ids::generate(),
        at: time::now(),
        actor_sub: actor.sub.clone(),
        actor_email: actor.email.clone(),
        action: action.to_owned(),
        target: target.to_owned(),
        outcome: outcome_of(&result).to_owned(),
        detail,
    };
    if let Err(error) = store.append_audit(&entry, time::now_millis()).await {
        tracing::error!(action, target, %error, "could not write the audit trail");
    }
    result
}

#[utoipa::path(get, path = "/api/staff/audit", tag = "staff", operation_id = "staff_audit", security(("bearer" = [])),
    params(
        ("cursor" = Option<String>, Query, description = "the last page's nextCursor"),
        ("limit" = Option<usize>, Query, description = "rows per page, 1 to 100 (25)"),
    ),
    responses((status = 200, body = AuditPage), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn trail(store: &(impl AuditRecords + ?Sized), req: &Request) -> Answer {
    let (limit, after) = (page_limit(req)?, cursor(req)?);
    let (items, next) = store.page_audit(after.as_ref(), limit).await?.into_parts();
    Ok(ok(&AuditPage { items, next_cursor: next.map(|c| c.encode()) }))
}

//! The staff console's kit, which every feature's console side (`{feature}/console.rs`) uses: who
//! is acting (`Actor`, checked to be in the provider's `staff` group before any route runs:
//! `http::identity::identify_staff`; the gateway's authorizer only proves the token), a page of a
//! list (`page_limit`, `cursor`), the audit trail every write is appended to (`audit`), the
//! spreadsheets staff export and paste (`sheet`) and the checks several areas share (`checks`).
//! It imports no feature (docs/decisions/0028-staff-console.md).

pub mod api;
pub mod audit;
pub mod checks;
pub mod sheet;

use crate::http::error::ApiError;
use crate::http::identity::{verified_email_of, Student, Verifier};
use crate::http::query_value;
use crate::store::Cursor;
use lambda_http::Request;

/// A verified member of staff, as the audit trail names them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Actor {
    pub sub: String,
    pub email: Option<String>,
}

impl Actor {
    /// A caller already known to be staff, with their e-mail: from the token, else from the
    /// provider's userinfo endpoint (asked only here, for writes: reads need no name).
    pub async fn named(verifier: Option<&Verifier>, req: &Request, caller: Student) -> Self {
        let email = verified_email_of(verifier, req, &caller).await;
        Self { sub: caller.sub, email }
    }

    /// How records name who acted: the e-mail, else the account id.
    pub fn name(&self) -> &str {
        self.email.as_deref().unwrap_or(&self.sub)
    }
}

/// Rows per page unless `?limit=` says otherwise.
pub const PAGE: usize = 25;
/// The most rows a page may ask for.
pub const MAX_PAGE: usize = 100;

/// `?limit=`: 1 to `MAX_PAGE`, `PAGE` when absent.
pub fn page_limit(req: &Request) -> Result<usize, ApiError> {
    match query_value(req, "limit") {
        None => Ok(PAGE),
        Some(text) => text
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=MAX_PAGE).contains(n))
            .ok_or_else(|| ApiError::BadRequest(format!("The limit must be a whole number from 1 to {MAX_PAGE}."))),
    }
}

/// What a cursor looks like (`Cursor::encode`): URL-safe base64, at most 1,024 characters.
pub const CURSOR_PATTERN: &str = "^[A-Za-z0-9_-]{1,1024}$";

/// `?cursor=`: where the last page ended, as that page's `nextCursor` said. Not of a cursor's
/// form: 400; of its form but naming no place in this list: 404, as an unknown id is.
pub fn cursor(req: &Request) -> Result<Option<Cursor>, ApiError> {
    let Some(text) = query_value(req, "cursor") else { return Ok(None) };
    let formed = text.len() <= 1024 && text.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_' || b == b'-');
    if !formed {
        return Err(ApiError::BadRequest("The cursor must be a nextCursor this list gave.".into()));
    }
    Cursor::decode(&text).map(Some).map_err(ApiError::from)
}

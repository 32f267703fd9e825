//! The console kit's checks that several console areas share: an https link, a start time ahead
//! (within 2 years), a whole number in range, a field's reason noted, an account id as a path
//! names it, and how a batch's students are named (their enrolment, else the grant's label).

use crate::domain::{BatchLink, Enrolment};
use crate::http::error::ApiError;
use crate::store::{EnrolmentRecords, GrantRecords};
use crate::zones;
use std::collections::BTreeMap;

/// The longest link a slot or a session may carry.
pub const MAX_URL_CHARS: usize = 2048;
const DAY: i64 = 24 * 3600;
/// The longest account id (`sub`) a path may name.
pub const MAX_STUDENT_ID_CHARS: usize = 128;
/// A student's account id as a path names it (`checked_student`), for the contract.
pub const STUDENT_ID_PATTERN: &str = "^[A-Za-z0-9 @._+:|-]{1,128}$";

pub fn checked_url(url: &str) -> Result<String, String> {
    let refused = || "must be an https link".to_owned();
    if url.chars().count() > MAX_URL_CHARS || url.chars().any(char::is_whitespace) || !url.starts_with("https://") {
        return Err(refused());
    }
    let parsed = reqwest::Url::parse(url).map_err(|_| refused())?;
    parsed.host_str().filter(|h| !h.is_empty()).ok_or_else(refused)?;
    Ok(parsed.to_string())
}

/// How far ahead a class may be published or moved: 2 years (a mistyped year, not a plan).
pub const MAX_AHEAD_SECS: i64 = 2 * 365 * DAY;

pub fn checked_start(text: &str) -> Result<i64, String> {
    zones::checked_rfc3339(text).map_err(String::from)
}

/// A class may only be published or moved to a time still ahead, and within the next 2 years: a well-formed
/// time outside that window is refused as a conflict with today, as a past one is.
pub fn ahead(at: i64, now: i64) -> Result<(), ApiError> {
    if at <= now {
        return Err(ApiError::Conflict("The start time has passed: choose a time ahead.".into()));
    }
    if at > now + MAX_AHEAD_SECS {
        return Err(ApiError::Conflict("The start time must be within the next 2 years.".into()));
    }
    Ok(())
}

pub fn in_range(value: Option<u32>, min: u32, max: u32) -> Result<u32, String> {
    value.filter(|v| (min..=max).contains(v)).ok_or_else(|| format!("must be a whole number from {min} to {max}"))
}

/// A checked field's value, or its reason noted in `fields`.
pub fn noted<T>(fields: &mut BTreeMap<String, String>, name: &str, checked: Result<T, String>) -> Option<T> {
    checked.map_err(|why| fields.insert(name.to_owned(), why)).ok()
}

pub fn no_student() -> ApiError {
    ApiError::NotFound("No account linked to this batch has this id.".into())
}

/// An account id as a path names it (decoded): 1 to 128 of letters, digits, spaces and `@._+:|-`.
pub fn checked_student(student_id: &str) -> Result<&str, ApiError> {
    let allowed = |c: char| c.is_ascii_alphanumeric() || " @._+:|-".contains(c);
    let fine = !student_id.is_empty() && student_id.len() <= MAX_STUDENT_ID_CHARS && student_id.chars().all(allowed);
    fine.then_some(student_id).ok_or_else(no_student)
}

/// How the console names the batch's students: their enrolment by grant, else the grant's label.
pub struct Names {
    enrolments: BTreeMap<String, Enrolment>,
}

impl Names {
    pub async fn of(store: &(impl EnrolmentRecords + ?Sized), batch_id: &str) -> Result<Self, ApiError> {
        let enrolments =
            store.list_enrolments(batch_id).await?.into_iter().map(|e| (e.secret_hash.clone(), e)).collect();
        Ok(Self { enrolments })
    }

    pub async fn name(
        &self,
        store: &(impl GrantRecords + ?Sized),
        link: &BatchLink,
    ) -> Result<(String, String), ApiError> {
        if let Some(e) = self.enrolments.get(&link.secret_hash) {
            return Ok((e.name.clone(), e.email.clone()));
        }
        let grant = store.find_grant(&link.batch_id, &link.secret_hash).await?;
        Ok((grant.and_then(|g| g.label).unwrap_or_else(|| "Secret ID".into()), String::new()))
    }
}

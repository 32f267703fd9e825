//! Enrolments: staff enrol a student in a batch (one at a time, or a pasted roster), which issues
//! them a Secret ID (a grant, as `academy grant` does, ending at the access end date if one is set)
//! and mails it in a welcome; list a batch's students with what they watched; revoke (the grant
//! and every account's link go at once); and send a new Secret ID (the old one revoked).
//!
//! The enrolment is stored before the mail is sent, and records whether the welcome went; the
//! Secret ID is in the answer once, as the CLI prints it once, and only its hash is kept.

use crate::console::audit::recorded;
use crate::console::{cursor, page_limit, Actor};
use crate::domain::{Batch, Enrolment, EnrolmentStatus, Handling};
use crate::enrolment::{self, enrol, new_grant, revoke_grant, send_welcome, Mailing, Refusal};
pub use crate::enrolment::{Activity, EnrolmentView};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::{json, json_body, ok, Answer};
use crate::store::{
    AuditRecords, CatalogRecords, EnrolmentRecords, GrantRecords, StoreError, StudentRecords, SubmissionRecords,
};
use crate::time;
use futures::stream::{self, StreamExt};
use lambda_http::{http::StatusCode, Request};
use serde::{Deserialize, Serialize};
use std::collections::BTreeMap;
use utoipa::ToSchema;
use validator::ValidateEmail;

/// The longest student name accepted.
pub const MAX_NAME_CHARS: usize = 100;
/// The longest e-mail address accepted (RFC 5321's path limit).
pub const MAX_EMAIL_CHARS: usize = 254;
/// Room for one enrolment's fields, as JSON escapes.
pub const MAX_ENROL_BODY: usize = 4 * 1024;
/// The longest roster text (a thousand lines of a name and an address, as characters).
pub const MAX_ROSTER_CHARS: usize = 60_000;
/// Room for the longest roster even as four-byte characters and JSON escapes.
pub const MAX_BULK_BODY: usize = 512 * 1024;
/// How many lines of a roster are enrolled at once.
const BULK_AT_ONCE: usize = 8;

/// Everything a student-facing store call needs, for the handlers here.
pub trait EnrolmentStore:
    CatalogRecords + GrantRecords + EnrolmentRecords + StudentRecords + SubmissionRecords + AuditRecords
{
}
impl<
        T: CatalogRecords + GrantRecords + EnrolmentRecords + StudentRecords + SubmissionRecords + AuditRecords + ?Sized,
    > EnrolmentStore for T
{
}

/// What the accounts holding each grant of `batch_id` did there, by the grant (Secret ID hash):
/// the accounts linked now, and those a revoke took the batch from (`enrolments`' revoked accounts).
pub async fn activity_by_grant(
    store: &(impl StudentRecords + ?Sized),
    batch_id: &str,
    enrolments: &[Enrolment],
) -> Result<BTreeMap<String, Activity>, ApiError> {
    let mut by_grant: BTreeMap<String, Activity> = BTreeMap::new();
    for account in accounts(store, batch_id, enrolments).await? {
        let progress = store.list_progress(&account.sub, batch_id).await?;
        let entry = by_grant.entry(account.secret_hash).or_default();
        entry.linked |= account.linked;
        entry.watched = entry.watched.max(progress.iter().filter(|p| p.completed).count() as u32);
        entry.last = entry.last.max(progress.iter().map(|p| p.updated_at).max());
    }
    Ok(by_grant)
}

/// An account whose progress in a batch counts for one of its grants.
pub struct GrantAccount {
    pub secret_hash: String,
    pub sub: String,
    /// Whether it holds the batch now (false: a revoke took it away).
    pub linked: bool,
}

/// The accounts linked to `batch_id`, then those a revoke unlinked from `enrolments`, each once per grant.
pub async fn accounts(
    store: &(impl StudentRecords + ?Sized),
    batch_id: &str,
    enrolments: &[Enrolment],
) -> Result<Vec<GrantAccount>, StoreError> {
    let mut found: Vec<GrantAccount> = store
        .list_batch_links(batch_id)
        .await?
        .into_iter()
        .map(|l| GrantAccount { secret_hash: l.secret_hash, sub: l.sub, linked: true })
        .collect();
    for enrolment in enrolments {
        for sub in &enrolment.revoked_accounts {
            if !found.iter().any(|a| a.secret_hash == enrolment.secret_hash && a.sub == *sub) {
                found.push(GrantAccount {
                    secret_hash: enrolment.secret_hash.clone(),
                    sub: sub.clone(),
                    linked: false,
                });
            }
        }
    }
    Ok(found)
}

/// `POST /api/staff/enrolments` body.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EnrolRequest {
    pub batch_id: String,
    pub name: String,
    pub email: String,
    /// The last day of access, `YYYY-MM-DD` (UTC); none: until revoked.
    pub access_until: Option<String>,
    /// The enquiry this enrolment answers: marked handled.
    pub enquiry_id: Option<String>,
}

/// An enrolment just made (or given a new Secret ID), with the Secret ID shown this once.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Enrolled {
    pub enrolment: EnrolmentView,
    pub secret_id: String,
}

/// `POST /api/staff/batches/{batchId}/enrolments/bulk` body.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct BulkRequest {
    /// `name,email` per line (a header line, a BOM and blank lines are ignored), at most 1,000 lines.
    pub csv: String,
    /// The last day of access for everyone enrolled, `YYYY-MM-DD` (UTC).
    pub access_until: Option<String>,
}

/// How one roster line ended.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum LineOutcome {
    Enrolled,
    AlreadyEnrolled,
    Invalid,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BulkLine {
    pub line: usize,
    pub name: String,
    pub email: String,
    pub outcome: LineOutcome,
    /// Why the line was not enrolled.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub reason: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    pub enrolment_id: Option<String>,
}

/// `POST /api/staff/batches/{batchId}/enrolments/bulk` answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BulkAnswer {
    pub results: Vec<BulkLine>,
    pub enrolled: usize,
    pub already_enrolled: usize,
    pub invalid: usize,
}

/// `GET /api/staff/batches/{batchId}/enrolments` answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnrolmentPage {
    pub items: Vec<EnrolmentView>,
    pub next_cursor: Option<String>,
}

/// A batch with how many are enrolled.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffBatch {
    pub batch: Batch,
    pub course_title: String,
    /// Every enrolment, whatever its status.
    pub enrolled: usize,
    pub active: usize,
}

/// `GET /api/staff/batches` answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct StaffBatches {
    pub batches: Vec<StaffBatch>,
}

/// A student's name and e-mail as typed, checked: each failing field with its reason.
fn checked_student(name: &str, email: &str) -> Result<(String, String), BTreeMap<String, String>> {
    let mut fields = BTreeMap::new();
    let name = name.split_whitespace().collect::<Vec<_>>().join(" ");
    if name.is_empty() {
        fields.insert("name".into(), "is required".into());
    } else if name.chars().count() > MAX_NAME_CHARS {
        fields.insert("name".into(), format!("must be at most {MAX_NAME_CHARS} characters"));
    }
    let email = email.trim().to_lowercase();
    if email.is_empty() {
        fields.insert("email".into(), "is required".into());
    } else if email.chars().count() > MAX_EMAIL_CHARS || !email.validate_email() {
        fields.insert("email".into(), "must be an e-mail address".into());
    }
    if fields.is_empty() {
        Ok((name, email))
    } else {
        Err(fields)
    }
}

/// `accessUntil` as the first second after access ends: a malformed date is 400; a date already
/// past is 409 (well-formed, but it contradicts today: a schema cannot say so).
fn checked_until(access_until: Option<&str>) -> Result<Option<i64>, ApiError> {
    let Some(date) = access_until.map(str::trim) else { return Ok(None) };
    match time::end_of_day(date) {
        Some(until) if until > time::now() => Ok(Some(until)),
        Some(_) => Err(ApiError::Conflict(format!("The access end date {date} has passed: choose today or later."))),
        None => Err(ApiError::Invalid {
            fields: BTreeMap::from([("accessUntil".into(), "must be a date, YYYY-MM-DD".into())]),
        }),
    }
}

async fn find_batch(store: &(impl CatalogRecords + ?Sized), batch_id: &str) -> Result<Batch, ApiError> {
    let batch_id = ApiError::checked_id(batch_id, "batch")?;
    store.get_batch(batch_id).await?.ok_or_else(|| ApiError::NotFound("No batch has this id.".into()))
}

fn already(email: &str) -> ApiError {
    ApiError::Conflict(format!("{email} is already enrolled in this batch."))
}

/// An enrolment whose grant is brand new (enrolled, or a new Secret ID): no account holds it yet,
/// so there is no activity to read (the batch's links and progress).
async fn fresh_view(store: &(impl EnrolmentStore + ?Sized), enrolment: Enrolment) -> Result<EnrolmentView, ApiError> {
    let total = store.list_lectures(&enrolment.batch_id).await?.len() as u32;
    Ok(EnrolmentView::of(enrolment, Activity::default(), total))
}

#[utoipa::path(post, path = "/api/staff/enrolments", tag = "staff", operation_id = "staff_enrol", security(("bearer" = [])),
    request_body = EnrolRequest,
    responses(
        (status = 201, description = "enrolled and mailed; the Secret ID is shown this once", body = Enrolled),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "already enrolled in this batch, or the access end date has passed", body = ErrorBody),
    ))]
pub async fn create(
    store: &(impl EnrolmentStore + ?Sized),
    mailing: Option<&Mailing>,
    actor: &Actor,
    req: &Request,
) -> Answer {
    let mut target = String::from("enrolment");
    let result = async {
        let request: EnrolRequest = json_body(req, MAX_ENROL_BODY, |_| {
            "The body must be JSON: batchId, name, email, and optionally accessUntil and enquiryId.".into()
        })?;
        let batch = find_batch(store, &request.batch_id).await?;
        let student = checked_student(&request.name, &request.email).map_err(|fields| ApiError::Invalid { fields })?;
        let until = checked_until(request.access_until.as_deref())?;
        target = format!("{}{}", batch.id, Enrolment::email_key(&student.1));
        let enquiry = match request.enquiry_id.as_deref() {
            Some(id) => {
                let id = ApiError::checked_enquiry_id(id)?;
                Some(
                    store
                        .get_submission(id)
                        .await?
                        .ok_or_else(|| ApiError::NotFound("No enquiry has this id.".into()))?,
                )
            }
            None => None,
        };
        let email = student.1.clone();
        let (enrolment, secret_id) =
            match enrol(store, mailing, actor.name(), &batch, student, until, enquiry.as_ref().map(|e| e.id.clone()))
                .await
            {
                Ok(done) => done,
                Err(Refusal::AlreadyEnrolled) => return Err(already(&email)),
                Err(Refusal::Failed(e)) => return Err(e),
            };
        if let Some(mut enquiry) = enquiry {
            let note = enquiry.handling.as_ref().and_then(|h| h.note.clone());
            enquiry.handling = Some(Handling { handled: true, at: time::now(), by: actor.name().to_owned(), note });
            store.save_submission(&enquiry).await?;
        }
        Ok(Enrolled { enrolment: fresh_view(store, enrolment).await?, secret_id })
    }
    .await;
    let enrolled = recorded(store, actor, "enrolment.create", &target, None, result).await?;
    Ok(json(StatusCode::CREATED, &enrolled))
}

async fn find(store: &(impl EnrolmentRecords + ?Sized), id: &str) -> Result<Enrolment, ApiError> {
    let (batch_id, key) = Enrolment::parse_id(id)
        .ok_or_else(|| ApiError::BadRequest("The enrolment id must be 40 lowercase hexadecimal characters.".into()))?;
    store.get_enrolment(batch_id, key).await?.ok_or_else(|| ApiError::NotFound("No enrolment has this id.".into()))
}

#[utoipa::path(delete, path = "/api/staff/enrolments/{id}", tag = "staff", operation_id = "staff_revoke_enrolment", security(("bearer" = [])),
    params(("id" = String, Path, description = "40 lowercase hex characters")),
    responses((status = 200, description = "revoked: the Secret ID no longer works and no account holds the batch; what they watched stays", body = EnrolmentView),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn revoke(store: &(impl EnrolmentStore + ?Sized), actor: &Actor, id: &str) -> Answer {
    let result = async {
        let enrolment = enrolment::revoke(store, find(store, id).await?).await?;
        let activity = activity_by_grant(store, &enrolment.batch_id, std::slice::from_ref(&enrolment)).await?;
        let mine = activity.get(&enrolment.secret_hash).copied().unwrap_or_default();
        let total = store.list_lectures(&enrolment.batch_id).await?.len() as u32;
        Ok(EnrolmentView::of(enrolment, mine, total))
    }
    .await;
    let revoked = recorded(store, actor, "enrolment.revoke", id, None, result).await?;
    Ok(ok(&revoked))
}

#[utoipa::path(post, path = "/api/staff/enrolments/{id}/resend", tag = "staff", operation_id = "staff_resend_welcome", security(("bearer" = [])),
    params(("id" = String, Path, description = "40 lowercase hex characters")),
    responses((status = 200, description = "a new Secret ID (the old one revoked), mailed and shown this once", body = Enrolled),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "the enrolment was revoked", body = ErrorBody)))]
pub async fn resend(
    store: &(impl EnrolmentStore + ?Sized),
    mailing: Option<&Mailing>,
    actor: &Actor,
    id: &str,
) -> Answer {
    let result = async {
        let mut enrolment = find(store, id).await?;
        if enrolment.revoked_at.is_some() {
            return Err(ApiError::Conflict("This enrolment was revoked: enrol the student again.".into()));
        }
        let batch = find_batch(store, &enrolment.batch_id).await?;
        let (grant, secret_id) = new_grant(store, &batch.id, &enrolment.email, enrolment.access_until).await?;
        let old = std::mem::replace(&mut enrolment.secret_hash, grant.secret_hash);
        enrolment.welcome_sent = false;
        store.save_enrolment(&enrolment).await?;
        revoke_grant(store, &batch.id, &old).await?;
        let enrolment = send_welcome(store, mailing, enrolment, &batch, &secret_id).await?;
        Ok(Enrolled { enrolment: fresh_view(store, enrolment).await?, secret_id })
    }
    .await;
    let enrolled = recorded(store, actor, "enrolment.resend", id, None, result).await?;
    Ok(ok(&enrolled))
}

#[utoipa::path(get, path = "/api/staff/batches/{batchId}/enrolments", tag = "staff", operation_id = "staff_batch_enrolments", security(("bearer" = [])),
    params(
        ("batchId" = String, Path, description = "24 lowercase hex characters"),
        ("cursor" = Option<String>, Query, description = "the last page's nextCursor"),
        ("limit" = Option<usize>, Query, description = "rows per page, 1 to 100 (25)"),
    ),
    responses((status = 200, body = EnrolmentPage), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn of_batch(store: &(impl EnrolmentStore + ?Sized), req: &Request, batch_id: &str) -> Answer {
    let batch = find_batch(store, batch_id).await?;
    let (limit, after) = (page_limit(req)?, cursor(req)?);
    let (enrolments, next) = store.page_enrolments(&batch.id, after.as_ref(), limit).await?.into_parts();
    let activity = activity_by_grant(store, &batch.id, &enrolments).await?;
    let total = store.list_lectures(&batch.id).await?.len() as u32;
    let items = enrolments
        .into_iter()
        .map(|e| {
            let mine = activity.get(&e.secret_hash).copied().unwrap_or_default();
            EnrolmentView::of(e, mine, total)
        })
        .collect();
    Ok(ok(&EnrolmentPage { items, next_cursor: next.map(|c| c.encode()) }))
}

#[utoipa::path(get, path = "/api/staff/batches", tag = "staff", operation_id = "staff_batches", security(("bearer" = [])),
    responses((status = 200, body = StaffBatches), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn batches(store: &(impl EnrolmentStore + ?Sized)) -> Answer {
    let titles: BTreeMap<String, String> = store.list_courses().await?.into_iter().map(|c| (c.id, c.title)).collect();
    let now = time::now();
    let mut batches = Vec::new();
    for batch in store.list_batches().await? {
        let enrolments = store.list_enrolments(&batch.id).await?;
        let active = enrolments.iter().filter(|e| e.status_at(now) == EnrolmentStatus::Active).count();
        batches.push(StaffBatch {
            course_title: titles.get(&batch.course_id).cloned().unwrap_or_default(),
            enrolled: enrolments.len(),
            active,
            batch,
        });
    }
    Ok(ok(&StaffBatches { batches }))
}

#[utoipa::path(post, path = "/api/staff/batches/{batchId}/enrolments/bulk", tag = "staff", operation_id = "staff_bulk_enrol", security(("bearer" = [])),
    params(("batchId" = String, Path, description = "24 lowercase hex characters")), request_body = BulkRequest,
    responses((status = 200, description = "each line's outcome", body = BulkAnswer),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "the access end date has passed", body = ErrorBody)))]
pub async fn bulk(
    store: &(impl EnrolmentStore + ?Sized),
    mailing: Option<&Mailing>,
    actor: &Actor,
    req: &Request,
    batch_id: &str,
) -> Answer {
    let result = async {
        let request: BulkRequest = json_body(req, MAX_BULK_BODY, |_| {
            "The body must be JSON: csv (name,email per line) and optionally accessUntil.".into()
        })?;
        if request.csv.chars().count() > MAX_ROSTER_CHARS {
            return Err(ApiError::BadRequest(format!("A roster may be at most {MAX_ROSTER_CHARS} characters.")));
        }
        let batch = find_batch(store, batch_id).await?;
        let until = checked_until(request.access_until.as_deref())?;
        let lines = crate::console::sheet::roster(&request.csv);
        // An e-mail on two lines is enrolled from the first; the later lines are answered without
        // racing it (two lines re-enrolling a revoked student would each replace the enrolment,
        // leaving a mailed Secret ID that no revocation reaches).
        let mut first_lines: BTreeMap<String, usize> = BTreeMap::new();
        let earlier: Vec<Option<usize>> = lines
            .iter()
            .map(|line| {
                let (_, email) = checked_student(&line.name, &line.email).ok().filter(|_| line.problem.is_none())?;
                match first_lines.get(&email) {
                    Some(first) => Some(*first),
                    None => {
                        first_lines.insert(email, line.line);
                        None
                    }
                }
            })
            .collect();
        let batch = &batch;
        let results: Vec<BulkLine> = stream::iter(lines.into_iter().zip(earlier))
            .map(|(line, earlier)| async move {
                let mut result = BulkLine {
                    line: line.line,
                    name: line.name.clone(),
                    email: line.email.clone(),
                    outcome: LineOutcome::Invalid,
                    reason: None,
                    enrolment_id: None,
                };
                if let Some(problem) = line.problem {
                    result.reason = Some(problem);
                    return Ok(result);
                }
                let student = match checked_student(&line.name, &line.email) {
                    Ok(student) => student,
                    Err(fields) => {
                        let why: Vec<String> = fields.iter().map(|(f, why)| format!("{f} {why}")).collect();
                        result.reason = Some(format!("The {}.", why.join("; the ")));
                        return Ok(result);
                    }
                };
                if let Some(first) = earlier {
                    result.outcome = LineOutcome::AlreadyEnrolled;
                    result.reason = Some(format!("Already enrolled in this batch, by line {first}."));
                    return Ok(result);
                }
                let target = format!("{}{}", batch.id, Enrolment::email_key(&student.1));
                match enrol(store, mailing, actor.name(), batch, student, until, None).await {
                    Ok((enrolment, _)) => {
                        let done =
                            recorded(store, actor, "enrolment.create", &target, Some("bulk".into()), Ok(())).await;
                        result.outcome = LineOutcome::Enrolled;
                        result.enrolment_id = Some(enrolment.id());
                        done.map(|_| result)
                    }
                    Err(Refusal::AlreadyEnrolled) => {
                        result.outcome = LineOutcome::AlreadyEnrolled;
                        result.reason = Some("Already enrolled in this batch.".into());
                        Ok(result)
                    }
                    Err(Refusal::Failed(e)) => Err(e),
                }
            })
            .buffered(BULK_AT_ONCE)
            .collect::<Vec<Result<BulkLine, ApiError>>>()
            .await
            .into_iter()
            .collect::<Result<_, _>>()?;
        let count = |o: fn(&LineOutcome) -> bool| results.iter().filter(|r| o(&r.outcome)).count();
        Ok(BulkAnswer {
            enrolled: count(|o| matches!(o, LineOutcome::Enrolled)),
            already_enrolled: count(|o| matches!(o, LineOutcome::AlreadyEnrolled)),
            invalid: count(|o| matches!(o, LineOutcome::Invalid)),
            results,
        })
    }
    .await;
    let detail = result
        .as_ref()
        .ok()
        .map(|a| format!("{} enrolled, {} already enrolled, {} invalid", a.enrolled, a.already_enrolled, a.invalid));
    let answer = recorded(store, actor, "enrolment.bulk", batch_id, detail, result).await?;
    Ok(ok(&answer))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn students_are_checked_and_tidied() {
        assert_eq!(
            checked_student("  Ayesha   Khan ", " Ayesha@Example.COM "),
            Ok(("Ayesha Khan".into(), "ayesha@example.com".into()))
        );
        let fields = checked_student("", "not-an-email").unwrap_err();
        assert_eq!(fields["name"], "is required");
        assert_eq!(fields["email"], "must be an e-mail address");
        assert!(checked_student(&"a".repeat(MAX_NAME_CHARS + 1), "a@b.co").is_err());
    }

    #[test]
    fn access_ends_today_or_later() {
        assert!(matches!(checked_until(None), Ok(None)));
        // Present but blank is not a date (the console leaves the field out when none is chosen).
        assert!(matches!(checked_until(Some(" ")), Err(ApiError::Invalid { .. })));
        assert!(matches!(checked_until(Some("2000-01-01")), Err(ApiError::Conflict(_))));
        assert!(matches!(checked_until(Some("31/03/2099")), Err(ApiError::Invalid { .. })));
        let today = time::date(time::now());
        assert!(checked_until(Some(&today)).unwrap().unwrap() > time::now());
    }
}

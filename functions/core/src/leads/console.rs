//! Enquiries for staff: the stored submissions, newest first, filtered by form, delivery, whether
//! staff handled them and a search; one enquiry; marking it handled with a note; mailing the
//! institute's copy again; and the same list as a spreadsheet.
//!
//! Lists are one query of the submissions' creation-time index, newest first, read a page at a
//! time: filters are applied to what a request reads, at most `READ_BUDGET` submissions, so a page
//! costs the same with ten stored enquiries or ten thousand. A page may then hold fewer rows than
//! asked and still name a `nextCursor`.

use crate::console::audit::recorded;
use crate::console::{cursor, page_limit, sheet, Actor};
use crate::domain::{Handling, Submission, SubmissionStatus};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::{json_body, ok, query_param, query_value, Answer};
use crate::leads::forms::FormType;
use crate::leads::mail::{deliver, DeliveryError};
use crate::mail::{MailSettings, Mailer};
use crate::store::{AuditRecords, Counters, Cursor, SubmissionRecords};
use crate::time;
use lambda_http::Request;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::ToSchema;

/// The most submissions one list request reads to fill its page.
pub const READ_BUDGET: usize = 1_000;
/// The most rows one export holds.
pub const MAX_EXPORT: usize = 50_000;
/// The longest note staff may keep on an enquiry.
pub const MAX_NOTE_CHARS: usize = 2_000;
/// The longest search text.
pub const MAX_QUERY_CHARS: usize = 100;
/// Room for a flag and the longest note, as JSON escapes.
pub const MAX_UPDATE_BODY: usize = 16 * 1024;

/// An enquiry as staff see it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Enquiry {
    pub id: String,
    pub form_type: String,
    /// Epoch seconds.
    pub created_at: i64,
    /// First and last name as sent.
    pub name: String,
    pub email: String,
    pub phone: Option<String>,
    pub course: Option<String>,
    /// Every field as the visitor sent it.
    #[schema(value_type = Object)]
    pub form_data: Map<String, Value>,
    pub delivery: SubmissionStatus,
    pub attempts: u32,
    pub last_error: Option<String>,
    pub handled: bool,
    pub handled_at: Option<i64>,
    /// Who last marked it (an e-mail).
    pub handled_by: Option<String>,
    pub note: Option<String>,
}

fn text<'a>(data: &'a Map<String, Value>, key: &str) -> &'a str {
    data.get(key).and_then(Value::as_str).map(str::trim).unwrap_or("")
}

fn some(value: &str) -> Option<String> {
    (!value.is_empty()).then(|| value.to_owned())
}

impl From<Submission> for Enquiry {
    fn from(s: Submission) -> Self {
        let data = &s.form_data;
        let name = format!("{} {}", text(data, "firstName"), text(data, "lastName")).trim().to_owned();
        let handling = s.handling.as_ref();
        Self {
            name,
            email: text(data, "email").to_owned(),
            phone: some(text(data, "phone")),
            course: some(text(data, "course")),
            delivery: s.status,
            attempts: s.attempts,
            last_error: s.last_error.clone(),
            handled: handling.is_some_and(|h| h.handled),
            handled_at: handling.map(|h| h.at),
            handled_by: handling.map(|h| h.by.clone()),
            note: handling.and_then(|h| h.note.clone()),
            id: s.id,
            form_type: s.form_type,
            created_at: s.created_at,
            form_data: s.form_data,
        }
    }
}

/// `GET /api/staff/enquiries` answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EnquiryPage {
    pub items: Vec<Enquiry>,
    /// Where the next page starts; none when nothing more matches.
    pub next_cursor: Option<String>,
}

/// `PATCH /api/staff/enquiries/{id}` body.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct EnquiryUpdate {
    pub handled: bool,
    /// Staff's note (at most 2,000 characters); absent keeps the note, empty removes it.
    pub note: Option<String>,
}

/// What a list keeps.
#[derive(Debug, Default)]
struct Filters {
    form_type: Option<FormType>,
    delivery: Option<SubmissionStatus>,
    handled: Option<bool>,
    /// Lowercase.
    query: Option<String>,
}

impl Filters {
    fn from(req: &Request) -> Result<Self, ApiError> {
        let form_type = query_value(req, "formType")
            .map(|f| {
                FormType::parse(&f).ok_or_else(|| bad("formType", "contact-form, registration-form or enrollment-form"))
            })
            .transpose()?;
        let delivery = query_value(req, "delivery")
            .map(|d| match d.as_str() {
                "pending" => Ok(SubmissionStatus::Pending),
                "sent" => Ok(SubmissionStatus::Sent),
                "failed" => Ok(SubmissionStatus::Failed),
                _ => Err(bad("delivery", "pending, sent or failed")),
            })
            .transpose()?;
        let handled = query_value(req, "handled")
            .map(|h| match h.as_str() {
                "true" => Ok(true),
                "false" => Ok(false),
                _ => Err(bad("handled", "true or false")),
            })
            .transpose()?;
        let query = query_param(req, "q").map(|q| q.to_lowercase());
        if query.as_ref().is_some_and(|q| q.chars().count() > MAX_QUERY_CHARS) {
            return Err(ApiError::BadRequest(format!("The search may be at most {MAX_QUERY_CHARS} characters.")));
        }
        Ok(Self { form_type, delivery, handled, query })
    }

    fn is_empty(&self) -> bool {
        self.form_type.is_none() && self.delivery.is_none() && self.handled.is_none() && self.query.is_none()
    }

    fn keeps(&self, s: &Submission) -> bool {
        let handled = s.handling.as_ref().is_some_and(|h| h.handled);
        self.form_type.is_none_or(|f| f.as_str() == s.form_type)
            && self.delivery.is_none_or(|d| d == s.status)
            && self.handled.is_none_or(|h| h == handled)
            && self.query.as_deref().is_none_or(|q| matches_query(s, q))
    }
}

fn bad(parameter: &str, allowed: &str) -> ApiError {
    ApiError::BadRequest(format!("{parameter} must be {allowed}."))
}

/// Whether `q` (lowercase) starts the e-mail, the name, or any word of the name.
fn matches_query(s: &Submission, q: &str) -> bool {
    let data = &s.form_data;
    let name = format!("{} {}", text(data, "firstName"), text(data, "lastName")).to_lowercase();
    text(data, "email").to_lowercase().starts_with(q)
        || name.trim().starts_with(q)
        || name.split_whitespace().any(|word| word.starts_with(q))
}

/// Up to `limit` matching submissions after `after`, reading at most `budget`, and where to go on.
async fn matching(
    store: &(impl SubmissionRecords + ?Sized),
    filters: &Filters,
    mut after: Option<Cursor>,
    limit: usize,
    budget: usize,
) -> Result<(Vec<Submission>, Option<Cursor>), ApiError> {
    let mut found = Vec::new();
    let mut read = 0;
    loop {
        // Unfiltered, a page reads exactly what it shows; filtered, it reads ahead in larger pages.
        let wanted = limit - found.len();
        let chunk = if filters.is_empty() { wanted } else { wanted.max(100) };
        let page = store.page_submissions(after.as_ref(), chunk.min(500).min(budget - read).max(1)).await?;
        let (count, more) = (page.records.len(), page.more);
        for (index, (at, submission)) in page.records.into_iter().enumerate() {
            read += 1;
            after = Some(at);
            if filters.keeps(&submission) {
                found.push(submission);
                if found.len() == limit {
                    // Full: the next page starts after this one, if anything follows it.
                    let follows = index + 1 < count || more;
                    return Ok((found, after.filter(|_| follows)));
                }
            }
        }
        if !more {
            return Ok((found, None));
        }
        if read >= budget {
            return Ok((found, after));
        }
    }
}

#[utoipa::path(get, path = "/api/staff/enquiries", tag = "staff", operation_id = "staff_enquiries", security(("bearer" = [])),
    params(
        ("formType" = Option<FormType>, Query, description = "only this form's"),
        ("delivery" = Option<String>, Query, description = "pending, sent or failed"),
        ("handled" = Option<bool>, Query, description = "only those staff marked handled (true) or not (false)"),
        ("q" = Option<String>, Query, description = "the start of an e-mail, a name or a word of it (at most 100 characters)"),
        ("cursor" = Option<String>, Query, description = "the last page's nextCursor"),
        ("limit" = Option<usize>, Query, description = "rows per page, 1 to 100 (25)"),
    ),
    responses((status = 200, body = EnquiryPage), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody)))]
pub async fn list(store: &(impl SubmissionRecords + ?Sized), req: &Request) -> Answer {
    let (filters, limit, after) = (Filters::from(req)?, page_limit(req)?, cursor(req)?);
    let (found, next) = matching(store, &filters, after, limit, READ_BUDGET).await?;
    let items = found.into_iter().map(Enquiry::from).collect();
    Ok(ok(&EnquiryPage { items, next_cursor: next.map(|c| c.encode()) }))
}

#[utoipa::path(get, path = "/api/staff/enquiries.csv", tag = "staff", operation_id = "staff_enquiries_csv", security(("bearer" = [])),
    params(
        ("formType" = Option<FormType>, Query, description = "only this form's"),
        ("delivery" = Option<String>, Query, description = "pending, sent or failed"),
        ("handled" = Option<bool>, Query, description = "only those staff marked handled (true) or not (false)"),
        ("q" = Option<String>, Query, description = "the start of an e-mail, a name or a word of it"),
    ),
    responses(
        (status = 200, description = "every matching enquiry, newest first, as CSV (formula cells made inert)", content_type = "text/csv", body = String),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody),
    ))]
pub async fn export(store: &(impl SubmissionRecords + ?Sized), req: &Request) -> Answer {
    let filters = Filters::from(req)?;
    let (found, _) = matching(store, &filters, None, MAX_EXPORT, usize::MAX).await?;
    let header = [
        "id",
        "createdAt",
        "formType",
        "name",
        "email",
        "phone",
        "course",
        "message",
        "delivery",
        "attempts",
        "handled",
        "note",
    ];
    let rows = found.into_iter().map(|s| {
        let message = text(&s.form_data, "message").to_owned();
        let e = Enquiry::from(s);
        vec![
            e.id,
            time::iso(e.created_at),
            e.form_type,
            e.name,
            e.email,
            e.phone.unwrap_or_default(),
            e.course.unwrap_or_default(),
            message,
            format!("{:?}", e.delivery).to_lowercase(),
            e.attempts.to_string(),
            e.handled.to_string(),
            e.note.unwrap_or_default(),
        ]
    });
    sheet::download("enquiries.csv", &header, rows)
}

async fn find(store: &(impl SubmissionRecords + ?Sized), id: &str) -> Result<Submission, ApiError> {
    let id = ApiError::checked_enquiry_id(id)?;
    store.get_submission(id).await?.ok_or_else(|| ApiError::NotFound("No enquiry has this id.".into()))
}

#[utoipa::path(get, path = "/api/staff/enquiries/{id}", tag = "staff", operation_id = "staff_enquiry", security(("bearer" = [])),
    params(("id" = String, Path, description = "the submission's UUID, lowercase and hyphenated")),
    responses((status = 200, body = Enquiry), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn get(store: &(impl SubmissionRecords + ?Sized), id: &str) -> Answer {
    Ok(ok(&Enquiry::from(find(store, id).await?)))
}

#[utoipa::path(patch, path = "/api/staff/enquiries/{id}", tag = "staff", operation_id = "staff_update_enquiry", security(("bearer" = [])),
    params(("id" = String, Path, description = "the submission's UUID, lowercase and hyphenated")), request_body = EnquiryUpdate,
    responses((status = 200, body = Enquiry), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn update(
    store: &(impl SubmissionRecords + AuditRecords + ?Sized),
    actor: &Actor,
    req: &Request,
    id: &str,
) -> Answer {
    let result = async {
        let change: EnquiryUpdate = json_body(req, MAX_UPDATE_BODY, |_| {
            "The body must be JSON: handled (true or false) and an optional note.".into()
        })?;
        let note = match change.note.as_deref().map(str::trim) {
            Some(note) if note.chars().count() > MAX_NOTE_CHARS => {
                return Err(ApiError::BadRequest(format!("The note may be at most {MAX_NOTE_CHARS} characters.")))
            }
            Some("") => None,
            Some(note) => Some(note.to_owned()),
            None => None,
        };
        let mut submission = find(store, id).await?;
        let kept = submission.handling.as_ref().and_then(|h| h.note.clone());
        let note = if change.note.is_some() { note } else { kept };
        submission.handling =
            Some(Handling { handled: change.handled, at: time::now(), by: actor.name().to_owned(), note });
        store.save_submission(&submission).await?;
        Ok(Enquiry::from(submission))
    }
    .await;
    let enquiry = recorded(store, actor, "enquiry.update", id, None, result).await?;
    Ok(ok(&enquiry))
}

#[utoipa::path(post, path = "/api/staff/enquiries/{id}/resend", tag = "staff", operation_id = "staff_resend_enquiry", security(("bearer" = [])),
    params(("id" = String, Path, description = "the submission's UUID, lowercase and hyphenated")),
    responses(
        (status = 200, description = "the enquiry after the attempt: `delivery` says whether the mail went", body = Enquiry),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
    ))]
pub async fn resend(
    store: &(impl SubmissionRecords + Counters + AuditRecords + ?Sized),
    mailer: &dyn Mailer,
    settings: &MailSettings,
    actor: &Actor,
    id: &str,
) -> Answer {
    let result = async {
        let submission = find(store, id).await?;
        match deliver(store, mailer, settings, &submission.id, true).await {
            Ok(_) | Err(DeliveryError::Send(_)) => {}
            Err(DeliveryError::Unknown(_)) => return Err(ApiError::NotFound("No enquiry has this id.".into())),
            Err(DeliveryError::Store(e)) => return Err(e.into()),
        }
        Ok(Enquiry::from(find(store, id).await?))
    }
    .await;
    let detail = result.as_ref().ok().map(|e| format!("delivery {}", format!("{:?}", e.delivery).to_lowercase()));
    let enquiry = recorded(store, actor, "enquiry.resend", id, detail, result).await?;
    Ok(ok(&enquiry))
}

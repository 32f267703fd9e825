//! `POST /api/send-email`: an enquiry or enrolment request. It is validated, then stored
//! (conditionally on its id, so a retried submission is one record), and only then answered
//! 200. Mail follows from the stored record: the table's stream in AWS, inline locally.

use crate::domain::{Submission, SubmissionStatus};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::Answer;
use crate::http::{client_key, json_body, ok};
use crate::leads::forms::{self, FormType};
use crate::leads::mail::deliver;
use crate::limits::{Admission, ENQUIRIES, ENQUIRIES_PER_EMAIL};
use crate::mail::{MailSettings, Mailer};
use crate::store::{CatalogRecords, Counters, StoreError, SubmissionRecords};
use crate::time;
use lambda_http::{Body, Request, Response};
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};
use utoipa::ToSchema;

/// Largest accepted body.
pub const MAX_BODY: usize = 32 * 1024;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SendEmailRequest {
    /// `contact-form`, `registration-form` (plan layout) or `enrollment-form` (simple layout).
    /// Read as text, so an unknown type gets a sentence rather than a parser's message.
    #[schema(value_type = FormType)]
    pub form_type: String,
    /// The form's fields (docs/product.md#records), as text; the contract states each form type's
    /// (`openapi::form_data`, from `forms`).
    #[schema(value_type = std::collections::HashMap<String, String>)]
    pub form_data: Map<String, Value>,
    /// A UUID the browser makes per submission, so a retry cannot store it twice.
    #[serde(default)]
    #[schema(format = "uuid")]
    pub submission_id: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SendEmailAnswer {
    pub ok: bool,
    pub submission_id: String,
    pub message: String,
}

/// Mail delivery right after storing: the local world's stand-in for the table's stream.
pub struct InlineMail<'a> {
    pub mailer: &'a dyn Mailer,
    pub settings: &'a MailSettings,
}

fn answer(submission_id: String) -> Response<Body> {
    ok(&SendEmailAnswer {
        ok: true,
        submission_id,
        message: "Thank you. We'll get back to you within 24 hours.".into(),
    })
}

/// A submission id seen before: the same enquiry sent again is answered as the first time; a
/// different one under the same id is refused, so its text is not silently dropped.
fn retried(stored: &Submission, form_type: FormType, form_data: &Map<String, Value>) -> Answer {
    if stored.form_type == form_type.as_str() && &stored.form_data == form_data {
        return Ok(answer(stored.id.clone()));
    }
    Err(ApiError::Conflict(
        "This submission id was already used for a different message. Send it again as a new submission.".into(),
    ))
}

fn parse(req: &Request) -> Result<SendEmailRequest, ApiError> {
    json_body(req, MAX_BODY, |e| format!("The body must be JSON with formType and formData ({e})."))
}

#[utoipa::path(post, path = "/api/send-email", tag = "leads", request_body = SendEmailRequest,
    responses(
        (status = 200, body = SendEmailAnswer, description = "stored; mail follows"),
        (status = 400, body = ErrorBody), (status = 409, body = ErrorBody, description = "this submissionId was used for a different message"),
        (status = 429, body = ErrorBody, headers(("Retry-After" = u64))),
    ))]
pub async fn send_email(
    store: &(impl CatalogRecords + SubmissionRecords + Counters + ?Sized),
    inline: Option<InlineMail<'_>>,
    req: &Request,
) -> Answer {
    let request = parse(req)?;
    let form_type = FormType::parse(&request.form_type).ok_or_else(|| {
        ApiError::BadRequest("formType must be contact-form, registration-form or enrollment-form.".into())
    })?;
    let id = match request.submission_id.as_deref().map(str::trim) {
        Some(given) => uuid::Uuid::parse_str(given)
            .map_err(|_| ApiError::BadRequest("submissionId must be a UUID.".into()))?
            .hyphenated()
            .to_string(),
        None => uuid::Uuid::new_v4().hyphenated().to_string(),
    };
    let form_data = forms::validate(form_type, &request.form_data, forms::course_titles())?;
    if forms::is_bot(&request.form_data) {
        tracing::info!("honeypot filled: submission dropped");
        return Ok(answer(id));
    }
    if let Some(stored) = store.get_submission(&id).await? {
        return retried(&stored, form_type, &form_data);
    }
    let now = time::now();
    if let Admission::Refused { retry_after } = ENQUIRIES.admit(store, &client_key(req), now).await? {
        return Err(ApiError::TooManyRequests { retry_after });
    }
    if let Some(email) = form_data.get("email").and_then(Value::as_str) {
        let sender = crate::ids::digest(&email.trim().to_lowercase());
        if let Admission::Refused { retry_after } = ENQUIRIES_PER_EMAIL.admit(store, &sender, now).await? {
            return Err(ApiError::TooManyRequests { retry_after });
        }
    }
    let submission = Submission {
        id: id.clone(),
        form_type: form_type.as_str().into(),
        form_data,
        status: SubmissionStatus::Pending,
        attempts: 0,
        created_at: now,
        last_error: None,
        handling: None,
    };
    match store.insert_submission(&submission).await {
        Ok(()) => {}
        Err(StoreError::Conflict) => {
            let stored = store.get_submission(&id).await?.ok_or(ApiError::Unavailable)?;
            return retried(&stored, form_type, &submission.form_data);
        }
        Err(e) => return Err(e.into()),
    }
    tracing::info!(submission = %id, form = form_type.as_str(), "submission stored");
    // The enquiry is safe from here on: nothing below can lose it or fail the answer.
    if let Some(inline) = inline {
        if let Err(e) = deliver(store, inline.mailer, inline.settings, &id, false).await {
            tracing::warn!(submission = %id, error = %e, "inline delivery failed; `academy submissions resend` retries");
        }
    }
    Ok(answer(id))
}

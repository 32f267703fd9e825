//! A signed-in student's certificates (`/api/me/certificates…`): the claim, once a batch is
//! complete (idempotent: claiming again answers the certificate already issued), the list, and
//! the PDF, to its holder only.

use super::{id, name, pdf_answer, unknown, CertificateView, Issuer};
use crate::completion::AssignmentsOf;
use crate::completion::AttendanceOf;
use crate::completion::{actively_linked, of_student};
use crate::domain::Certificate;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::identity::Student;
use crate::http::{json, json_body, ok, Answer};
use crate::store::{CatalogRecords, CertificateRecords, GrantRecords, StudentRecords};
use crate::time;
use lambda_http::{http::StatusCode, Request};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// Room for a batch id and the longest name, even as JSON escapes.
pub const MAX_CLAIM_BODY: usize = 2 * 1024;

/// `POST /api/me/certificates` body.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct ClaimRequest {
    pub batch_id: String,
    /// The name to print: it cannot be changed afterwards except by staff.
    pub name: String,
}

/// `GET /api/me/certificates` answer.
#[derive(Debug, Serialize, ToSchema)]
pub struct MyCertificates {
    pub certificates: Vec<CertificateView>,
}

/// Everything the student's handlers read and write.
pub trait ClaimStore:
    CatalogRecords + GrantRecords + StudentRecords + CertificateRecords + AttendanceOf + AssignmentsOf
{
}
impl<
        T: CatalogRecords + GrantRecords + StudentRecords + CertificateRecords + AttendanceOf + AssignmentsOf + ?Sized,
    > ClaimStore for T
{
}

/// A certificate ready to store for `sub` in `batch_id`, completed on `completed_on`, issued `now`.
pub async fn draft(
    store: &(impl CatalogRecords + ?Sized),
    sub: &str,
    batch_id: &str,
    name: String,
    completed_on: String,
    now: i64,
) -> Result<Certificate, ApiError> {
    let batch = store.get_batch(batch_id).await?.ok_or_else(|| ApiError::NotFound("No batch has this id.".into()))?;
    let course = store.get_course(&batch.course_id).await?;
    let id = id::generate().map_err(|error| {
        tracing::error!(%error, "no certificate id");
        ApiError::Unavailable
    })?;
    Ok(Certificate {
        id,
        sub: sub.to_owned(),
        batch_id: batch.id.clone(),
        course_id: batch.course_id.clone(),
        course: course.map_or_else(|| batch.name.clone(), |c| c.title),
        batch: batch.name,
        instructor: batch.instructor,
        name,
        completed_on,
        issued_on: time::date(now),
        issued_at: now,
        issued_by: None,
        revoked_on: None,
        revoked_reason: None,
    })
}

/// 201 with a new certificate, 200 with one issued before.
pub fn issued(issuer: &Issuer<'_>, certificate: &Certificate, new: bool) -> Answer {
    let status = if new { StatusCode::CREATED } else { StatusCode::OK };
    Ok(json(status, &issuer.view(certificate)))
}

#[utoipa::path(post, path = "/api/me/certificates", tag = "certificates", operation_id = "claim_certificate", security(("bearer" = [])),
    request_body = ClaimRequest,
    responses(
        (status = 201, description = "issued", body = CertificateView),
        (status = 200, description = "issued before: the same certificate (the name sent is not used)", body = CertificateView),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, description = "the batch is not linked to the account (or its access ended)", body = ErrorBody),
        (status = 404, body = ErrorBody),
        (status = 409, description = "the batch is not complete", body = ErrorBody),
    ))]
pub async fn claim(
    store: &(impl ClaimStore + ?Sized),
    issuer: &Issuer<'_>,
    student: &Student,
    req: &Request,
    now: i64,
) -> Answer {
    let request: ClaimRequest =
        json_body(req, MAX_CLAIM_BODY, |_| "The body must be JSON: a batchId and the name to print.".into())?;
    let batch_id = ApiError::checked_id(&request.batch_id, "batch")?;
    let printed = name::checked(&request.name).map_err(|rule| ApiError::BadRequest(rule.into()))?;
    if store.get_batch(batch_id).await?.is_none() {
        return Err(ApiError::NotFound("No batch has this id.".into()));
    }
    if !actively_linked(store, &student.sub, batch_id).await? {
        return Err(ApiError::Forbidden("Link a Secret ID for this batch to your account first.".into()));
    }
    if let Some(held) = store.certificate_of(&student.sub, batch_id).await? {
        return issued(issuer, &held, false);
    }
    let completion = of_student(store, &student.sub, batch_id).await?;
    if let Some(standing) = completion.attendance.filter(|s| !s.met() && !completion.marked) {
        return Err(ApiError::Conflict(format!(
            "This batch's certificate asks {} % attendance of its live classes: yours is {} %.",
            standing.minimum,
            standing.percent.unwrap_or(0)
        )));
    }
    if !completion.complete {
        let assignments = if completion.assignments_required {
            format!(", {} of {} assignments passed", completion.assignments.passed, completion.assignments.total)
        } else {
            String::new()
        };
        return Err(ApiError::Conflict(format!(
            "This batch is not complete yet: {} of {} lectures watched{assignments}.",
            completion.lectures_watched, completion.lectures_total
        )));
    }
    let completed_on = completion.completed_on.unwrap_or_else(|| time::date(now));
    let draft = draft(store, &student.sub, batch_id, printed, completed_on, now).await?;
    let (certificate, new) = issuer.issue(store, draft).await?;
    issued(issuer, &certificate, new)
}

#[utoipa::path(get, path = "/api/me/certificates", tag = "certificates", operation_id = "my_certificates", security(("bearer" = [])),
    responses((status = 200, body = MyCertificates), (status = 401, body = ErrorBody)))]
pub async fn list(store: &(impl CertificateRecords + ?Sized), issuer: &Issuer<'_>, student: &Student) -> Answer {
    let certificates = store.list_certificates(&student.sub).await?.iter().map(|c| issuer.view(c)).collect();
    Ok(ok(&MyCertificates { certificates }))
}

#[utoipa::path(get, path = "/api/me/certificates/{id}/pdf", tag = "certificates", operation_id = "my_certificate_pdf", security(("bearer" = [])),
    params(("id" = String, Path, description = "the certificate's id")),
    responses(
        (status = 200, description = "the PDF, as a download", content_type = "application/pdf", body = String),
        (status = 401, body = ErrorBody), (status = 404, description = "no certificate of this account has this id", body = ErrorBody),
    ))]
pub async fn pdf(
    store: &(impl CertificateRecords + ?Sized),
    issuer: &Issuer<'_>,
    student: &Student,
    id: &str,
) -> Answer {
    if !id::is_valid(id) {
        return Err(unknown());
    }
    // The student's own certificates (a consistent read of their partition: one just issued is there).
    let mine = store.list_certificates(&student.sub).await?;
    let certificate = mine.into_iter().find(|c| c.id == id).ok_or_else(unknown)?;
    Ok(pdf_answer(id, issuer.pdf(&certificate).await?))
}

//! Certificates in the console (a batch's section): who completed the batch, staff's mark for a
//! student who finished in class, a certificate issued for a student who completed, one revoked
//! with a reason (the verification page then says revoked), a printed name corrected (the PDF made
//! again). Every write is in the audit trail. The rule and the certificates themselves are the
//! `certificates` feature's.

use crate::certificates::mine::{draft, issued};
use crate::certificates::{id, name, unknown, CertificateView, Issuer};
use crate::completion::AssignmentsOf;
use crate::completion::AttendanceOf;
use crate::completion::{self, Completion};
use crate::console::audit::recorded;
use crate::console::checks::{checked_student, no_student, Names};
use crate::console::Actor;
use crate::domain::{Batch, BatchLink, Certificate, CompletionMark};
use crate::http::error::{ApiError, ErrorBody};
use crate::http::is_space;
use crate::http::{json_body, ok, Answer};
use crate::store::{AuditRecords, CatalogRecords, CertificateRecords, EnrolmentRecords, GrantRecords, StudentRecords};
use crate::time;
use lambda_http::Request;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

/// The longest revocation reason.
pub const MAX_REASON_CHARS: usize = 300;
/// Room for a name or a reason, even as JSON escapes.
pub const MAX_BODY: usize = 4 * 1024;

/// Everything the console's certificate handlers read and write.
pub trait CertificateStore:
    CatalogRecords
    + GrantRecords
    + StudentRecords
    + EnrolmentRecords
    + CertificateRecords
    + AuditRecords
    + AttendanceOf
    + AssignmentsOf
{
}
impl<T> CertificateStore for T where
    T: CatalogRecords
        + GrantRecords
        + StudentRecords
        + EnrolmentRecords
        + CertificateRecords
        + AuditRecords
        + AttendanceOf
        + AssignmentsOf
        + ?Sized
{
}

/// One student of a batch, as the console's certificates section lists them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StudentCompletion {
    /// The account's id (its `sub`).
    pub student_id: String,
    /// From the enrolment; the Secret ID's label when it was issued outside the console.
    pub name: String,
    /// From the enrolment; empty when it was issued outside the console.
    pub email: String,
    pub lectures_watched: u32,
    pub complete: bool,
    pub marked_complete: bool,
    pub certificate: Option<CertificateView>,
}

/// `GET /api/staff/batches/{batchId}/certificates` answer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BatchCertificates {
    /// The lectures a student can watch (what completing the batch takes).
    pub lectures_total: u32,
    pub students: Vec<StudentCompletion>,
}

/// `PUT …/students/{studentId}/completion` body.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CompletionChange {
    /// Marked complete by staff (true), or not (false: the progress rule alone decides).
    pub complete: bool,
}

/// `POST …/students/{studentId}/certificate` and `PATCH /api/staff/certificates/{id}` body.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct CertificateName {
    /// The name to print.
    pub name: String,
}

/// `POST /api/staff/certificates/{id}/revoke` body.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct Revocation {
    /// Why, 1 to 300 characters (staff see it; the public page does not).
    pub reason: String,
}

fn body_of<T: serde::de::DeserializeOwned>(req: &Request, shape: &str) -> Result<T, ApiError> {
    json_body(req, MAX_BODY, |_| format!("The body must be JSON: {shape}."))
}

async fn find_batch(store: &(impl CatalogRecords + ?Sized), batch_id: &str) -> Result<Batch, ApiError> {
    let batch_id = ApiError::checked_id(batch_id, "batch")?;
    store.get_batch(batch_id).await?.ok_or_else(|| ApiError::NotFound("No batch has this id.".into()))
}

/// The account `student_id` linked to `batch_id` (linked once: its access may have ended since).
async fn find_link(
    store: &(impl StudentRecords + ?Sized),
    batch_id: &str,
    student_id: &str,
) -> Result<BatchLink, ApiError> {
    store.get_link(checked_student(student_id)?, batch_id).await?.ok_or_else(no_student)
}

/// One student's row.
async fn row(
    store: &(impl CertificateStore + ?Sized),
    issuer: &Issuer<'_>,
    names: &Names,
    watchable: &[u32],
    link: &BatchLink,
) -> Result<StudentCompletion, ApiError> {
    let progress = store.list_progress(&link.sub, &link.batch_id).await?;
    let mark = store.get_completion_mark(&link.sub, &link.batch_id).await?;
    let standing = store.attendance_standing(&link.batch_id, &link.sub, time::now()).await?;
    let (required, tally) = store.assignment_standing(&link.sub, &link.batch_id, time::now()).await?;
    let done =
        Completion::of(watchable, &progress, mark.as_ref()).with_attendance(standing).with_assignments(required, tally);
    let certificate = store.certificate_of(&link.sub, &link.batch_id).await?;
    let (name, email) = names.name(store, link).await?;
    Ok(StudentCompletion {
        student_id: link.sub.clone(),
        name,
        email,
        lectures_watched: done.lectures_watched,
        complete: done.complete,
        marked_complete: done.marked,
        certificate: certificate.as_ref().map(|c| issuer.view(c)),
    })
}

#[utoipa::path(get, path = "/api/staff/batches/{batchId}/certificates", tag = "staff", operation_id = "staff_batch_certificates", security(("bearer" = [])),
    params(("batchId" = String, Path, description = "24 lowercase hex characters")),
    responses((status = 200, description = "every account linked to the batch, by name", body = BatchCertificates),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn batch(store: &(impl CertificateStore + ?Sized), issuer: &Issuer<'_>, batch_id: &str) -> Answer {
    let batch = find_batch(store, batch_id).await?;
    let watchable = completion::watchable(store, &batch.id).await?;
    let names = Names::of(store, &batch.id).await?;
    let mut students = Vec::new();
    for link in store.list_batch_links(&batch.id).await? {
        students.push(row(store, issuer, &names, &watchable, &link).await?);
    }
    students.sort_by_key(|s| (s.name.to_lowercase(), s.student_id.clone()));
    Ok(ok(&BatchCertificates { lectures_total: watchable.len() as u32, students }))
}

/// The console's certificate writes, each audited.
pub struct Certificates<'a, S: CertificateStore + ?Sized> {
    pub store: &'a S,
    pub issuer: Issuer<'a>,
    pub actor: &'a Actor,
    pub now: i64,
}

impl<S: CertificateStore + ?Sized> Certificates<'_, S> {
    async fn audited<T>(
        &self,
        action: &str,
        target: &str,
        detail: Option<String>,
        result: Result<T, ApiError>,
    ) -> Result<T, ApiError> {
        recorded(self.store, self.actor, action, target, detail, result).await
    }

    /// A student's row, after their mark was set or cleared.
    pub async fn completion(&self, req: &Request, batch_id: &str, student_id: &str) -> Answer {
        let change: Result<CompletionChange, _> = body_of(req, "complete, true or false");
        let detail =
            change.as_ref().ok().map(|c| if c.complete { "marked complete" } else { "mark removed" }.to_owned());
        let result = async {
            let change = change?;
            let batch = find_batch(self.store, batch_id).await?;
            let link = find_link(self.store, &batch.id, student_id).await?;
            if change.complete {
                let mark = CompletionMark {
                    sub: link.sub.clone(),
                    batch_id: batch.id.clone(),
                    marked_at: self.now,
                    marked_by: self.actor.name().to_owned(),
                };
                self.store.put_completion_mark(&mark).await?;
            } else {
                self.store.delete_completion_mark(&link.sub, &batch.id).await?;
            }
            let watchable = completion::watchable(self.store, &batch.id).await?;
            let names = Names::of(self.store, &batch.id).await?;
            row(self.store, &self.issuer, &names, &watchable, &link).await
        }
        .await;
        let row = self.audited("certificate.completion", &format!("{batch_id}/{student_id}"), detail, result).await?;
        Ok(ok(&row))
    }

    /// A certificate issued for a student who completed the batch (the one issued before, if any).
    pub async fn issue(&self, req: &Request, batch_id: &str, student_id: &str) -> Answer {
        let result = async {
            let request: CertificateName = body_of(req, "the name to print")?;
            let printed = name::checked(&request.name).map_err(|rule| ApiError::BadRequest(rule.into()))?;
            let batch = find_batch(self.store, batch_id).await?;
            let link = find_link(self.store, &batch.id, student_id).await?;
            if let Some(held) = self.store.certificate_of(&link.sub, &batch.id).await? {
                return Ok((held, false));
            }
            let done = completion::of_student(self.store, &link.sub, &batch.id).await?;
            if !done.complete {
                return Err(ApiError::Conflict(
                    "This student has not completed the batch: mark them complete first.".into(),
                ));
            }
            let completed_on = done.completed_on.unwrap_or_else(|| time::date(self.now));
            let mut draft = draft(self.store, &link.sub, &batch.id, printed, completed_on, self.now).await?;
            draft.issued_by = Some(self.actor.name().to_owned());
            self.issuer.issue(self.store, draft).await
        }
        .await;
        let detail =
            result.as_ref().ok().map(|(c, new)| if *new { c.id.clone() } else { format!("{} (issued before)", c.id) });
        let (certificate, new) =
            self.audited("certificate.issue", &format!("{batch_id}/{student_id}"), detail, result).await?;
        issued(&self.issuer, &certificate, new)
    }

    /// The certificate `id`, for a console write.
    async fn find(&self, id: &str) -> Result<Certificate, ApiError> {
        if !id::is_valid(id) {
            return Err(unknown());
        }
        self.store.find_certificate(id).await?.ok_or_else(unknown)
    }

    pub async fn revoke(&self, req: &Request, id: &str) -> Answer {
        let result = async {
            let request: Revocation = body_of(req, "the reason")?;
            let reason = request.reason.trim_matches(is_space);
            if reason.is_empty() || request.reason.chars().count() > MAX_REASON_CHARS {
                return Err(ApiError::BadRequest(format!("The reason must be 1 to {MAX_REASON_CHARS} characters.")));
            }
            let mut certificate = self.find(id).await?;
            if certificate.revoked_on.is_some() {
                return Err(ApiError::Conflict("This certificate is already revoked.".into()));
            }
            certificate.revoked_on = Some(time::date(self.now));
            certificate.revoked_reason = Some(reason.to_owned());
            self.store.put_certificate(&certificate).await?;
            Ok(certificate)
        }
        .await;
        let certificate = self.audited("certificate.revoke", id, None, result).await?;
        Ok(ok(&self.issuer.view(&certificate)))
    }

    /// The printed name corrected, and the PDF made again.
    pub async fn rename(&self, req: &Request, id: &str) -> Answer {
        let result = async {
            let request: CertificateName = body_of(req, "the name to print")?;
            let printed = name::checked(&request.name).map_err(|rule| ApiError::BadRequest(rule.into()))?;
            let mut certificate = self.find(id).await?;
            certificate.name = printed;
            self.store.put_certificate(&certificate).await?;
            self.issuer.store_pdf(&certificate).await.map_err(|error| {
                tracing::error!(id, %error, "a renamed certificate's PDF was not stored");
                ApiError::Unavailable
            })?;
            Ok(certificate)
        }
        .await;
        let detail = result.as_ref().ok().map(|c| format!("name: {}", c.name));
        let certificate = self.audited("certificate.rename", id, detail, result).await?;
        Ok(ok(&self.issuer.view(&certificate)))
    }
}

#[utoipa::path(put, path = "/api/staff/batches/{batchId}/students/{studentId}/completion", tag = "staff", operation_id = "staff_mark_completion", security(("bearer" = [])),
    params(("batchId" = String, Path, description = "24 lowercase hex characters"), ("studentId" = String, Path, description = "the account's id (sub)")),
    request_body = CompletionChange,
    responses((status = 200, description = "the student's row", body = StudentCompletion), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn completion(
    handlers: &Certificates<'_, impl CertificateStore + ?Sized>,
    req: &Request,
    batch_id: &str,
    student_id: &str,
) -> Answer {
    handlers.completion(req, batch_id, student_id).await
}

#[utoipa::path(post, path = "/api/staff/batches/{batchId}/students/{studentId}/certificate", tag = "staff", operation_id = "staff_issue_certificate", security(("bearer" = [])),
    params(("batchId" = String, Path, description = "24 lowercase hex characters"), ("studentId" = String, Path, description = "the account's id (sub)")),
    request_body = CertificateName,
    responses((status = 201, description = "issued", body = CertificateView),
        (status = 200, description = "issued before: the same certificate", body = CertificateView),
        (status = 400, body = ErrorBody), (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody),
        (status = 409, description = "the student has not completed the batch", body = ErrorBody)))]
pub async fn issue(
    handlers: &Certificates<'_, impl CertificateStore + ?Sized>,
    req: &Request,
    batch_id: &str,
    student_id: &str,
) -> Answer {
    handlers.issue(req, batch_id, student_id).await
}

#[utoipa::path(post, path = "/api/staff/certificates/{id}/revoke", tag = "staff", operation_id = "staff_revoke_certificate", security(("bearer" = [])),
    params(("id" = String, Path, description = "the certificate's id")),
    request_body = Revocation,
    responses((status = 200, body = CertificateView), (status = 400, body = ErrorBody), (status = 401, body = ErrorBody),
        (status = 403, body = ErrorBody), (status = 404, body = ErrorBody), (status = 409, description = "already revoked", body = ErrorBody)))]
pub async fn revoke(handlers: &Certificates<'_, impl CertificateStore + ?Sized>, req: &Request, id: &str) -> Answer {
    handlers.revoke(req, id).await
}

#[utoipa::path(patch, path = "/api/staff/certificates/{id}", tag = "staff", operation_id = "staff_rename_certificate", security(("bearer" = [])),
    params(("id" = String, Path, description = "the certificate's id")),
    request_body = CertificateName,
    responses((status = 200, description = "renamed; its PDF made again", body = CertificateView), (status = 400, body = ErrorBody),
        (status = 401, body = ErrorBody), (status = 403, body = ErrorBody), (status = 404, body = ErrorBody)))]
pub async fn rename(handlers: &Certificates<'_, impl CertificateStore + ?Sized>, req: &Request, id: &str) -> Answer {
    handlers.rename(req, id).await
}

//! The public verification (`/api/certificates/{id}` and its PDF): what anyone holding the id
//! may see, never the reason of a revocation nor the holder's account. Every look-up of a
//! well-formed id counts against the caller's limit (`limits::CERTIFICATE_CHECKS`), so ids
//! cannot be enumerated; a malformed one is refused before the store is touched. A revoked
//! certificate is shown as revoked, and its PDF is no longer given out (its holder keeps theirs).

use super::{id, pdf_answer, unknown, Issuer, VerifiedCertificate};
use crate::domain::Certificate;
use crate::http::error::{ApiError, ErrorBody};
use crate::http::{client_key, ok, Answer};
use crate::limits::{Admission, CERTIFICATE_CHECKS};
use crate::store::{CertificateRecords, Counters};
use lambda_http::Request;

/// The certificate `id` names, after the caller's limit.
async fn look_up(
    store: &(impl CertificateRecords + Counters + ?Sized),
    req: &Request,
    id: &str,
    now: i64,
) -> Result<Certificate, ApiError> {
    if !id::is_valid(id) {
        return Err(unknown());
    }
    if let Admission::Refused { retry_after } = CERTIFICATE_CHECKS.admit(store, &client_key(req), now).await? {
        return Err(ApiError::TooManyRequests { retry_after });
    }
    store.find_certificate(id).await?.ok_or_else(unknown)
}

#[utoipa::path(get, path = "/api/certificates/{id}", tag = "certificates", operation_id = "verify_certificate",
    params(("id" = String, Path, description = "the certificate's id, e.g. SKY-7K3Q-9WXD-M2PA-4TRE")),
    responses(
        (status = 200, description = "the certificate, valid or revoked", body = VerifiedCertificate),
        (status = 404, description = "no certificate has this id", body = ErrorBody),
        (status = 429, body = ErrorBody, headers(("Retry-After" = u64))),
    ))]
pub async fn verify(
    store: &(impl CertificateRecords + Counters + ?Sized),
    req: &Request,
    id: &str,
    now: i64,
) -> Answer {
    let certificate = look_up(store, req, id, now).await?;
    Ok(ok(&VerifiedCertificate::from(&certificate)))
}

#[utoipa::path(get, path = "/api/certificates/{id}/pdf", tag = "certificates", operation_id = "certificate_pdf",
    params(("id" = String, Path, description = "the certificate's id")),
    responses(
        (status = 200, description = "the PDF, as a download", content_type = "application/pdf", body = String),
        (status = 404, description = "no certificate has this id", body = ErrorBody),
        (status = 410, description = "the certificate was revoked: its PDF is no longer given out", body = ErrorBody),
        (status = 429, body = ErrorBody, headers(("Retry-After" = u64))),
    ))]
pub async fn pdf(
    store: &(impl CertificateRecords + Counters + ?Sized),
    issuer: &Issuer<'_>,
    req: &Request,
    id: &str,
    now: i64,
) -> Answer {
    let certificate = look_up(store, req, id, now).await?;
    if let Some(day) = &certificate.revoked_on {
        return Err(ApiError::Gone(format!("This certificate was revoked on {day}; its PDF is no longer given out.")));
    }
    Ok(pdf_answer(&certificate.id, issuer.pdf(&certificate).await?))
}

//! Certificates of completion (when a student completed a batch is the shared `crate::completion`): the id anyone
//! may verify (`id`), the name printed (`name`), the PDF with its QR code (`pdf`) and where it is
//! kept (`files`); a signed-in student's claim, list and download (`mine`), and the public
//! verification (`public`). Staff's side (who completed, marks, issue, revoke, correct a name) is
//! the console's (`certificates::console`), through `Issuer` here. See docs/product.md#certificates.

pub mod api;
pub mod console;
pub mod files;
pub mod id;
pub mod mine;
pub mod name;
pub mod pdf;
pub mod public;

use crate::domain::Certificate;
use crate::http::error::ApiError;
use crate::store::{CertificateRecords, StoreError};
use files::CertificateFiles;
use lambda_http::{Body, Response};
use serde::Serialize;
use utoipa::ToSchema;

/// Whether a certificate still stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum CertificateStatus {
    Valid,
    Revoked,
}

/// A certificate as its holder and staff see it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CertificateView {
    /// `SKY-` and four groups of four characters.
    pub id: String,
    /// The holder's name as printed.
    pub name: String,
    pub course_id: String,
    /// The course's title.
    pub course: String,
    pub batch_id: String,
    /// The batch's name.
    pub batch: String,
    pub instructor: String,
    /// `YYYY-MM-DD`.
    pub completed_on: String,
    /// `YYYY-MM-DD`.
    pub issued_on: String,
    pub status: CertificateStatus,
    /// `YYYY-MM-DD`, when revoked.
    pub revoked_on: Option<String>,
    /// Why it was revoked (never shown publicly).
    pub revoked_reason: Option<String>,
    /// The public verification page.
    pub verify_url: String,
    /// LinkedIn's add-to-profile link, filled in.
    pub linked_in_url: String,
}

/// A certificate as anyone holding its id sees it: no reason, no account.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VerifiedCertificate {
    pub id: String,
    pub name: String,
    pub course: String,
    pub batch: String,
    pub completed_on: String,
    pub issued_on: String,
    pub status: CertificateStatus,
    pub revoked_on: Option<String>,
}

fn status_of(certificate: &Certificate) -> CertificateStatus {
    if certificate.revoked_on.is_some() {
        CertificateStatus::Revoked
    } else {
        CertificateStatus::Valid
    }
}

impl From<&Certificate> for VerifiedCertificate {
    fn from(c: &Certificate) -> Self {
        Self {
            id: c.id.clone(),
            name: c.name.clone(),
            course: c.course.clone(),
            batch: c.batch.clone(),
            completed_on: c.completed_on.clone(),
            issued_on: c.issued_on.clone(),
            status: status_of(c),
            revoked_on: c.revoked_on.clone(),
        }
    }
}

/// The 404 of an id that names no certificate (or one that is not the caller's).
pub fn unknown() -> ApiError {
    ApiError::NotFound("No certificate has this id.".into())
}

/// What issuing and serving certificates needs besides the store: where PDFs are kept and the
/// site's origin (the verification page's).
pub struct Issuer<'a> {
    pub files: &'a dyn CertificateFiles,
    pub site_url: &'a str,
}

impl Issuer<'_> {
    /// `{site}/verify/{id}`: the page the QR code and LinkedIn link to.
    pub fn verify_url(&self, id: &str) -> String {
        format!("{}/verify/{id}", self.site_url.trim_end_matches('/'))
    }

    /// LinkedIn's documented add-to-profile URL for a certification, filled in.
    pub fn linked_in_url(&self, certificate: &Certificate) -> String {
        let (year, month) = certificate.issued_on.split_once('-').unwrap_or(("", ""));
        let month = month.split('-').next().unwrap_or_default().trim_start_matches('0');
        let query = form_urlencoded::Serializer::new(String::new())
            .append_pair("startTask", "CERTIFICATION_NAME")
            .append_pair("name", &certificate.course)
            .append_pair("organizationName", pdf::INSTITUTE)
            .append_pair("issueYear", year)
            .append_pair("issueMonth", month)
            .append_pair("certUrl", &self.verify_url(&certificate.id))
            .append_pair("certId", &certificate.id)
            .finish();
        format!("https://www.linkedin.com/profile/add?{query}")
    }

    pub fn view(&self, c: &Certificate) -> CertificateView {
        CertificateView {
            id: c.id.clone(),
            name: c.name.clone(),
            course_id: c.course_id.clone(),
            course: c.course.clone(),
            batch_id: c.batch_id.clone(),
            batch: c.batch.clone(),
            instructor: c.instructor.clone(),
            completed_on: c.completed_on.clone(),
            issued_on: c.issued_on.clone(),
            status: status_of(c),
            revoked_on: c.revoked_on.clone(),
            revoked_reason: c.revoked_reason.clone(),
            verify_url: self.verify_url(&c.id),
            linked_in_url: self.linked_in_url(c),
        }
    }

    /// Stores `draft` as the student's certificate of its batch, unless they have one already:
    /// the stored certificate, and whether it is new. One conditional put decides, so claims made
    /// at once issue one certificate. Its PDF is stored next; if that fails, it is generated
    /// again when first asked for.
    pub async fn issue(
        &self,
        store: &(impl CertificateRecords + ?Sized),
        draft: Certificate,
    ) -> Result<(Certificate, bool), ApiError> {
        match store.create_certificate(&draft).await {
            Ok(()) => {
                if let Err(error) = self.store_pdf(&draft).await {
                    tracing::error!(id = draft.id, %error, "a certificate's PDF was not stored; it is made when asked for");
                }
                Ok((draft, true))
            }
            Err(StoreError::Conflict) => {
                let held = store.certificate_of(&draft.sub, &draft.batch_id).await?;
                held.map(|c| (c, false)).ok_or(ApiError::Unavailable)
            }
            Err(e) => Err(e.into()),
        }
    }

    /// Generates the certificate's PDF and stores it (replacing any earlier one).
    pub async fn store_pdf(&self, certificate: &Certificate) -> Result<Vec<u8>, String> {
        let pdf = pdf::render(certificate, &self.verify_url(&certificate.id))?;
        self.files.put(&certificate.id, &pdf).await?;
        Ok(pdf)
    }

    /// The certificate's PDF: as stored, else generated (and stored) now.
    pub async fn pdf(&self, certificate: &Certificate) -> Result<Vec<u8>, ApiError> {
        let failed = |error: String| {
            tracing::error!(id = certificate.id, %error, "a certificate's PDF could not be read or made");
            ApiError::Unavailable
        };
        match self.files.get(&certificate.id).await.map_err(failed)? {
            Some(pdf) => Ok(pdf),
            None => self.store_pdf(certificate).await.map_err(failed),
        }
    }
}

/// The PDF as a download named after the certificate.
pub fn pdf_answer(id: &str, pdf: Vec<u8>) -> Response<Body> {
    crate::pdf::answer(&format!("certificate-{id}.pdf"), pdf)
}

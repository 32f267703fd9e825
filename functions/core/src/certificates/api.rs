//! Certificates' routes and services: a signed-in student's (`/api/me/certificates…`), the public
//! verification (`/api/certificates/…`), and staff's (`/api/staff/…certificates…`).

use super::console as staff_certificates;
use super::files::CertificateFiles;
use super::{mine, public, Issuer};
use crate::console::Actor;
use crate::http::contract::{Schemas, ID_PATTERN};
use crate::http::identity::{identify, identify_staff, Verifier};
use crate::http::routes::{no_route, Routes, Service};
use crate::http::Answer;
use crate::store::Store;
use crate::time;
use async_trait::async_trait;
use lambda_http::{http::Method, Request};
use std::sync::Arc;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};
use utoipa::openapi::RefOr;

/// A signed-in student's certificates (GET) or a claim (POST); one's PDF; anyone's view of a
/// certificate by its id, and its PDF.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum CertificatesRoute {
    Mine,
    MyPdf(String),
    Certificate(String),
    Pdf(String),
}

impl Routes for CertificatesRoute {
    fn resolve(parts: &[&str]) -> Option<Self> {
        let id = |s: &str| s.to_owned();
        Some(match parts {
            ["api", "me", "certificates"] => Self::Mine,
            ["api", "me", "certificates", certificate, "pdf"] => Self::MyPdf(id(certificate)),
            ["api", "certificates", certificate] => Self::Certificate(id(certificate)),
            ["api", "certificates", certificate, "pdf"] => Self::Pdf(id(certificate)),
            _ => return None,
        })
    }

    fn methods(&self) -> &'static [Method] {
        match self {
            Self::Mine => &[Method::GET, Method::POST],
            _ => &[Method::GET],
        }
    }
}

/// Certificates: a signed-in student's (claim, list, PDF) and the public verification. The store,
/// where PDFs are kept, the site's origin (the verification page's), and the sign-in verifier
/// (in AWS the gateway's JWT authorizer guards `/api/me/certificates…`; the public routes have none).
pub struct CertificatesApi {
    pub store: Store,
    pub files: Arc<dyn CertificateFiles>,
    pub site_url: String,
    pub verifier: Option<Arc<Verifier>>,
}

#[async_trait]
impl Service for CertificatesApi {
    type Route = CertificatesRoute;
    async fn answer(&self, route: CertificatesRoute, req: &Request) -> Answer {
        use CertificatesRoute as R;
        let issuer = Issuer { files: self.files.as_ref(), site_url: &self.site_url };
        let (store, now) = (&self.store, time::now());
        // The verification is public; a student's own certificates are signed in.
        let student = || identify(self.verifier.as_deref(), req);
        match route {
            R::Certificate(id) => public::verify(store, req, &id, now).await,
            R::Pdf(id) => public::pdf(store, &issuer, req, &id, now).await,
            R::MyPdf(id) => mine::pdf(store, &issuer, &student().await?, &id).await,
            R::Mine if req.method() == Method::POST => mine::claim(store, &issuer, &student().await?, req, now).await,
            R::Mine => mine::list(store, &issuer, &student().await?).await,
        }
    }
}

/// Staff: a batch's students with their completion and certificates; a student marked complete
/// (PUT); a certificate issued for them; one revoked; its name corrected (PATCH).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StaffCertificatesRoute {
    Batch(String),
    Completion { batch: String, student: String },
    Issue { batch: String, student: String },
    Revoke(String),
    Certificate(String),
}

impl Routes for StaffCertificatesRoute {
    fn resolve(parts: &[&str]) -> Option<Self> {
        let id = |s: &str| s.to_owned();
        Some(match parts {
            ["api", "staff", "batches", batch, "certificates"] => Self::Batch(id(batch)),
            ["api", "staff", "batches", batch, "students", student, "completion"] => {
                Self::Completion { batch: id(batch), student: id(student) }
            }
            ["api", "staff", "batches", batch, "students", student, "certificate"] => {
                Self::Issue { batch: id(batch), student: id(student) }
            }
            ["api", "staff", "certificates", certificate] => Self::Certificate(id(certificate)),
            ["api", "staff", "certificates", certificate, "revoke"] => Self::Revoke(id(certificate)),
            _ => return None,
        })
    }

    fn methods(&self) -> &'static [Method] {
        match self {
            Self::Batch(_) => &[Method::GET],
            Self::Completion { .. } => &[Method::PUT],
            Self::Issue { .. } | Self::Revoke(_) => &[Method::POST],
            Self::Certificate(_) => &[Method::PATCH],
        }
    }
}

/// Staff: certificates. The store, the sign-in verifier, where PDFs are kept, and the site's origin.
pub struct StaffCertificatesApi {
    pub store: Store,
    pub verifier: Option<Arc<Verifier>>,
    pub files: Arc<dyn CertificateFiles>,
    pub site_url: String,
}

#[async_trait]
impl Service for StaffCertificatesApi {
    type Route = StaffCertificatesRoute;
    async fn answer(&self, route: StaffCertificatesRoute, req: &Request) -> Answer {
        use StaffCertificatesRoute as R;
        let verifier = self.verifier.as_deref();
        let caller = identify_staff(verifier, req).await?;
        let issuer = || Issuer { files: self.files.as_ref(), site_url: &self.site_url };
        if let R::Batch(batch) = &route {
            return staff_certificates::batch(&self.store, &issuer(), batch).await;
        }
        let actor = Actor::named(verifier, req, caller).await;
        let handlers =
            staff_certificates::Certificates { store: &self.store, issuer: issuer(), actor: &actor, now: time::now() };
        match route {
            R::Completion { batch, student } => staff_certificates::completion(&handlers, req, &batch, &student).await,
            R::Issue { batch, student } => staff_certificates::issue(&handlers, req, &batch, &student).await,
            R::Revoke(id) => staff_certificates::revoke(&handlers, req, &id).await,
            R::Certificate(id) => staff_certificates::rename(&handlers, req, &id).await,
            // Answered above, before an actor is named.
            R::Batch(_) => Err(no_route()),
        }
    }
}

/// The contract of certificates: its routes' annotations and answers, merged into the whole document
/// by `platform::openapi`.
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(
        super::mine::list,
        super::mine::claim,
        super::mine::pdf,
        super::public::verify,
        super::public::pdf,
        super::console::batch,
        super::console::completion,
        super::console::issue,
        super::console::revoke,
        super::console::rename,
    ),
    components(schemas(
        super::CertificateStatus,
        super::CertificateView,
        super::VerifiedCertificate,
        super::mine::ClaimRequest,
        super::mine::MyCertificates,
        super::console::BatchCertificates,
        super::console::StudentCompletion,
        super::console::CompletionChange,
        super::console::CertificateName,
        super::console::Revocation,
    ))
)]
pub struct Contract;

/// The certificate bodies' fields as the server checks them (`certificates::name`, the reason's bound).
pub fn body_rules(schemas: &mut Schemas) {
    let name = || {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .min_length(Some(super::name::MIN_CHARS))
            .max_length(Some(super::name::MAX_CHARS))
            .pattern(Some(super::name::pattern()))
            .description(Some(super::name::RULE))
    };
    for schema in ["ClaimRequest", "CertificateName"] {
        if let Some(RefOr::T(Schema::Object(body))) = schemas.get_mut(schema) {
            body.properties.insert("name".into(), name().into());
        }
    }
    if let Some(RefOr::T(Schema::Object(claim))) = schemas.get_mut("ClaimRequest") {
        let id = ObjectBuilder::new().schema_type(Type::String).pattern(Some(ID_PATTERN));
        claim.properties.insert("batchId".into(), id.into());
    }
    if let Some(RefOr::T(Schema::Object(revocation))) = schemas.get_mut("Revocation") {
        let reason = ObjectBuilder::new()
            .schema_type(Type::String)
            .min_length(Some(1))
            .max_length(Some(super::console::MAX_REASON_CHARS))
            .pattern(Some("\\S"))
            .description(Some(
                "Why, 1 to 300 characters, not all of them spaces (staff see it; the public page does not).",
            ));
        revocation.properties.insert("reason".into(), reason.into());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http::routes::resolve;

    #[test]
    fn resolves_the_certificate_paths() {
        let id = "665f1c2a9b3e4d0012a1b001";
        let cert = "SKY-7K3Q-9WXD-M2PA-4TRE";
        assert_eq!(resolve("/api/me/certificates"), Some(CertificatesRoute::Mine));
        assert_eq!(resolve(&format!("/api/me/certificates/{cert}/pdf")), Some(CertificatesRoute::MyPdf(cert.into())));
        assert_eq!(resolve(&format!("/api/certificates/{cert}")), Some(CertificatesRoute::Certificate(cert.into())));
        assert_eq!(resolve(&format!("/api/certificates/{cert}/pdf")), Some(CertificatesRoute::Pdf(cert.into())));
        assert_eq!(
            resolve(&format!("/api/staff/batches/{id}/students/a@b.test/completion")),
            Some(StaffCertificatesRoute::Completion { batch: id.into(), student: "a@b.test".into() })
        );
        assert_eq!(
            resolve(&format!("/api/staff/batches/{id}/students/x%2Bevening%20class%40example.test/certificate")),
            Some(StaffCertificatesRoute::Issue { batch: id.into(), student: "x+evening class@example.test".into() })
        );
        assert_eq!(
            resolve(&format!("/api/staff/certificates/{cert}/revoke")),
            Some(StaffCertificatesRoute::Revoke(cert.into()))
        );
        assert_eq!(StaffCertificatesRoute::Certificate(cert.into()).methods(), [Method::PATCH]);
    }
}

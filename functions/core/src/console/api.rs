//! The audit trail's route and service (the console's one route of its own).

use crate::http::identity::{identify_staff, Verifier};
use crate::http::routes::{Routes, Service};
use crate::http::Answer;
use crate::store::Store;
use async_trait::async_trait;
use lambda_http::{http::Method, Request};
use std::sync::Arc;

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AuditRoute {
    Trail,
}

impl Routes for AuditRoute {
    fn resolve(parts: &[&str]) -> Option<Self> {
        matches!(parts, ["api", "staff", "audit"]).then_some(Self::Trail)
    }

    fn methods(&self) -> &'static [Method] {
        &[Method::GET]
    }
}

/// Staff: the audit trail. The store and the sign-in verifier.
pub struct StaffAuditApi {
    pub store: Store,
    pub verifier: Option<Arc<Verifier>>,
}

#[async_trait]
impl Service for StaffAuditApi {
    type Route = AuditRoute;
    async fn answer(&self, _route: AuditRoute, req: &Request) -> Answer {
        identify_staff(self.verifier.as_deref(), req).await?;
        super::audit::trail(&self.store, req).await
    }
}

/// The contract of the audit trail: its routes' annotations and answers, merged into the whole document
/// by `platform::openapi`.
#[derive(utoipa::OpenApi)]
#[openapi(paths(super::audit::trail,), components(schemas(super::audit::AuditPage,)))]
pub struct Contract;

//! The enrolments feature's routes: enrolments and the batches' rosters, and the batch report.

use super::{console, report};
use crate::console::Actor;
use crate::enrolment::Mailing;
use crate::http::contract::{not_blank_pattern, nullable, Schemas, ENQUIRY_ID_PATTERN, ID_PATTERN};
use crate::http::identity::{identify_staff, Verifier};
use crate::http::routes::{Routes, Service};
use crate::http::Answer;
use crate::store::Store;
use crate::time;
use async_trait::async_trait;
use lambda_http::{http::Method, Request};
use std::sync::Arc;
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, Schema, SchemaFormat, Type};
use utoipa::openapi::RefOr;

/// Staff: the batches with their counts; a new enrolment (POST); one (DELETE); its welcome sent
/// again; a batch's enrolments, and a roster enrolled at once.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StaffEnrolmentsRoute {
    Batches,
    Enrol,
    Enrolment(String),
    Resend(String),
    OfBatch(String),
    Bulk(String),
}

impl Routes for StaffEnrolmentsRoute {
    fn resolve(parts: &[&str]) -> Option<Self> {
        let id = |s: &str| s.to_owned();
        Some(match parts {
            ["api", "staff", "batches"] => Self::Batches,
            ["api", "staff", "enrolments"] => Self::Enrol,
            ["api", "staff", "enrolments", enrolment] => Self::Enrolment(id(enrolment)),
            ["api", "staff", "enrolments", enrolment, "resend"] => Self::Resend(id(enrolment)),
            ["api", "staff", "batches", batch, "enrolments"] => Self::OfBatch(id(batch)),
            ["api", "staff", "batches", batch, "enrolments", "bulk"] => Self::Bulk(id(batch)),
            _ => return None,
        })
    }

    fn methods(&self) -> &'static [Method] {
        match self {
            Self::Batches | Self::OfBatch(_) => &[Method::GET],
            Self::Enrol | Self::Resend(_) | Self::Bulk(_) => &[Method::POST],
            Self::Enrolment(_) => &[Method::DELETE],
        }
    }
}

/// Staff: enrolments. The store, the sign-in verifier, and what welcomes are mailed with.
pub struct StaffEnrolmentsApi {
    pub store: Store,
    pub verifier: Option<Arc<Verifier>>,
    pub mailing: Option<Mailing>,
}

#[async_trait]
impl Service for StaffEnrolmentsApi {
    type Route = StaffEnrolmentsRoute;
    async fn answer(&self, route: StaffEnrolmentsRoute, req: &Request) -> Answer {
        use StaffEnrolmentsRoute as R;
        let verifier = self.verifier.as_deref();
        let caller = identify_staff(verifier, req).await?;
        let actor = || Actor::named(verifier, req, caller.clone());
        let (store, mailing) = (&self.store, self.mailing.as_ref());
        match route {
            R::Batches => console::batches(store).await,
            R::Enrol => console::create(store, mailing, &actor().await, req).await,
            R::Enrolment(id) => console::revoke(store, &actor().await, &id).await,
            R::Resend(id) => console::resend(store, mailing, &actor().await, &id).await,
            R::OfBatch(batch) => console::of_batch(store, req, &batch).await,
            R::Bulk(batch) => console::bulk(store, mailing, &actor().await, req, &batch).await,
        }
    }
}

/// Staff: what a batch's students did, and the same as a spreadsheet.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StaffReportsRoute {
    Report(String),
    Csv(String),
}

impl Routes for StaffReportsRoute {
    fn resolve(parts: &[&str]) -> Option<Self> {
        match parts {
            ["api", "staff", "batches", batch, "report"] => Some(Self::Report((*batch).to_owned())),
            ["api", "staff", "batches", batch, "report.csv"] => Some(Self::Csv((*batch).to_owned())),
            _ => None,
        }
    }

    fn methods(&self) -> &'static [Method] {
        &[Method::GET]
    }
}

/// Staff: reports. The store and the sign-in verifier.
pub struct StaffReportsApi {
    pub store: Store,
    pub verifier: Option<Arc<Verifier>>,
    /// What counts as held for attendance.
    pub clock: time::Clock,
}

#[async_trait]
impl Service for StaffReportsApi {
    type Route = StaffReportsRoute;
    async fn answer(&self, route: StaffReportsRoute, req: &Request) -> Answer {
        identify_staff(self.verifier.as_deref(), req).await?;
        match route {
            StaffReportsRoute::Report(batch) => report::batch_report(&self.store, &batch, self.clock.now()).await,
            StaffReportsRoute::Csv(batch) => report::batch_report_csv(&self.store, &batch, self.clock.now()).await,
        }
    }
}

/// The contract of the console's enrolments and reports: its routes' annotations and answers, merged into the whole document
/// by `platform::openapi`.
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(
        super::console::batches,
        super::console::create,
        super::console::revoke,
        super::console::resend,
        super::console::of_batch,
        super::console::bulk,
        super::report::batch_report,
        super::report::batch_report_csv,
    ),
    components(schemas(
        super::console::EnrolRequest,
        super::console::Enrolled,
        super::console::EnrolmentPage,
        super::console::StaffBatch,
        super::console::StaffBatches,
        super::console::BulkRequest,
        super::console::BulkAnswer,
        super::console::BulkLine,
        super::console::LineOutcome,
        super::report::BatchReport,
        super::report::LectureReport,
        super::report::StudentReport,
        crate::completion::StudentAssignment,
        crate::completion::AssignmentColumn,
    ))
)]
pub struct Contract;

/// The staff bodies' fields as the server checks them.
pub fn body_rules(schemas: &mut Schemas) {
    let date = || {
        nullable(ObjectBuilder::new())
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Date)))
            .description(Some("The last day of access, YYYY-MM-DD (UTC), today or later."))
    };
    let id = || ObjectBuilder::new().schema_type(Type::String).pattern(Some(ID_PATTERN));
    if let Some(RefOr::T(Schema::Object(enrol))) = schemas.get_mut("EnrolRequest") {
        let name = ObjectBuilder::new()
            .schema_type(Type::String)
            .max_length(Some(super::console::MAX_NAME_CHARS))
            .pattern(Some(not_blank_pattern()));
        let email = ObjectBuilder::new()
            .schema_type(Type::String)
            .max_length(Some(super::console::MAX_EMAIL_CHARS))
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Email)));
        enrol.properties.insert("batchId".into(), id().into());
        enrol.properties.insert("name".into(), name.into());
        enrol.properties.insert("email".into(), email.into());
        enrol.properties.insert("accessUntil".into(), date().into());
        enrol
            .properties
            .insert("enquiryId".into(), nullable(ObjectBuilder::new()).pattern(Some(ENQUIRY_ID_PATTERN)).into());
    }
    if let Some(RefOr::T(Schema::Object(bulk))) = schemas.get_mut("BulkRequest") {
        let csv = ObjectBuilder::new()
            .schema_type(Type::String)
            .max_length(Some(super::console::MAX_ROSTER_CHARS))
            .description(Some(
            "name,email per line; a header line, a BOM and blank lines are ignored; 1,000 lines at most are enrolled.",
        ));
        bulk.properties.insert("csv".into(), csv.into());
        bulk.properties.insert("accessUntil".into(), date().into());
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http::routes::resolve;

    #[test]
    fn resolves_the_console_paths() {
        let id = "665f1c2a9b3e4d0012a1b001";
        assert_eq!(resolve(&format!("/api/staff/batches/{id}/report.csv")), Some(StaffReportsRoute::Csv(id.into())));
        assert_eq!(
            resolve(&format!("/api/staff/batches/{id}/enrolments/bulk")),
            Some(StaffEnrolmentsRoute::Bulk(id.into()))
        );
        assert_eq!(resolve::<StaffEnrolmentsRoute>(&format!("/api/staff/batches/{id}/lectures")), None);
    }
}

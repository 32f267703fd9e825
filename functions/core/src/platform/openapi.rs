//! The API contract, generated from the handlers' annotations and the domain types. The
//! committed `functions/openapi.json` must equal this (a test checks), and the site's
//! TypeScript types are generated from that file.

use crate::certificates::{self};
use crate::console::CURSOR_PATTERN;
use crate::domain::{AuditEntry, EnrolmentStatus, SubmissionStatus};
use crate::domain::{Batch, Course, LectureProgress, Outline, OutlineMonth, OutlineWeek, WeeklySchedule};
use crate::enrolments::console::EnrolmentView;
use crate::http::contract::{not_blank_pattern, ID_PATTERN, INSTANT_PATTERN};
use crate::http::error::ErrorBody;
use crate::http::health;
use crate::http::health::Health;
use crate::leads::console::{self as enquiries};
use crate::learning::{LectureList, PlaybackKind, WatchableVideo};
use crate::live::{AttendanceMark, SessionStatus, Weekday};
use crate::objects::{FileDone, FilePart, FileUpload, NewFile, UploadPart};
use utoipa::openapi::path::{Operation, ParameterIn};
use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, SchemaFormat, Type};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{Content, Ref, ResponseBuilder};
use utoipa::{Modify, OpenApi};

#[derive(OpenApi)]
#[openapi(
    info(
        title = "Academy API",
        description = "The API of Skyline Tech Academy: catalog, recorded lectures, enquiries, visitor country, a signed-in student's own batches, progress and certificates, the public verification of a certificate, booking the free demo class (open slots, bookings behind signed links), a student's live classes (sessions, Join, the calendar feed), paying for a plan (the card step, Stripe's webhook, a student's billing), and the staff console (enquiries, enrolments, reports, lectures and their uploads, certificates, demo classes, timetables and attendance, payments, the audit trail; staff only)."
    ),
    paths(health::health),
    components(schemas(
        Course,
        Outline,
        OutlineMonth,
        OutlineWeek,
        WeeklySchedule,
        Batch,
        WatchableVideo,
        PlaybackKind,
        LectureList,
        Health,
        ErrorBody,
        LectureProgress,
        SubmissionStatus,
        EnrolmentView,
        EnrolmentStatus,
        AuditEntry,
        crate::domain::LectureState,
        Weekday,
        SessionStatus,
        AttendanceMark,
        crate::assignments::Marking,
        crate::assignments::Grade,
        crate::assignments::Verdict,
        NewFile,
        FileUpload,
        UploadPart,
        FilePart,
        FileDone,
    )),
    modifiers(&Rules)
)]
pub struct ApiDoc;

/// Writes the server's rules into the contract from the constants the server checks, so the
/// two cannot drift: ids' pattern, the question's and form fields' bounds, and the answers every
/// operation can give whatever its handler (the origin guard, the method check, the body checks,
/// the store being down).
struct Rules;

impl Modify for Rules {
    fn modify(&self, doc: &mut utoipa::openapi::OpenApi) {
        // Each feature's own contract (its `api` module) is merged first, so the rules below hold for it too.
        for contract in [
            crate::catalog::api::Contract::openapi(),
            crate::learning::api::Contract::openapi(),
            crate::leads::api::Contract::openapi(),
            crate::geo::api::Contract::openapi(),
            crate::assistant::api::Contract::openapi(),
            crate::enrolments::api::Contract::openapi(),
            crate::console::api::Contract::openapi(),
            crate::media::api::Contract::openapi(),
            crate::demo::api::Contract::openapi(),
            crate::certificates::api::Contract::openapi(),
            crate::live::api::Contract::openapi(),
            crate::assignments::api::Contract::openapi(),
        ] {
            doc.merge(contract);
        }
        doc.merge(crate::payments::api::Contract::openapi());
        doc.merge(crate::payments::console::Contract::openapi());
        crate::payments::api::rules(doc, &not_blank_pattern());
        for (path, item) in doc.paths.paths.iter_mut() {
            let without_store = path == "/api/health" || path == "/api/geo";
            let kind = if path.contains("certificates/{id}") {
                PathId::Certificate
            } else if path.starts_with("/api/staff/enrolments/") {
                PathId::Enrolment
            } else if path.starts_with("/api/staff/enquiries/") {
                PathId::Enquiry
            } else {
                PathId::Catalog
            };
            let operations = [
                (false, item.get.as_mut()),
                (true, item.post.as_mut()),
                (true, item.put.as_mut()),
                (true, item.patch.as_mut()),
                (false, item.delete.as_mut()),
            ];
            for (with_body, operation) in operations {
                if let Some(operation) = operation {
                    id_patterns(operation, kind);
                    list_parameters(operation);
                    common_answers(operation, with_body, without_store);
                }
            }
        }
        let components = doc.components.get_or_insert_with(Default::default);
        components.add_security_scheme(
            "bearer",
            SecurityScheme::Http(
                HttpBuilder::new()
                    .scheme(HttpAuthScheme::Bearer)
                    .bearer_format("JWT")
                    .description(Some("The OpenID provider's access token (Cognito in AWS)."))
                    .build(),
            ),
        );
        let schemas = &mut components.schemas;
        // Each feature's bodies, as its server checks them.
        crate::assistant::api::body_rules(schemas);
        crate::leads::api::body_rules(schemas);
        crate::certificates::api::body_rules(schemas);
        crate::enrolments::api::body_rules(schemas);
        crate::media::api::body_rules(schemas);
        crate::demo::api::body_rules(schemas);
        crate::live::api::body_rules(schemas);
        crate::assignments::api::body_rules(schemas);
        crate::learning::api::body_rules(schemas);
        crate::media::api::path_rules(&mut doc.paths);
    }
}

/// An enrolment id as a regular expression (`Enrolment::parse_id`).
const ENROLMENT_ID_PATTERN: &str = "^[0-9a-f]{40}$";

/// What the `{id}` of a path names.
#[derive(Clone, Copy, PartialEq, Eq)]
enum PathId {
    Catalog,
    Enrolment,
    Enquiry,
    Certificate,
}

/// Path ids carry their pattern (an enrolment's is longer); a lecture number starts at 1.
fn id_patterns(operation: &mut Operation, kind: PathId) {
    for parameter in operation.parameters.iter_mut().flatten().filter(|p| p.parameter_in == ParameterIn::Path) {
        if parameter.name == "paymentId" {
            let pattern = crate::payments::api::PAYMENT_ID_PATTERN;
            parameter.schema = Some(ObjectBuilder::new().schema_type(Type::String).pattern(Some(pattern)).into());
        } else if parameter.name == "studentId" {
            let pattern = crate::console::checks::STUDENT_ID_PATTERN;
            parameter.schema = Some(ObjectBuilder::new().schema_type(Type::String).pattern(Some(pattern)).into());
        } else if parameter.name == "id" && kind != PathId::Catalog {
            let pattern = match kind {
                PathId::Enrolment => ENROLMENT_ID_PATTERN,
                PathId::Certificate => certificates::id::ID_PATTERN,
                _ => crate::http::contract::ENQUIRY_ID_PATTERN,
            };
            let id = ObjectBuilder::new().schema_type(Type::String).pattern(Some(pattern));
            parameter.schema = Some(id.into());
        } else if parameter.name.ends_with("Id") || parameter.name == "id" {
            parameter.schema = Some(ObjectBuilder::new().schema_type(Type::String).pattern(Some(ID_PATTERN)).into());
        } else if parameter.name == "token" {
            let token = ObjectBuilder::new().schema_type(Type::String).pattern(Some(crate::live::TOKEN_PATTERN));
            parameter.schema = Some(token.into());
        } else if parameter.name == "lectureNumber" {
            let number = ObjectBuilder::new().schema_type(Type::Integer).minimum(Some(1)).maximum(Some(u32::MAX));
            parameter.schema = Some(number.into());
        }
    }
}

/// The staff lists' query parameters as the server checks them.
fn list_parameters(operation: &mut Operation) {
    for parameter in operation.parameters.iter_mut().flatten().filter(|p| p.parameter_in == ParameterIn::Query) {
        let schema = match parameter.name.as_str() {
            "cursor" => ObjectBuilder::new().schema_type(Type::String).pattern(Some(CURSOR_PATTERN)),
            "limit" => ObjectBuilder::new()
                .schema_type(Type::Integer)
                .minimum(Some(1))
                .maximum(Some(crate::console::MAX_PAGE as u32)),
            "q" => ObjectBuilder::new().schema_type(Type::String).max_length(Some(enquiries::MAX_QUERY_CHARS)),
            "delivery" => {
                ObjectBuilder::new().schema_type(Type::String).enum_values(Some(["pending", "sent", "failed"]))
            }
            "handled" => ObjectBuilder::new().schema_type(Type::String).enum_values(Some(["true", "false"])),
            // A student's calendar token (`live::sessions::join`).
            "token" => ObjectBuilder::new().schema_type(Type::String).pattern(Some(crate::live::TOKEN_PATTERN)),
            // The demo lists' span (`demo::slots::span`).
            "from" | "to" => ObjectBuilder::new()
                .schema_type(Type::String)
                .format(Some(SchemaFormat::KnownFormat(KnownFormat::DateTime)))
                .pattern(Some(INSTANT_PATTERN)),
            _ => continue,
        };
        parameter.schema = Some(schema.into());
    }
    // A cursor of a cursor's form that names no place in this list is answered as an unknown id is.
    let paged =
        operation.parameters.iter().flatten().any(|p| p.parameter_in == ParameterIn::Query && p.name == "cursor");
    if paged {
        operation.responses.responses.entry("404".into()).or_insert_with(|| {
            ResponseBuilder::new()
                .description("the cursor is not one this list gave")
                .content("application/json", Content::new(Some(Ref::from_schema_name("ErrorBody"))))
                .into()
        });
    }
}

fn common_answers(operation: &mut Operation, with_body: bool, without_store: bool) {
    let mut common = vec![
        ("403", "in AWS: the request did not come through the site's CDN"),
        ("405", "the path is answered, but not with this method (see Allow)"),
    ];
    if with_body {
        common.push(("413", "the body is larger than the endpoint accepts"));
        common.push(("415", "the body is not application/json"));
    }
    if !without_store {
        common.push(("503", "the store (or a service it needs) is unavailable; try again shortly"));
    }
    for (status, description) in common {
        operation.responses.responses.entry(status.into()).or_insert_with(|| {
            ResponseBuilder::new()
                .description(description)
                .content("application/json", Content::new(Some(Ref::from_schema_name("ErrorBody"))))
                .into()
        });
    }
}

/// The document as committed: pretty JSON with a trailing newline.
pub fn document() -> String {
    let mut doc = ApiDoc::openapi();
    doc.info.version = "1".into();
    doc.info.license = None;
    let mut text = doc.to_pretty_json().expect("the OpenAPI document serialises");
    text.push('\n');
    text
}

#[cfg(test)]
mod tests {
    #[test]
    fn committed_document_is_current() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../openapi.json");
        let committed = std::fs::read_to_string(path).unwrap_or_default();
        assert!(
            committed == super::document(),
            "functions/openapi.json is stale: run `make openapi` and commit the result"
        );
    }
}

//! The API contract, generated from the handlers' annotations and the domain types. The
//! committed `functions/openapi.json` must equal this (a test checks), and the site's
//! TypeScript types are generated from that file.

use crate::assistant::ask::{self as chat};
use crate::certificates::console::{self as staff_certificates};
use crate::certificates::{self};
use crate::console::CURSOR_PATTERN;
use crate::domain::{AuditEntry, EnrolmentStatus, SubmissionStatus};
use crate::domain::{Batch, Course, LectureProgress, Outline, OutlineMonth, OutlineWeek, WeeklySchedule};
use crate::http::error::ErrorBody;
use crate::http::health;
use crate::http::health::Health;
use crate::leads::console::{self as enquiries};
use crate::leads::forms::{self, FormType, FIELD_LIMITS, PLANS};
use crate::learning::me::{self};
use crate::learning::{LectureList, PlaybackKind, WatchableVideo};
use crate::live::console::{self as staff_live};
use crate::live::{AttendanceMark, SessionStatus, Weekday};
use crate::media::console::{self as staff_lectures};
use crate::objects::{FileDone, FilePart, FileUpload, NewFile, UploadPart};
use crate::staff::enrolments::{self, EnrolmentView};
use utoipa::openapi::path::{Operation, ParameterIn};
use utoipa::openapi::schema::{
    Discriminator, KnownFormat, ObjectBuilder, OneOfBuilder, Schema, SchemaFormat, SchemaType, Type,
};
use utoipa::openapi::security::{HttpAuthScheme, HttpBuilder, SecurityScheme};
use utoipa::openapi::{Content, Ref, RefOr, ResponseBuilder};
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

/// A record id as a regular expression (`ids::is_valid`).
const ID_PATTERN: &str = "^[0-9a-f]{24}$";

impl Modify for Rules {
    fn modify(&self, doc: &mut utoipa::openapi::OpenApi) {
        // Each feature's own contract (its `api` module) is merged first, so the rules below hold for it too.
        for contract in [
            crate::catalog::api::Contract::openapi(),
            crate::learning::api::Contract::openapi(),
            crate::leads::api::Contract::openapi(),
            crate::geo::api::Contract::openapi(),
            crate::assistant::api::Contract::openapi(),
            crate::staff::api::Contract::openapi(),
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
        crate::payments::api::rules(doc, &forms::not_blank_pattern());
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
        if let Some(RefOr::T(Schema::Object(chat))) = schemas.get_mut("ChatRequest") {
            let question = ObjectBuilder::new()
                .schema_type(Type::String)
                .min_length(Some(1))
                .max_length(Some(chat::MAX_QUESTION_CHARS))
                .pattern(Some("\\S"))
                .description(Some(format!("At most {} characters, not all of them spaces.", chat::MAX_QUESTION_CHARS)));
            chat.properties.insert("question".into(), question.into());
        }
        send_email_request(schemas);
        certificate_bodies(schemas);
        staff_bodies(schemas);
        lecture_bodies(schemas);
        demo_bodies(schemas);
        live_bodies(schemas);
        assignment_bodies(schemas);
        let captions = doc.paths.paths.get_mut("/api/staff/batches/{batchId}/lectures/{lectureNumber}/captions");
        let body = captions.and_then(|item| item.put.as_mut()).and_then(|put| put.request_body.as_mut());
        if let Some(vtt) = body.and_then(|body| body.content.get_mut("text/vtt")) {
            let text = ObjectBuilder::new().schema_type(Type::String).pattern(Some(staff_lectures::CAPTIONS_PATTERN));
            vtt.schema = Some(text.into());
        }
        if let Some(RefOr::T(Schema::Object(link))) = schemas.get_mut("LinkRequest") {
            let id = ObjectBuilder::new().schema_type(Type::String).pattern(Some(ID_PATTERN));
            let secret = ObjectBuilder::new()
                .schema_type(Type::String)
                .min_length(Some(1))
                .max_length(Some(me::MAX_SECRET_CHARS))
                .pattern(Some("\\S"));
            link.properties.insert("batchId".into(), id.into());
            link.properties.insert("secretId".into(), secret.into());
        }
        if let Some(RefOr::T(Schema::Object(update))) = schemas.get_mut("ProgressUpdate") {
            let position = ObjectBuilder::new()
                .schema_type(Type::Number)
                .minimum(Some(0))
                .maximum(Some(me::MAX_POSITION_SECONDS))
                .description(Some("The second to resume at."));
            update.properties.insert("positionSeconds".into(), position.into());
        }
    }
}

/// An enrolment id as a regular expression (`Enrolment::parse_id`).
const ENROLMENT_ID_PATTERN: &str = "^[0-9a-f]{40}$";
/// An enquiry's id: its submission's UUID, lowercase and hyphenated (`enquiries::checked_enquiry_id`).
const ENQUIRY_ID_PATTERN: &str = "^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$";

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
                _ => ENQUIRY_ID_PATTERN,
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

/// An RFC 3339 time as the demo routes take it (`demo::zones::checked_rfc3339`): no leap second, an offset within
/// ±14:00.
const INSTANT_PATTERN: &str =
    "^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-5][0-9](\\.[0-9]+)?(Z|[+-](0[0-9]|1[0-3]):[0-5][0-9]|[+-]14:00)$";

/// An https link whose host the server's URL parser takes (`demo::console::checked_url` checks
/// more loosely): labels of letters, digits and hyphens, the last starting with a letter.
const MEETING_URL_PATTERN: &str = "^https://([A-Za-z0-9-]+\\.)*[A-Za-z][A-Za-z0-9-]*(:[0-9]{1,4})?([/?#][!-~]*)?$";

/// The demo bodies' fields as the server checks them (`demo::bookings`, `demo::console`).
fn demo_bodies(schemas: &mut std::collections::BTreeMap<String, RefOr<Schema>>) {
    use crate::demo::bookings::{MAX_EMAIL_CHARS, MAX_NAME_CHARS, MAX_PHONE_CHARS};
    let id = || ObjectBuilder::new().schema_type(Type::String).pattern(Some(ID_PATTERN));
    let course = || {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .pattern(Some("^([0-9a-f]{24})?$"))
            .description(Some("A course's id, or empty: any course."))
    };
    let time = || {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::DateTime)))
            .pattern(Some(INSTANT_PATTERN))
            .description(Some("RFC 3339, e.g. 2026-03-29T19:00:00+05:00."))
    };
    let link = || {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .max_length(Some(crate::console::checks::MAX_URL_CHARS))
            .pattern(Some(MEETING_URL_PATTERN))
            .description(Some("The meeting's https link."))
    };
    if let Some(RefOr::T(Schema::Object(body))) = schemas.get_mut("NewBooking") {
        let name = ObjectBuilder::new()
            .schema_type(Type::String)
            .max_length(Some(MAX_NAME_CHARS))
            .pattern(Some(forms::not_blank_pattern()));
        let email = ObjectBuilder::new()
            .schema_type(Type::String)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Email)))
            .max_length(Some(MAX_EMAIL_CHARS));
        let phone = ObjectBuilder::new()
            .schema_type(Type::String)
            .max_length(Some(MAX_PHONE_CHARS))
            .pattern(Some(forms::phone_pattern(false)))
            .description(Some("7 to 15 digits, and only spaces and + - ( ) . besides."));
        body.properties.insert("slotId".into(), id().into());
        body.properties.insert("name".into(), name.into());
        body.properties.insert("email".into(), email.into());
        body.properties.insert("phone".into(), phone.into());
        body.properties.insert("courseId".into(), course().into());
    }
    if let Some(RefOr::T(Schema::Object(body))) = schemas.get_mut("Reschedule") {
        body.properties.insert("slotId".into(), id().into());
    }
    if let Some(RefOr::T(Schema::Object(body))) = schemas.get_mut("NewSlots") {
        body.properties.insert("startsAt".into(), time().into());
        body.properties.insert("meetingUrl".into(), link().into());
        body.properties.insert("courseId".into(), nullable(course()).into());
    }
    if let Some(RefOr::T(Schema::Object(body))) = schemas.get_mut("SlotChange") {
        body.properties.insert("startsAt".into(), nullable(time()).into());
        body.properties.insert("meetingUrl".into(), nullable(link()).into());
        body.properties.insert("courseId".into(), nullable(course()).into());
    }
}

/// The live class bodies' fields as the server checks them (`live::console`).
fn live_bodies(schemas: &mut std::collections::BTreeMap<String, RefOr<Schema>>) {
    let time = || {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::DateTime)))
            .pattern(Some(INSTANT_PATTERN))
            .description(Some("RFC 3339, e.g. 2026-12-05T19:00:00+05:00."))
    };
    let link = || {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .max_length(Some(crate::console::checks::MAX_URL_CHARS))
            .pattern(Some(MEETING_URL_PATTERN))
            .description(Some("The meeting's https link (Zoom, Google Meet or any https address)."))
    };
    if let Some(RefOr::T(Schema::Object(body))) = schemas.get_mut("TimetableRequest") {
        let zone = ObjectBuilder::new()
            .schema_type(Type::String)
            .enum_values(Some(chrono_tz::TZ_VARIANTS.iter().map(|zone| zone.name())))
            .description(Some("An IANA time zone, e.g. Asia/Karachi or Europe/London."));
        body.properties.insert("timeZone".into(), zone.into());
        body.properties.insert("meetingUrl".into(), link().into());
        if let Some(RefOr::T(Schema::Array(slots))) = body.properties.get_mut("slots") {
            slots.min_items = Some(1);
            slots.max_items = Some(staff_live::MAX_SLOTS);
        }
    }
    if let Some(RefOr::T(Schema::Object(body))) = schemas.get_mut("SlotRequest") {
        let start = ObjectBuilder::new()
            .schema_type(Type::String)
            .pattern(Some(staff_live::START_PATTERN))
            .description(Some("HH:MM, 24-hour, in the timetable's zone."));
        body.properties.insert("start".into(), start.into());
        body.properties.insert("meetingUrl".into(), nullable(link()).into());
    }
    if let Some(RefOr::T(Schema::Object(body))) = schemas.get_mut("NewSession") {
        body.properties.insert("startsAt".into(), time().into());
        body.properties.insert("meetingUrl".into(), nullable(link()).into());
    }
    if let Some(RefOr::T(Schema::Object(body))) = schemas.get_mut("SessionChange") {
        let reason = nullable(ObjectBuilder::new())
            .min_length(Some(1))
            .max_length(Some(staff_live::MAX_REASON_CHARS))
            .pattern(Some("\\S"))
            .description(Some("Why, 1 to 300 characters, not all of them spaces; required with status."));
        body.properties.insert("reason".into(), reason.into());
        body.properties.insert("startsAt".into(), nullable(time()).into());
        body.properties.insert("meetingUrl".into(), nullable(link()).into());
    }
}

/// The assignment bodies' list items as the server checks them (`assignments::mine::checked_links`, ids).
fn assignment_bodies(schemas: &mut std::collections::BTreeMap<String, RefOr<Schema>>) {
    use crate::assignments::{LINK_PATTERN, MAX_LINK_CHARS};
    if let Some(RefOr::T(Schema::Object(draft))) = schemas.get_mut("SubmissionDraft") {
        let link =
            ObjectBuilder::new().schema_type(Type::String).max_length(Some(MAX_LINK_CHARS)).pattern(Some(LINK_PATTERN));
        let id = ObjectBuilder::new().schema_type(Type::String).pattern(Some(ID_PATTERN));
        let list = |item: ObjectBuilder, what: &str| {
            utoipa::openapi::schema::ArrayBuilder::new()
                .items(item)
                .max_items(Some(crate::assignments::MAX_LINKS))
                .description(Some(what))
        };
        draft
            .properties
            .insert("links".into(), list(link, "http(s) links (a repository, a deployed site): at most 5.").into());
        draft.properties.insert(
            "files".into(),
            list(id, "Ids of files this student uploaded to this assignment: at most 5.").into(),
        );
    }
}

/// A text that may be absent (`null`).
fn nullable(builder: ObjectBuilder) -> ObjectBuilder {
    builder.schema_type(SchemaType::from_iter([Type::String, Type::Null]))
}

/// The lecture bodies' text fields as the server checks them (`media::console`).
fn lecture_bodies(schemas: &mut std::collections::BTreeMap<String, RefOr<Schema>>) {
    let text = |max: usize, pattern: &str| {
        ObjectBuilder::new().schema_type(Type::String).min_length(Some(1)).max_length(Some(max)).pattern(Some(pattern))
    };
    if let Some(RefOr::T(Schema::Object(new))) = schemas.get_mut("NewLecture") {
        let embed = nullable(ObjectBuilder::new())
            .max_length(Some(staff_lectures::MAX_EMBED_URL_CHARS))
            .pattern(Some(staff_lectures::embed_url_pattern()))
            .description(Some("An https address of a YouTube, Vimeo or Google Drive player: the lecture is that embed. None: a recording awaiting its upload."));
        new.properties.insert("embedUrl".into(), embed.into());
    }
    if let Some(RefOr::T(Schema::Object(upload))) = schemas.get_mut("UploadRequest") {
        let name = text(staff_lectures::MAX_FILE_NAME_CHARS, staff_lectures::FILE_NAME_PATTERN)
            .description(Some("The file's own name, no folder."));
        let kind = ObjectBuilder::new()
            .schema_type(Type::String)
            .pattern(Some(staff_lectures::VIDEO_TYPE_PATTERN))
            .description(Some("A video/* type, no parameters."));
        upload.properties.insert("fileName".into(), name.into());
        upload.properties.insert("contentType".into(), kind.into());
    }
}

/// The certificate bodies' fields as the server checks them (`certificates::name`, the reason's bound).
fn certificate_bodies(schemas: &mut std::collections::BTreeMap<String, RefOr<Schema>>) {
    let name = || {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .min_length(Some(certificates::name::MIN_CHARS))
            .max_length(Some(certificates::name::MAX_CHARS))
            .pattern(Some(certificates::name::pattern()))
            .description(Some(certificates::name::RULE))
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
            .max_length(Some(staff_certificates::MAX_REASON_CHARS))
            .pattern(Some("\\S"))
            .description(Some(
                "Why, 1 to 300 characters, not all of them spaces (staff see it; the public page does not).",
            ));
        revocation.properties.insert("reason".into(), reason.into());
    }
}

/// The staff bodies' fields as the server checks them.
fn staff_bodies(schemas: &mut std::collections::BTreeMap<String, RefOr<Schema>>) {
    let date = || {
        nullable(ObjectBuilder::new())
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Date)))
            .description(Some("The last day of access, YYYY-MM-DD (UTC), today or later."))
    };
    let id = || ObjectBuilder::new().schema_type(Type::String).pattern(Some(ID_PATTERN));
    if let Some(RefOr::T(Schema::Object(enrol))) = schemas.get_mut("EnrolRequest") {
        let name = ObjectBuilder::new()
            .schema_type(Type::String)
            .max_length(Some(enrolments::MAX_NAME_CHARS))
            .pattern(Some(forms::not_blank_pattern()));
        let email = ObjectBuilder::new()
            .schema_type(Type::String)
            .max_length(Some(enrolments::MAX_EMAIL_CHARS))
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
            .max_length(Some(enrolments::MAX_ROSTER_CHARS))
            .description(Some(
            "name,email per line; a header line, a BOM and blank lines are ignored; 1,000 lines at most are enrolled.",
        ));
        bulk.properties.insert("csv".into(), csv.into());
        bulk.properties.insert("accessUntil".into(), date().into());
    }
    if let Some(RefOr::T(Schema::Object(update))) = schemas.get_mut("EnquiryUpdate") {
        let note = nullable(ObjectBuilder::new())
            .max_length(Some(enquiries::MAX_NOTE_CHARS))
            .description(Some("At most 2,000 characters; absent keeps the note, empty removes it."));
        update.properties.insert("note".into(), note.into());
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

/// The form types, the names of their schemas (`{name}Request`, `{name}Data`) and what each form is.
const FORMS: [(FormType, &str, &str); 3] = [
    (FormType::Contact, "ContactForm", "The contact page's message form."),
    (FormType::Registration, "RegistrationForm", "The plan enrolment form (visitors outside Pakistan and Qatar)."),
    (FormType::Enrollment, "EnrollmentForm", "The simple enrolment form (Pakistan and Qatar)."),
];

/// `SendEmailRequest`: one schema per form type, told apart by `formType`, each with the fields its form requires.
fn send_email_request(schemas: &mut std::collections::BTreeMap<String, RefOr<Schema>>) {
    let Some(RefOr::T(Schema::Object(derived))) = schemas.remove("SendEmailRequest") else { return };
    let mut one_of = OneOfBuilder::new().description(Some(
        "One enquiry or enrolment request: the form's type and its fields, as the form requires them.",
    ));
    let mut mapping = Vec::new();
    for (form, name, what) in FORMS {
        let form_type = ObjectBuilder::new().schema_type(Type::String).enum_values(Some([form.as_str()]));
        let mut request = ObjectBuilder::new()
            .schema_type(Type::Object)
            .description(Some(what))
            .property("formType", form_type)
            .property("formData", Ref::from_schema_name(format!("{name}Data")))
            .required("formType")
            .required("formData");
        if let Some(id) = derived.properties.get("submissionId") {
            request = request.property("submissionId", id.clone());
        }
        schemas.insert(format!("{name}Request"), request.into());
        schemas.insert(format!("{name}Data"), form_data(form).into());
        one_of = one_of.item(Ref::from_schema_name(format!("{name}Request")));
        mapping.push((form.as_str(), format!("#/components/schemas/{name}Request")));
    }
    let one_of = one_of.discriminator(Some(Discriminator::with_mapping("formType", mapping)));
    schemas.insert("SendEmailRequest".into(), one_of.into());
}

/// A form's fields as the server checks them (`forms::validate`): every field a form may carry with its bound
/// (`FIELD_LIMITS`, counted as sent), its required ones not blank, e-mail and phone in their formats, and the
/// course and plan among those offered.
fn form_data(form: FormType) -> ObjectBuilder {
    let required = forms::required_fields(form);
    let mut fields = ObjectBuilder::new()
        .schema_type(Type::Object)
        .description(Some(format!(
            "The {} fields as text, trimmed by the server (a blank one counts as missing); others are ignored.",
            form.as_str()
        )))
        .additional_properties(Some(ObjectBuilder::new().schema_type(Type::String)));
    for (name, max) in FIELD_LIMITS {
        let needed = required.contains(&name);
        let field = ObjectBuilder::new().schema_type(Type::String).max_length(Some(max));
        let field = match name {
            "email" => field
                .format(Some(SchemaFormat::KnownFormat(KnownFormat::Email)))
                .description(Some("An e-mail address.")),
            "phone" => field.pattern(Some(forms::phone_pattern(!needed))).description(Some(if needed {
                "A phone number: 7 to 15 digits, and only spaces and + - ( ) . besides."
            } else {
                "Blank, or a phone number: 7 to 15 digits, and only spaces and + - ( ) . besides."
            })),
            "course" if form != FormType::Contact => field
                .enum_values(Some(forms::course_titles().iter().cloned()))
                .description(Some("The title of one of the catalog's courses.")),
            "plan" if form == FormType::Registration => field.enum_values(Some(PLANS)),
            _ if needed => field.pattern(Some(forms::not_blank_pattern())).description(Some("Not blank.")),
            _ => field,
        };
        if needed {
            fields = fields.required(name);
        }
        fields = fields.property(name, field);
    }
    fields
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

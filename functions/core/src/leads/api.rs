//! Leads' routes and services: an enquiry sent from a form (`/api/send-email`) and staff's
//! enquiries (`/api/staff/enquiries…`).

use super::console;
use super::send_email::{self, InlineMail};
use crate::console::Actor;
use crate::http::contract::{nullable, Schemas};
use crate::http::error::ApiError;
use crate::http::identity::{identify_staff, Verifier};
use crate::http::routes::{Routes, Service};
use crate::http::Answer;
use crate::mail::{MailSettings, Mailer};
use crate::store::Store;
use async_trait::async_trait;
use lambda_http::{http::Method, Request};
use std::sync::Arc;
use utoipa::openapi::schema::{Discriminator, KnownFormat, ObjectBuilder, OneOfBuilder, Schema, SchemaFormat, Type};
use utoipa::openapi::{Ref, RefOr};

/// Mail sent right after a submission is stored: the local world's stand-in for the table's stream.
pub struct InlineMailer {
    pub mailer: Arc<dyn Mailer>,
    pub settings: MailSettings,
}

#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SendEmailRoute {
    SendEmail,
}

impl Routes for SendEmailRoute {
    fn resolve(parts: &[&str]) -> Option<Self> {
        matches!(parts, ["api", "send-email"]).then_some(Self::SendEmail)
    }

    fn methods(&self) -> &'static [Method] {
        &[Method::POST]
    }
}

/// Enquiries: the store (and, locally, the inline mailer).
pub struct SendEmailApi {
    pub store: Store,
    pub inline: Option<InlineMailer>,
}

#[async_trait]
impl Service for SendEmailApi {
    type Route = SendEmailRoute;
    async fn answer(&self, _route: SendEmailRoute, req: &Request) -> Answer {
        let inline = self.inline.as_ref().map(|i| InlineMail { mailer: i.mailer.as_ref(), settings: &i.settings });
        send_email::send_email(&self.store, inline, req).await
    }
}

/// Staff: the enquiries (GET), as a spreadsheet, one (GET, PATCH), and its mail sent again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StaffEnquiriesRoute {
    List,
    Csv,
    Enquiry(String),
    Resend(String),
}

impl Routes for StaffEnquiriesRoute {
    fn resolve(parts: &[&str]) -> Option<Self> {
        let id = |s: &str| s.to_owned();
        Some(match parts {
            ["api", "staff", "enquiries"] => Self::List,
            ["api", "staff", "enquiries.csv"] => Self::Csv,
            ["api", "staff", "enquiries", enquiry] => Self::Enquiry(id(enquiry)),
            ["api", "staff", "enquiries", enquiry, "resend"] => Self::Resend(id(enquiry)),
            _ => return None,
        })
    }

    fn methods(&self) -> &'static [Method] {
        match self {
            Self::List | Self::Csv => &[Method::GET],
            Self::Enquiry(_) => &[Method::GET, Method::PATCH],
            Self::Resend(_) => &[Method::POST],
        }
    }
}

/// Staff: the enquiries. The store, the sign-in verifier, and the mailer that sends an enquiry again.
pub struct StaffEnquiriesApi {
    pub store: Store,
    pub verifier: Option<Arc<Verifier>>,
    pub mail: Option<InlineMailer>,
}

#[async_trait]
impl Service for StaffEnquiriesApi {
    type Route = StaffEnquiriesRoute;
    async fn answer(&self, route: StaffEnquiriesRoute, req: &Request) -> Answer {
        let verifier = self.verifier.as_deref();
        let caller = identify_staff(verifier, req).await?;
        let actor = || Actor::named(verifier, req, caller.clone());
        let store = &self.store;
        match route {
            StaffEnquiriesRoute::List => console::list(store, req).await,
            StaffEnquiriesRoute::Csv => console::export(store, req).await,
            StaffEnquiriesRoute::Enquiry(id) if req.method() == Method::PATCH => {
                console::update(store, &actor().await, req, &id).await
            }
            StaffEnquiriesRoute::Enquiry(id) => console::get(store, &id).await,
            StaffEnquiriesRoute::Resend(id) => {
                let Some(mail) = &self.mail else { return Err(ApiError::Unavailable) };
                console::resend(store, mail.mailer.as_ref(), &mail.settings, &actor().await, &id).await
            }
        }
    }
}

/// The contract of leads: its routes' annotations and answers, merged into the whole document
/// by `platform::openapi`.
#[derive(utoipa::OpenApi)]
#[openapi(
    paths(
        super::send_email::send_email,
        super::console::list,
        super::console::export,
        super::console::get,
        super::console::update,
        super::console::resend,
    ),
    components(schemas(
        super::send_email::SendEmailRequest,
        super::send_email::SendEmailAnswer,
        super::forms::FormType,
        super::console::Enquiry,
        super::console::EnquiryPage,
        super::console::EnquiryUpdate,
    ))
)]
pub struct Contract;

/// The bodies' fields as the server checks them, in the contract (`platform::openapi` calls this once every
/// feature's contract is merged).
pub fn body_rules(schemas: &mut Schemas) {
    send_email_request(schemas);
    if let Some(RefOr::T(Schema::Object(update))) = schemas.get_mut("EnquiryUpdate") {
        let note = nullable(ObjectBuilder::new())
            .max_length(Some(console::MAX_NOTE_CHARS))
            .description(Some("At most 2,000 characters; absent keeps the note, empty removes it."));
        update.properties.insert("note".into(), note.into());
    }
}

/// The form types, the names of their schemas (`{name}Request`, `{name}Data`) and what each form is.
const FORMS: [(super::forms::FormType, &str, &str); 3] = [
    (super::forms::FormType::Contact, "ContactForm", "The contact page's message form."),
    (
        super::forms::FormType::Registration,
        "RegistrationForm",
        "The plan enrolment form (visitors outside Pakistan and Qatar).",
    ),
    (super::forms::FormType::Enrollment, "EnrollmentForm", "The simple enrolment form (Pakistan and Qatar)."),
];

/// `SendEmailRequest`: one schema per form type, told apart by `formType`, each with the fields its form requires.
fn send_email_request(schemas: &mut Schemas) {
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

/// A form's fields as the server checks them (`super::forms::validate`): every field a form may carry with its bound
/// (`super::forms::FIELD_LIMITS`, counted as sent), its required ones not blank, e-mail and phone in their formats, and the
/// course and plan among those offered.
fn form_data(form: super::forms::FormType) -> ObjectBuilder {
    let required = super::forms::required_fields(form);
    let mut fields = ObjectBuilder::new()
        .schema_type(Type::Object)
        .description(Some(format!(
            "The {} fields as text, trimmed by the server (a blank one counts as missing); others are ignored.",
            form.as_str()
        )))
        .additional_properties(Some(ObjectBuilder::new().schema_type(Type::String)));
    for (name, max) in super::forms::FIELD_LIMITS {
        let needed = required.contains(&name);
        let field = ObjectBuilder::new().schema_type(Type::String).max_length(Some(max));
        let field = match name {
            "email" => field
                .format(Some(SchemaFormat::KnownFormat(KnownFormat::Email)))
                .description(Some("An e-mail address.")),
            "phone" => field.pattern(Some(super::forms::phone_pattern(!needed))).description(Some(if needed {
                "A phone number: 7 to 15 digits, and only spaces and + - ( ) . besides."
            } else {
                "Blank, or a phone number: 7 to 15 digits, and only spaces and + - ( ) . besides."
            })),
            "course" if form != super::forms::FormType::Contact => field
                .enum_values(Some(super::forms::course_titles().iter().cloned()))
                .description(Some("The title of one of the catalog's courses.")),
            "plan" if form == super::forms::FormType::Registration => field.enum_values(Some(super::forms::PLANS)),
            _ if needed => field.pattern(Some(super::forms::not_blank_pattern())).description(Some("Not blank.")),
            _ => field,
        };
        if needed {
            fields = fields.required(name);
        }
        fields = fields.property(name, field);
    }
    fields
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::http::routes::resolve;

    #[test]
    fn resolves_the_enquiry_paths() {
        let id = "0b5c2f9e-3c1a-4f7e-9d2b-8a6e4c1f0d3a";
        assert!(matches!(resolve("/api/send-email"), Some(SendEmailRoute::SendEmail)));
        assert_eq!(resolve("/api/staff/enquiries.csv"), Some(StaffEnquiriesRoute::Csv));
        assert_eq!(resolve(&format!("/api/staff/enquiries/{id}")), Some(StaffEnquiriesRoute::Enquiry(id.into())));
        assert_eq!(StaffEnquiriesRoute::Enquiry(id.into()).methods(), [Method::GET, Method::PATCH]);
    }
}

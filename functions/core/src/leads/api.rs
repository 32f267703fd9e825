//! Leads' routes and services: an enquiry sent from a form (`/api/send-email`) and staff's
//! enquiries (`/api/staff/enquiries…`).

use super::console;
use super::send_email::{self, InlineMail};
use crate::console::Actor;
use crate::http::error::ApiError;
use crate::http::identity::{identify_staff, Verifier};
use crate::http::routes::{Routes, Service};
use crate::http::Answer;
use crate::mail::{MailSettings, Mailer};
use crate::store::Store;
use async_trait::async_trait;
use lambda_http::{http::Method, Request};
use std::sync::Arc;

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

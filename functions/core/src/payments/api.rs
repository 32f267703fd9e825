//! Payments' routes and services (the plan form's card step, Stripe's webhook, a student's billing,
//! staff's payments), and their part of the API contract: the routes' annotations and answers,
//! merged into the whole document by `platform::openapi` (which then applies the rules every route
//! shares), as the console's side is (`payments::console::Contract`). `rules` writes the bodies'
//! checks of both into it.

use super::billing::{self, Billing, CardSetup, MyPayment, MyPlan};
use super::catalog::{PlanKind, PlanPrice};
use super::checkout::{
    self, CardStep, CheckoutAnswer, CheckoutRequest, ConfirmRequest, Confirmed, Options, PaymentState,
};
use super::webhook::{self, Received};
use super::Desk;
use super::{CardOnFile, HowToPay, Method, PaymentStatus, PlanStatus};
use crate::console::Actor;
use crate::http::identity::{identify, identify_staff, verified_email_of, Verifier};
use crate::http::routes::{no_route, Routes, Service};
use crate::http::Answer;
use crate::objects::Objects;
use crate::store::Store;
use crate::time;
use async_trait::async_trait;
use lambda_http::{http::Method as HttpMethod, Request};
use std::sync::Arc;
use utoipa::OpenApi;

/// A payment id as a regular expression (`Payment::plan_of`): its plan's id and 8 hex characters.
pub const PAYMENT_ID_PATTERN: &str = "^[0-9a-f]{32}$";

#[derive(OpenApi)]
#[openapi(
    paths(
        checkout::options,
        checkout::checkout,
        checkout::confirm,
        checkout::state,
        webhook::webhook,
        billing::billing,
        billing::receipt,
        billing::cancel,
        billing::start_card,
        billing::use_card,
    ),
    components(schemas(
        PlanKind,
        PlanPrice,
        Method,
        PlanStatus,
        PaymentStatus,
        CardOnFile,
        HowToPay,
        Options,
        CardStep,
        CheckoutRequest,
        CheckoutAnswer,
        ConfirmRequest,
        Confirmed,
        PaymentState,
        Received,
        Billing,
        MyPlan,
        MyPayment,
        CardSetup,
    ))
)]
pub struct Contract;

/// A receipt upload's body is the objects kit's `NewFile` with a smaller ceiling: written into the
/// contract as `NewReceipt` (`super::RECEIPT_MAX_BYTES`), which the receipt route takes.
fn receipt_body(doc: &mut utoipa::openapi::OpenApi) {
    use utoipa::openapi::schema::Schema;
    use utoipa::openapi::{Ref, RefOr};
    let Some(components) = doc.components.as_mut() else { return };
    let Some(RefOr::T(Schema::Object(mut body))) = components.schemas.get("NewFile").cloned() else { return };
    if let Some(RefOr::T(Schema::Object(size))) = body.properties.get_mut("size") {
        size.maximum = Some(super::RECEIPT_MAX_BYTES.into());
        size.description = Some("Bytes, 1 to 10,000,000.".into());
    }
    body.description = Some("`POST /api/staff/payments/receipts` body: the receipt file about to be sent.".into());
    components.schemas.insert("NewReceipt".into(), RefOr::T(Schema::Object(body)));
    let operation = doc.paths.paths.get_mut("/api/staff/payments/receipts").and_then(|item| item.post.as_mut());
    if let Some(request) = operation.and_then(|o| o.request_body.as_mut()) {
        for content in request.content.values_mut() {
            content.schema = Some(RefOr::Ref(Ref::from_schema_name("NewReceipt")));
        }
    }
}

/// An `Idempotency-Key` as the checkout takes it (`checkout::idempotency_key`).
pub const IDEMPOTENCY_KEY_PATTERN: &str = "^[A-Za-z0-9_-]{8,64}$";
/// A phone number as the checkout takes it: 7 to 15 digits, spaces, `+`, `-` and brackets (20 characters at most).
pub const PHONE_PATTERN: &str = "^[ +()-]*([0-9][ +()-]*){7,15}$";

/// The payments' bodies and parameters as the server checks them, written into the contract
/// (`platform::openapi`'s rules call this, with the contract's pattern for a text that is not
/// blank), so the contract's fuzzing sends what a client may.
pub fn rules(doc: &mut utoipa::openapi::OpenApi, not_blank: &str) {
    use utoipa::openapi::path::ParameterIn;
    use utoipa::openapi::schema::{KnownFormat, ObjectBuilder, Schema, SchemaFormat, Type};
    use utoipa::openapi::{RefOr, Required};
    let text =
        |max: usize| ObjectBuilder::new().schema_type(Type::String).max_length(Some(max)).pattern(Some(not_blank));
    let email = || {
        ObjectBuilder::new()
            .schema_type(Type::String)
            .max_length(Some(254))
            .format(Some(SchemaFormat::KnownFormat(KnownFormat::Email)))
    };
    let date =
        || ObjectBuilder::new().schema_type(Type::String).format(Some(SchemaFormat::KnownFormat(KnownFormat::Date)));
    if let Some(checkout) = doc.paths.paths.get_mut("/api/payments/checkout").and_then(|item| item.post.as_mut()) {
        for parameter in checkout.parameters.iter_mut().flatten().filter(|p| p.parameter_in == ParameterIn::Header) {
            parameter.required = Required::True;
            let key = ObjectBuilder::new().schema_type(Type::String).pattern(Some(IDEMPOTENCY_KEY_PATTERN));
            parameter.schema = Some(key.into());
        }
    }
    receipt_body(doc);
    let Some(components) = doc.components.as_mut() else { return };
    let schemas = &mut components.schemas;
    if let Some(RefOr::T(Schema::Object(body))) = schemas.get_mut("CheckoutRequest") {
        body.properties.insert("firstName".into(), text(checkout::MAX_NAME_CHARS).into());
        body.properties.insert("lastName".into(), text(checkout::MAX_NAME_CHARS).into());
        body.properties.insert("email".into(), email().into());
        let phone = ObjectBuilder::new().schema_type(Type::String).max_length(Some(20)).pattern(Some(PHONE_PATTERN));
        body.properties.insert("phone".into(), phone.into());
    }
    if let Some(RefOr::T(Schema::Object(body))) = schemas.get_mut("ManualPayment") {
        body.properties.insert("firstName".into(), text(50).into());
        body.properties.insert("lastName".into(), text(50).into());
        body.properties.insert("email".into(), email().into());
        body.properties.insert("reference".into(), text(100).into());
        let currency = ObjectBuilder::new().schema_type(Type::String).enum_values(Some(["usd", "pkr"]));
        body.properties.insert("currency".into(), currency.into());
        body.properties.insert(
            "paidOn".into(),
            date().description(Some("The day the money arrived: today or within the past year (else 409).")).into(),
        );
    }
    if let Some(RefOr::T(Schema::Object(body))) = schemas.get_mut("NextDue") {
        body.properties.insert("nextDueOn".into(), date().description(Some("Within two years (else 409).")).into());
    }
}

/// The plan form's card step: what it offers; a checkout; its card confirmed; its state (the
/// success page's poll); and a student's plans and payments, a payment's receipt (PDF),
/// auto-renewal cancelled, a new card (POST: a SetupIntent; PUT: into use).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PaymentsRoute {
    Options,
    Checkout,
    Confirm(String),
    Payment(String),
    Billing,
    Receipt(String),
    Cancel(String),
    Card(String),
}

impl Routes for PaymentsRoute {
    fn resolve(parts: &[&str]) -> Option<Self> {
        let id = |s: &str| s.to_owned();
        Some(match parts {
            ["api", "payments", "options"] => Self::Options,
            ["api", "payments", "checkout"] => Self::Checkout,
            ["api", "payments", p] => Self::Payment(id(p)),
            ["api", "payments", p, "confirm"] => Self::Confirm(id(p)),
            ["api", "me", "billing"] => Self::Billing,
            ["api", "me", "billing", "receipts", p] => Self::Receipt(id(p)),
            ["api", "me", "billing", plan, "cancel"] => Self::Cancel(id(plan)),
            ["api", "me", "billing", plan, "card"] => Self::Card(id(plan)),
            _ => return None,
        })
    }

    fn methods(&self) -> &'static [HttpMethod] {
        match self {
            Self::Checkout | Self::Confirm(_) | Self::Cancel(_) => &[HttpMethod::POST],
            Self::Card(_) => &[HttpMethod::POST, HttpMethod::PUT],
            Self::Options | Self::Payment(_) | Self::Billing | Self::Receipt(_) => &[HttpMethod::GET],
        }
    }
}

/// Payments: the plan form's card step and a student's billing; the payments desk (Stripe, the
/// manual methods' details, mail) and the sign-in verifier.
pub struct PaymentsApi {
    pub store: Store,
    pub desk: Desk,
    pub verifier: Option<Arc<Verifier>>,
    pub clock: time::Clock,
}

#[async_trait]
impl Service for PaymentsApi {
    type Route = PaymentsRoute;
    async fn answer(&self, route: PaymentsRoute, req: &Request) -> Answer {
        use PaymentsRoute as R;
        let (store, desk, now) = (&self.store, &self.desk, self.clock.now());
        match &route {
            R::Options => return checkout::options(desk),
            R::Checkout => return checkout::checkout(store, desk, req, now).await,
            R::Confirm(id) => return checkout::confirm(store, desk, req, id, now).await,
            R::Payment(id) => return checkout::state(store, desk, req, id, now).await,
            _ => {}
        }
        let student = identify(self.verifier.as_deref(), req).await?;
        let email = verified_email_of(self.verifier.as_deref(), req, &student).await;
        let email = email.as_deref();
        match route {
            R::Billing => billing::billing(store, &student, email).await,
            R::Receipt(id) => billing::receipt(store, &student, email, &id).await,
            R::Cancel(id) => billing::cancel(store, desk, &student, email, &id, now).await,
            R::Card(id) if req.method() == HttpMethod::PUT => {
                billing::use_card(store, desk, &student, email, &id, now).await
            }
            R::Card(id) => billing::start_card(store, desk, &student, email, &id).await,
            R::Options | R::Checkout | R::Confirm(_) | R::Payment(_) => Err(no_route()),
        }
    }
}

/// Stripe's events.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum WebhookRoute {
    Stripe,
}

impl Routes for WebhookRoute {
    fn resolve(parts: &[&str]) -> Option<Self> {
        matches!(parts, ["api", "payments", "stripe", "webhook"]).then_some(Self::Stripe)
    }

    fn methods(&self) -> &'static [HttpMethod] {
        &[HttpMethod::POST]
    }
}

/// Stripe's webhook: the store and the payments desk (its webhook secret).
pub struct PaymentsWebhookApi {
    pub store: Store,
    pub desk: Desk,
    pub clock: time::Clock,
}

#[async_trait]
impl Service for PaymentsWebhookApi {
    type Route = WebhookRoute;
    async fn answer(&self, _route: WebhookRoute, req: &Request) -> Answer {
        webhook::webhook(&self.store, &self.desk, req, self.clock.now()).await
    }
}

/// Staff: payments (and as a spreadsheet), a student's ledger, a manual payment, a receipt file
/// begun and completed, a payment's receipt file's download link, a refund, a plan's next due date.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StaffPaymentsRoute {
    List,
    Csv,
    Ledger,
    Manual,
    ReceiptUpload,
    ReceiptComplete(String),
    PaymentReceipt(String),
    Refund(String),
    PlanDue(String),
}

impl Routes for StaffPaymentsRoute {
    fn resolve(parts: &[&str]) -> Option<Self> {
        let id = |s: &str| s.to_owned();
        Some(match parts {
            ["api", "staff", "payments"] => Self::List,
            ["api", "staff", "payments.csv"] => Self::Csv,
            ["api", "staff", "payments", "ledger"] => Self::Ledger,
            ["api", "staff", "payments", "manual"] => Self::Manual,
            ["api", "staff", "payments", "receipts"] => Self::ReceiptUpload,
            ["api", "staff", "payments", "receipts", r, "complete"] => Self::ReceiptComplete(id(r)),
            ["api", "staff", "payments", p, "receipt"] => Self::PaymentReceipt(id(p)),
            ["api", "staff", "payments", p, "refund"] => Self::Refund(id(p)),
            ["api", "staff", "plans", plan, "due"] => Self::PlanDue(id(plan)),
            _ => return None,
        })
    }

    fn methods(&self) -> &'static [HttpMethod] {
        match self {
            Self::List | Self::Csv | Self::Ledger | Self::PaymentReceipt(_) => &[HttpMethod::GET],
            Self::Manual | Self::ReceiptUpload | Self::ReceiptComplete(_) | Self::Refund(_) => &[HttpMethod::POST],
            Self::PlanDue(_) => &[HttpMethod::PUT],
        }
    }
}

/// Staff's payments, and the receipt files they attach (none where files are not set up).
pub struct StaffPaymentsApi {
    pub store: Store,
    pub desk: Desk,
    pub files: Option<Arc<dyn Objects>>,
    pub verifier: Option<Arc<Verifier>>,
    pub clock: time::Clock,
}

#[async_trait]
impl Service for StaffPaymentsApi {
    type Route = StaffPaymentsRoute;
    async fn answer(&self, route: StaffPaymentsRoute, req: &Request) -> Answer {
        use super::console as payments;
        use StaffPaymentsRoute as R;
        let verifier = self.verifier.as_deref();
        let caller = identify_staff(verifier, req).await?;
        let (store, now) = (&self.store, self.clock.now());
        match &route {
            R::List => return payments::list(store, req).await,
            R::Csv => return payments::export(store, req).await,
            R::Ledger => return payments::ledger(store, req, now).await,
            R::PaymentReceipt(id) => return payments::receipt_link(store, self.files.as_deref(), id, now).await,
            _ => {}
        }
        let actor = Actor::named(verifier, req, caller).await;
        match route {
            R::Manual => payments::record(store, &self.desk, &actor, req, now).await,
            R::ReceiptUpload => payments::start_receipt(store, self.files.as_deref(), &actor, req, now).await,
            R::ReceiptComplete(id) => payments::complete_receipt(store, self.files.as_deref(), &actor, req, &id).await,
            R::Refund(id) => payments::refund(store, &self.desk, &actor, req, &id, now).await,
            R::PlanDue(id) => payments::set_due(store, &actor, req, &id, now).await,
            R::List | R::Csv | R::Ledger | R::PaymentReceipt(_) => Err(no_route()),
        }
    }
}

#[cfg(test)]
mod route_tests {
    use super::*;
    use crate::http::routes::resolve;

    #[test]
    fn resolves_the_payment_paths() {
        let plan = "665f1c2a9b3e4d0012a1b001";
        let payment = "665f1c2a9b3e4d0012a1b0010a0b0c0d";
        assert_eq!(resolve("/api/payments/options"), Some(PaymentsRoute::Options));
        assert_eq!(resolve("/api/payments/checkout"), Some(PaymentsRoute::Checkout));
        assert!(matches!(resolve("/api/payments/stripe/webhook"), Some(WebhookRoute::Stripe)));
        assert_eq!(resolve::<PaymentsRoute>("/api/payments/stripe/webhook"), None);
        assert_eq!(resolve(&format!("/api/payments/{payment}")), Some(PaymentsRoute::Payment(payment.into())));
        assert_eq!(resolve(&format!("/api/payments/{payment}/confirm")), Some(PaymentsRoute::Confirm(payment.into())));
        assert_eq!(resolve(&format!("/api/me/billing/{plan}/card")), Some(PaymentsRoute::Card(plan.into())));
        assert_eq!(PaymentsRoute::Card(plan.into()).methods(), [HttpMethod::POST, HttpMethod::PUT]);
        let receipt = format!("/api/me/billing/receipts/{}", "a".repeat(32));
        assert_eq!(resolve(&receipt), Some(PaymentsRoute::Receipt("a".repeat(32))));
        assert_eq!(resolve("/api/staff/payments.csv"), Some(StaffPaymentsRoute::Csv));
        assert_eq!(resolve("/api/staff/payments/manual"), Some(StaffPaymentsRoute::Manual));
        assert_eq!(resolve("/api/staff/payments/receipts"), Some(StaffPaymentsRoute::ReceiptUpload));
        let complete = format!("/api/staff/payments/receipts/{}/complete", "b".repeat(24));
        assert_eq!(resolve(&complete), Some(StaffPaymentsRoute::ReceiptComplete("b".repeat(24))));
        let receipt = format!("/api/staff/payments/{}/receipt", "c".repeat(32));
        assert_eq!(resolve(&receipt), Some(StaffPaymentsRoute::PaymentReceipt("c".repeat(32))));
        assert_eq!(
            resolve(&format!("/api/staff/payments/{payment}/refund")),
            Some(StaffPaymentsRoute::Refund(payment.into()))
        );
        assert_eq!(resolve(&format!("/api/staff/plans/{plan}/due")), Some(StaffPaymentsRoute::PlanDue(plan.into())));
    }
}
